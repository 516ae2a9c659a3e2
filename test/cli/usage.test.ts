import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, REPO_ROOT } from './cliHarness';

const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

interface UsageCase {
  readonly name: string;
  readonly argv: readonly string[];
  /** what stderr must contain: the bad flag or value, named */
  readonly message: string;
}

const USAGE_ERRORS: readonly UsageCase[] = [
  { name: 'an unknown command', argv: ['bogus'], message: "error: unknown command 'bogus'" },
  { name: 'an unknown flag', argv: ['decide', '--bogus'], message: "error: unknown option '--bogus'" },
  {
    name: 'a flag with no value',
    argv: ['decide', '--tool'],
    message: "error: option '--tool <name>' argument missing",
  },
  {
    name: 'a state that is not one',
    argv: ['decide', '--state', 'IDLE'],
    message:
      "error: option '--state <state>' argument 'IDLE' is invalid. Allowed choices are REQUEST, REASONING, ACTION.",
  },
  {
    name: 'a safe mode that is not on or off',
    argv: ['decide', '--safe-mode', 'maybe'],
    message: "error: option '--safe-mode <mode>' argument 'maybe' is invalid. Allowed choices are on, off.",
  },
  {
    name: 'an unknown locale',
    argv: ['explain', '--locale', 'de'],
    message: "error: option '--locale <locale>' argument 'de' is invalid. Allowed choices are en, ru.",
  },
  {
    name: '--args that is not JSON',
    argv: ['decide', '--tool', 'x', '--args', '{bad'],
    message:
      "error: option '--args <json>' argument '{bad' is invalid. --args must be a JSON object like '{\"path\":\"src/a.ts\"}': ",
  },
  {
    name: '--args that is a JSON array',
    argv: ['decide', '--tool', 'x', '--args', '[1]'],
    message:
      "error: option '--args <json>' argument '[1]' is invalid. --args must be a JSON object like '{\"path\":\"src/a.ts\"}', got an array",
  },
  { name: '--args without --tool', argv: ['decide', '--args', '{}'], message: 'error: --args needs --tool' },
  { name: 'an empty --tool', argv: ['decide', '--tool', ''], message: 'error: --tool must not be empty' },
  {
    name: 'an empty --workspace',
    argv: ['decide', '--workspace', '', '--tool', 'read_file'],
    message: 'error: --workspace must not be empty',
  },
  {
    name: 'an empty --session',
    argv: ['decide', '--session', '', '--tool', 'read_file'],
    message: 'error: --session must be 1 to 256 characters, got 0',
  },
  {
    name: 'a --session longer than a session id may be',
    argv: ['explain', '--session', 's'.repeat(300), '--tool', 'read_file'],
    message: 'error: --session must be 1 to 256 characters, got 300',
  },
  {
    name: '--state ACTION without --intent',
    argv: ['decide', '--state', 'ACTION'],
    message: 'error: --state ACTION needs --intent ID',
  },
  {
    name: '--intent in REQUEST',
    argv: ['explain', '--state', 'REQUEST', '--intent', 'INT-001'],
    message: 'error: --intent INT-001 cannot be used with --state REQUEST',
  },
  {
    name: 'an unknown intent',
    argv: ['decide', '--intent', 'INT-404', '--tool', 'read_file'],
    message: 'error: --intent INT-404: no such intent; the intents are INT-001, INT-002',
  },
  {
    name: 'an argument matrix does not take',
    argv: ['matrix', 'extra'],
    message: "error: too many arguments for 'matrix'. Expected 0 arguments but got 1.",
  },
  { name: 'tokens without a catalog', argv: ['tokens'], message: "error: missing required argument 'catalog'" },
  {
    name: 'a port that is not a number',
    argv: ['serve', '--port', 'eighty'],
    message: "error: --port must be an integer from 0 to 65535, got 'eighty'",
  },
  { name: 'an empty host', argv: ['serve', '--host', '', '--port', '0'], message: 'error: --host must not be empty' },
  {
    name: 'a prefix the service refuses',
    argv: ['serve', '--port', '0', '--prefix', 'slavik/'],
    message: "prefix: a prefix is empty or '/'-separated segments",
  },
  { name: 'policy with neither flag', argv: ['policy'], message: 'error: policy needs --schema or --check FILE' },
  {
    name: 'policy with both flags',
    argv: ['policy', '--schema', '--check', 'p.yaml'],
    message: "error: option '--schema' cannot be used with option '--check <file>'",
  },
];

describe('usage errors exit 2 and name the bad flag or value', () => {
  it.each(USAGE_ERRORS)('$name', async ({ argv, message }) => {
    const run = await cli(argv, { cwd: makeWorkspace({ intentsYaml: INTENTS_YAML }) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('(add --help for usage)');
    expect(run.stdout).toBe('');
  });

  it('shows the help on stderr and exits 2 when no command is given', async () => {
    const run = await cli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: intentgate [options] [command]');
  });

  it('reads PORT from the run environment and names it when it is bad', async () => {
    const run = await cli(['serve'], { env: { PORT: 'http' } });
    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 2,
      stderr: "error: PORT must be an integer from 0 to 65535, got 'http'\n(add --help for usage)\n",
    });
  });
});

describe('help and version', () => {
  it('prints the version from package.json', async () => {
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('lists every command in the top-level help', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['decide', 'explain', 'matrix', 'tokens', 'serve', 'policy'])
      expect(run.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it.each(['decide', 'explain', 'matrix', 'tokens', 'serve', 'policy'])('has --help on %s', async (command) => {
    const run = await cli([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Usage: intentgate ${command} [options]`);
    expect(run.stderr).toBe('');
  });
});
