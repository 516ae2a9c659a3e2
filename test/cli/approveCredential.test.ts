import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/governor/createGovernor';
import { registerHookAdapter } from '../../src/hooks/hookAdapters';
import { quoteArgv } from '../../src/text/quoteArgv';
import { testHookAdapter } from '../hooks/testHookAdapter';
import { humanHome, writeTokenFile, type HumanHome } from '../support/approvalCredential';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, REPO_ROOT } from './cliHarness';

// `intentgate approve` needs the approval credential and a human: a y at an interactive terminal,
// or the credential named with --token-file on a session started under it. Whatever is missing,
// it exits 3, says what, and the session gains nothing.

let unregister: () => void = () => undefined;
beforeAll(() => {
  unregister = registerHookAdapter(testHookAdapter);
});
afterAll(() => unregister());

const WRITE = { event: 'pre', tool: 'write_to_file', args: { path: 'src/auth/login.ts', content: 'x' } };

async function hook(root: string, human: HumanHome, event: Record<string, unknown>): Promise<Record<string, unknown>> {
  const run = await cli(['hook', 'test-agent', '--workspace', root], {
    stdin: JSON.stringify({ session: 's1', ...event }),
    env: human.env,
  });
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** A workspace whose session s1, started by a hook in `human`'s environment, holds a write (approval-1). */
async function holding(human: HumanHome): Promise<string> {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  await hook(root, human, { event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
  expect(await hook(root, human, WRITE)).toMatchObject({ answer: 'ask', code: 'needs_approval' });
  return root;
}

const otherFile = (): string =>
  path.join(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'agent-made-')), 'token');

interface Refusal {
  readonly name: string;
  /** the human's home as the hook saw it */
  readonly credentialAtStart: boolean;
  /** what happens between the hold and the attempt (made by whoever attempts) */
  readonly then?: (human: HumanHome, root: string) => void;
  /** the approve arguments after --workspace */
  readonly argv: (human: HumanHome, root: string) => readonly string[];
  readonly env?: (human: HumanHome) => NodeJS.ProcessEnv;
  readonly stderr: string | RegExp;
}

const refusals: readonly Refusal[] = [
  {
    name: 'refuses when there is no credential at all',
    credentialAtStart: false,
    argv: () => ['--session', 's1', 'FS_DELETE_OVERWRITE'],
    stderr: new RegExp(
      String.raw`^refused: approving needs the approval credential, and there is none at .*approval-token: ` +
        'create it once, in your own terminal, with `intentgate approve --init`',
    ),
  },
  {
    name: "refuses, with no terminal, the credential at its default place (an agent's shell tool has no terminal)",
    credentialAtStart: true,
    argv: () => ['--session', 's1', 'FS_DELETE_OVERWRITE'],
    stderr: 'refused: approving needs a human at an interactive terminal to confirm (stdin and stdout a terminal',
  },
  {
    name: 'refuses the credential named by INTENTGATE_APPROVAL_TOKEN_FILE without a terminal',
    credentialAtStart: true,
    argv: () => ['--session', 's1', 'FS_DELETE_OVERWRITE'],
    env: (human) => ({ ...human.env, INTENTGATE_APPROVAL_TOKEN_FILE: human.tokenFile }),
    stderr: 'refused: approving needs a human at an interactive terminal',
  },
  {
    name: "refuses a token file of the agent's own making, named with --token-file",
    credentialAtStart: true,
    argv: () => [
      '--token-file',
      writeTokenFile(otherFile(), 'made-by-the-agent-0123456789abcdef0123'),
      '--session',
      's1',
      'FS_DELETE_OVERWRITE',
    ],
    stderr: /^refused: the approval token in .* is not the one this session was started under/,
  },
  {
    name: 'refuses --token-file on a session started before the credential existed',
    credentialAtStart: false,
    then: (human) => writeTokenFile(human.tokenFile, 'made-after-the-session-0123456789abcdef'),
    argv: (human) => ['--token-file', human.tokenFile, '--session', 's1', '--held', 'approval-1'],
    stderr: 'this session was started before the credential existed, so only a confirmation at a terminal answers it',
  },
  {
    name: 'refuses a credential others may read',
    credentialAtStart: true,
    then: (human) => chmodSync(human.tokenFile, 0o644),
    argv: (human) => ['--token-file', human.tokenFile, '--session', 's1', 'FS_DELETE_OVERWRITE'],
    stderr: 'cannot be trusted: its permissions are 644; make it owner-only with chmod 600',
  },
  {
    name: 'refuses a credential inside the workspace',
    credentialAtStart: true,
    argv: (_human, root) => [
      '--token-file',
      writeTokenFile(path.join(root, 'token'), 'in-the-workspace-0123456789abcdef0123'),
      '--session',
      's1',
      'FS_DELETE_OVERWRITE',
    ],
    stderr: "where the agent's tools read",
  },
  {
    name: "refuses a link in the credential's place",
    credentialAtStart: true,
    argv: (human) => {
      const link = otherFile();
      symlinkSync(human.tokenFile, link);
      return ['--token-file', link, '--session', 's1', 'FS_DELETE_OVERWRITE'];
    },
    stderr: 'it is not a regular file (a link or a folder is in its place)',
  },
];

describe('intentgate approve without the credential and a human', () => {
  it.each(refusals)('$name, and the session gains nothing', async ({ credentialAtStart, then, argv, env, stderr }) => {
    const human = humanHome({ credential: credentialAtStart });
    const root = await holding(human);
    then?.(human, root);
    const run = await cli(['approve', '--workspace', root, ...argv(human, root)], { env: env?.(human) ?? human.env });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 3, stdout: '' });
    expect(run.stderr).toMatch(stderr);
    expect(await hook(root, human, WRITE)).toMatchObject({ answer: 'ask', code: 'needs_approval' });
  });

  it("refuses --init without a terminal: creating the credential is a human's setup step", async () => {
    const human = humanHome({ credential: false });
    const run = await cli(['approve', '--init'], { env: human.env });
    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 3,
      stderr: "refused: --init is a human's setup step: run it in your own terminal (stdin and stdout a terminal)\n",
    });
    expect(existsSync(human.tokenFile)).toBe(false);
  });

  it("approves with the session's own credential named with --token-file", async () => {
    const human = humanHome();
    const root = await holding(human);
    const run = await cli(
      ['approve', '--workspace', root, '--token-file', human.tokenFile, '--session', 's1', 'FS_DELETE_OVERWRITE'],
      { env: human.env },
    );
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(await hook(root, human, WRITE)).toEqual({ answer: 'allow', code: 'destructive_in_scope' });
  });
});

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const CLI_WITH_TEST_AGENT = path.join(REPO_ROOT, 'test', 'cli', 'fixtures', 'cliWithTestAgent.ts');

/** The CLI in a terminal of its own (`script` gives it a pseudo-terminal), `input` typed into it. */
function atTerminal(
  argv: readonly string[],
  human: HumanHome,
  input: string,
): Promise<{ code: number | null; output: string }> {
  const command = quoteArgv([process.execPath, '--import', TSX_LOADER, CLI_WITH_TEST_AGENT, ...argv]);
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { ...human.env, TERM: 'dumb' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stdin.end(input);
  // a backstop: a run that hangs is killed, and then has no exit code of its own
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
}

describe.skipIf(!existsSync('/usr/bin/script'))('intentgate approve at an interactive terminal', () => {
  it('--init creates an owner-only credential with a random token', async () => {
    const human = humanHome({ credential: false });
    const run = await atTerminal(['approve', '--init'], human, '');
    expect(run.output).toContain(`Created the approval credential ${human.tokenFile} (owner-only)`);
    expect(run.code).toBe(0);
    expect(statSync(human.tokenFile).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(human.tokenFile)).mode & 0o777).toBe(0o700);
  });

  it.each([
    {
      name: 'approves when the human answers y',
      input: 'y\n',
      code: 0,
      output: 'Approved FS_DELETE_OVERWRITE for agent session s1',
      after: 'allow',
    },
    {
      name: 'refuses when the human answers n',
      input: 'n\n',
      code: 3,
      output: 'refused: not approved: the answer was not y',
      after: 'ask',
    },
  ])('asks which categories for which session, and $name', async ({ input, code, output, after }) => {
    const human = humanHome();
    const root = await holding(human);
    const run = await atTerminal(
      ['approve', '--workspace', root, '--session', 's1', 'FS_DELETE_OVERWRITE'],
      human,
      input,
    );
    expect(run.output).toContain('Approve FS_DELETE_OVERWRITE for session s1? [y/N]');
    expect(run.output).toContain(output);
    expect(run.code).toBe(code);
    expect(await hook(root, human, WRITE)).toMatchObject({ answer: after });
  });
});

// docs/cli.md's policy line, for agents that can give a command a terminal (Codex's tty)
const DENY_SELF_APPROVAL = {
  prefix: 'intentgate approve',
  decision: 'deny' as const,
  examples: ['intentgate approve --session s SUDO'],
};

describe("a policy rule that refuses the agent's own intentgate approve", () => {
  it.each([
    { name: 'as installed on PATH', command: 'intentgate approve --session s SUDO EXEC_ARBITRARY' },
    { name: 'through npx', command: 'npx intentgate approve --session s --held approval-1' },
    { name: 'by its path', command: './node_modules/.bin/intentgate approve --session s SUDO' },
    { name: 'behind env', command: 'env A=1 intentgate approve --session s SUDO' },
  ])('denies it $name', ({ command }) => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      trace: () => undefined,
      shell: { rules: [DENY_SELF_APPROVAL] },
    });
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    governor.approveSession(['EXEC_ARBITRARY']);
    expect(governor.handleToolCall('execute_command', { command })).toMatchObject({
      verdict: 'deny',
      code: 'command_denied',
    });
  });
});
