import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookStore } from '../../src/cli/hookSettings';
import { registerHookAdapter } from '../../src/hooks/hookAdapters';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { stateSessionsDir } from '../../src/sessions/stateSessionsDir';
import { testHookAdapter } from '../hooks/testHookAdapter';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli, memoryIo, tempFile } from './cliHarness';

let unregister: () => void = () => undefined;
beforeAll(() => {
  unregister = registerHookAdapter(testHookAdapter);
});
afterAll(() => unregister());

// a home of its own: the hook keeps its sessions in the user's state folder, its key in the config folder
const ENV: NodeJS.ProcessEnv = {
  HOME: mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'hook-home-')),
};

/** One hook run of the test agent in `root`: a new process as far as the session store can tell. */
async function hook(root: string, event: Record<string, unknown>, extra: readonly string[] = []) {
  const run = await cli(['hook', 'test-agent', '--workspace', root, ...extra], {
    stdin: JSON.stringify({ session: 's1', ...event }),
    env: ENV,
  });
  const answer = run.stdout === '' ? undefined : (JSON.parse(run.stdout) as Record<string, unknown>);
  return { ...run, answer };
}

describe('intentgate hook', () => {
  it('keeps the session between runs: a prompt, a selection, then a write in scope held for approval', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const prompted = await hook(root, { event: 'prompt', prompt: 'add login' });
    expect(prompted.answer).toMatchObject({
      answer: 'proceed',
      context: expect.stringContaining('select_active_intent'),
    });
    expect(
      (await hook(root, { event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } })).answer,
    ).toEqual({ answer: 'allow', code: 'intent_selected' });
    const held = await hook(root, {
      event: 'pre',
      tool: 'write_to_file',
      args: { path: 'src/auth/login.ts', content: 'x' },
    });
    expect(held.answer).toMatchObject({ answer: 'ask', code: 'needs_approval' });
    expect(String(held.answer?.message)).toContain('Only a human can approve this call (approval-1)');
    expect(String(held.answer?.humanNote)).toContain(
      `intentgate approve --workspace ${root} --session s1 --held approval-1`,
    );
    expect(held.code).toBe(0);
  });

  it("denies with the agent's block and exit code", async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const denied = await hook(root, { event: 'pre', tool: 'write_to_file', args: { path: 'src/a.ts', content: 'x' } });
    expect({ code: denied.code, answer: denied.answer?.answer, decision: denied.answer?.code }).toEqual({
      code: 2,
      answer: 'deny',
      decision: 'state_violation',
    });
  });

  it("classifies the agent's own tools by its preset, under the policy's classification", async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const note = { event: 'pre', tool: 'take_note', args: {} };
    expect((await hook(root, note)).answer).toEqual({ answer: 'allow', code: 'safe_tool' });
    const policy = tempFile('policy.yaml', 'version: 1\nclassification:\n  take_note: DESTRUCTIVE\n');
    expect((await hook(root, note, ['--policy', policy])).answer).toMatchObject({
      answer: 'deny',
      code: 'state_violation',
    });
  });

  it('answers the failure of the adapter for stdin that is not JSON', async () => {
    const run = await cli(['hook', 'test-agent', '--workspace', makeWorkspace()], { stdin: '{ not json' });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({
      answer: 'block',
      message: expect.stringMatching(/^intentgate: the hook event is not JSON/),
    });
  });

  it('answers the failure of the adapter for stdin larger than 4 MiB', async () => {
    const run = await cli(['hook', 'test-agent', '--workspace', makeWorkspace()], {
      stdin: `"${'x'.repeat(4 * 1024 * 1024)}"`,
    });
    expect(JSON.parse(run.stdout)).toEqual({
      answer: 'block',
      message: 'intentgate: the hook event on stdin is larger than 4194304 bytes',
    });
  });

  it('answers the failure of the adapter for an event it cannot read', async () => {
    const run = await hook(makeWorkspace(), { event: 'strange' });
    expect(run.answer).toEqual({
      answer: 'block',
      message: 'intentgate: cannot read the hook event: unknown event strange',
    });
  });

  it('passes an event the governor has nothing to say about, reading no policy', async () => {
    const run = await hook(makeWorkspace(), { event: 'note' }, ['--policy', '/nonexistent/policy.yaml']);
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 0,
      stdout: '',
      stderr: 'passed note\n',
    });
  });

  it('blocks when the policy cannot be loaded', async () => {
    const run = await hook(makeWorkspace(), { event: 'pre', tool: 'read_file', args: { path: 'a' } }, [
      '--policy',
      tempFile('policy.yaml', 'governor: ['),
    ]);
    expect(run.answer).toMatchObject({
      answer: 'block',
      message: expect.stringMatching(/^intentgate failed, so the call is blocked: /),
    });
  });

  it('denies with session_store_unavailable when the session file is corrupt', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await hook(root, { event: 'prompt', prompt: 'x' });
    writeFileSync(sessionPaths(stateSessionsDir(path.join(root, '.orchestration'), ENV), 's1').file, '[]');
    expect((await hook(root, { event: 'pre', tool: 'read_file', args: { path: 'a' } })).answer).toMatchObject({
      answer: 'deny',
      code: 'session_store_unavailable',
    });
  });

  it('keeps nothing without the orchestration directory, and refuses by the fail-safe', async () => {
    const root = makeWorkspace({ orchestration: false });
    expect((await hook(root, { event: 'pre', tool: 'read_file', args: { path: 'a' } })).answer).toMatchObject({
      answer: 'deny',
      code: 'orchestration_missing',
    });
    expect(readdirSync(root)).toEqual([]);
  });

  it('uses the sessions of --orchestration-dir', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const elsewhere = path.dirname(tempFile('x', ''));
    await hook(root, { event: 'prompt', prompt: 'x' }, ['--orchestration-dir', elsewhere]);
    expect(existsSync(stateSessionsDir(elsewhere, ENV))).toBe(true);
    expect(existsSync(stateSessionsDir(path.join(root, '.orchestration'), ENV))).toBe(false);
    expect(existsSync(path.join(elsewhere, 'sessions'))).toBe(false);
  });

  it('refuses an unknown agent with the list of agents', async () => {
    const run = await cli(['hook', 'no-such-agent'], { stdin: '{}' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("error: unknown agent 'no-such-agent'; intentgate answers the hooks of ");
    expect(run.stderr).toContain('test-agent');
  });

  it('blocks when the --server cannot be reached', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const run = await hook(makeWorkspace(), { event: 'pre', tool: 'read_file', args: { path: 'a' } }, [
      '--server',
      `http://127.0.0.1:${port}`,
    ]);
    expect(run.code).toBe(2);
    expect(run.answer).toMatchObject({
      answer: 'block',
      message: expect.stringContaining(`the intentgate service at http://127.0.0.1:${port} cannot be reached`),
    });
  });

  it('does not wait forever for stdin that never ends', async () => {
    const io = memoryIo();
    const { PassThrough } = await import('node:stream');
    const open = new PassThrough();
    const { runCli } = await import('../../src/cli/runCli');
    const code = await runCli(['hook', 'test-agent', '--workspace', makeWorkspace()], { ...io, stdin: open });
    expect(code).toBe(2);
    // the hook's own deadline answered: a hook waiting forever would end at the test's backstop, with no answer
    expect(JSON.parse(io.stdout.text)).toEqual({
      answer: 'block',
      message: 'intentgate: no complete hook event arrived on stdin within 5000 ms',
    });
  });
});

describe('the workspace of a hook', () => {
  const io = (cwd: string) => memoryIo({ cwd });
  const cases = [
    {
      name: 'is the --workspace flag first',
      flags: { workspace: 'flagged' },
      projectDir: '/agent/project',
      expected: '/cwd/flagged',
    },
    {
      name: "is the agent's project folder without a flag",
      flags: {},
      projectDir: '/agent/project',
      expected: '/agent/project',
    },
    { name: 'is the working directory without either', flags: {}, projectDir: undefined, expected: '/cwd' },
  ];
  it.each(cases)('$name', ({ flags, projectDir, expected }) => {
    expect(hookStore(flags, io('/cwd'), projectDir).workspace).toBe(expected);
  });

  it("is the policy's before the agent's project folder", () => {
    const policy = tempFile('policy.yaml', 'version: 1\nworkspaceRoot: /from/policy\n');
    expect(hookStore({ policy }, io('/cwd'), '/agent/project').workspace).toBe('/from/policy');
  });
});
