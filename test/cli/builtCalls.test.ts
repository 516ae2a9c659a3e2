import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_COMMAND_FAMILIES } from '../../src/shell/programs/builtinCommandFamilies';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, REPO_ROOT, tempFile } from './cliHarness';

// the executable as `npm run build` writes it: its calls bundle starts the policy modules only for
// --policy, and its zod validates without compiled parsers, so each answer is compared with the sources'
const BUILT_CLI = path.join(REPO_ROOT, 'dist', 'cli.cjs');

const DECIDE_LINE = `${JSON.stringify({ tool: 'execute_command', args: { command: 'git status && npm test' } })}\n`;

const hookEvent = (workspace: string): string =>
  JSON.stringify({
    session_id: 'built-calls',
    cwd: workspace,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'git status && npm test' },
    tool_use_id: 'toolu_built',
    permission_mode: 'default',
  });

// every name and alias of every built-in family: the built bundle knows them without starting the families' modules
const EVERY_PROGRAM = BUILTIN_COMMAND_FAMILIES.flatMap((family) =>
  family.programs.flatMap((program) => program.split(' ')),
)
  .map((name) => `${JSON.stringify({ tool: 'execute_command', args: { command: `${name} -x src/a.ts out/b.ts` } })}\n`)
  .join('');

interface Case {
  readonly name: string;
  /** the arguments before the flags the test adds */
  readonly argv: readonly string[];
  readonly stdin: (workspace: string) => string;
  /** the text of the --policy file; 'missing' names a file that is not there */
  readonly policy?: string;
}

const VALID_POLICY = 'version: 1\nsafeMode: true\n';
const INVALID_POLICY = 'version: 1\nbogus: 1\n';

const cases: readonly Case[] = [
  { name: 'decide without a policy', argv: ['decide'], stdin: () => DECIDE_LINE },
  { name: 'decide with a policy', argv: ['decide'], stdin: () => DECIDE_LINE, policy: VALID_POLICY },
  { name: 'decide with an invalid policy', argv: ['decide'], stdin: () => DECIDE_LINE, policy: INVALID_POLICY },
  { name: 'decide with a missing policy', argv: ['decide'], stdin: () => DECIDE_LINE, policy: 'missing' },
  {
    name: 'decide with bad lines among good ones',
    argv: ['decide'],
    stdin: () => `{"tool": 5}\nnot json\n{"tool":"read_file","args":{"path":"src/a.ts","extra":[1]}}\n{"args":{}}\n`,
  },
  { name: 'decide of every built-in program', argv: ['decide'], stdin: () => EVERY_PROGRAM },
  { name: 'hook without a policy', argv: ['hook', 'claude-code'], stdin: hookEvent },
  {
    name: 'hook with an event of the wrong shape',
    argv: ['hook', 'claude-code'],
    stdin: () => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 7, tool_input: [] }),
  },
  {
    name: 'hook with an event missing its session',
    argv: ['hook', 'claude-code'],
    stdin: (workspace) => JSON.stringify({ ...(JSON.parse(hookEvent(workspace)) as object), session_id: undefined }),
  },
  { name: 'hook with a policy', argv: ['hook', 'claude-code'], stdin: hookEvent, policy: VALID_POLICY },
  { name: 'hook with an invalid policy', argv: ['hook', 'claude-code'], stdin: hookEvent, policy: INVALID_POLICY },
];

function policyFlag(policy: string | undefined): readonly string[] {
  if (policy === undefined) return [];
  const file =
    policy === 'missing'
      ? path.join(path.dirname(tempFile('placeholder', '')), 'none.yaml')
      : tempFile('policy.yaml', policy);
  return ['--policy', file];
}

describe.skipIf(!existsSync(BUILT_CLI))('the built calls bundle', () => {
  it.each(cases)('answers as the sources do: $name', async ({ argv, stdin, policy }) => {
    // each run gets its own workspace: a hook keeps its session there
    const builtWorkspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const sourceWorkspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const flags = policyFlag(policy);
    const built = spawnSync(process.execPath, [BUILT_CLI, ...argv, '--workspace', builtWorkspace, ...flags], {
      input: stdin(builtWorkspace),
      encoding: 'utf8',
      timeout: 20_000,
      // every built-in program's decision is over spawnSync's default 1 MiB of output
      maxBuffer: 64 * 1024 * 1024,
    });
    const fromSource = await cli([...argv, '--workspace', sourceWorkspace, ...flags], {
      stdin: stdin(sourceWorkspace),
      cwd: sourceWorkspace,
    });
    const same = (text: string, workspace: string) => text.split(workspace).join('<workspace>');
    expect({
      code: built.status,
      stdout: same(built.stdout, builtWorkspace),
      stderr: same(built.stderr, builtWorkspace),
    }).toEqual({
      code: fromSource.code,
      stdout: same(fromSource.stdout, sourceWorkspace),
      stderr: same(fromSource.stderr, sourceWorkspace),
    });
  });
});
