import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHookAdapter } from '../../src/hooks/hookAdapters';
import { testHookAdapter } from '../hooks/testHookAdapter';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { humanHome } from '../support/approvalCredential';
import { cli } from './cliHarness';

let unregister: () => void = () => undefined;
beforeAll(() => {
  unregister = registerHookAdapter(testHookAdapter);
});
afterAll(() => unregister());

// the human's home, where the hooks find the credential a session is bound to and the human keeps it
const human = humanHome();

const WRITE = { event: 'pre', tool: 'write_to_file', args: { path: 'src/auth/login.ts', content: 'x' } };

/** One hook run of the test agent's session s1; its answer. */
async function hook(root: string, event: Record<string, unknown>): Promise<Record<string, unknown>> {
  const run = await cli(['hook', 'test-agent', '--workspace', root], {
    stdin: JSON.stringify({ session: 's1', ...event }),
    env: human.env,
  });
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** `intentgate approve` as the human runs it: the credential named with --token-file. */
const approve = (root: string, ...argv: string[]) =>
  cli(['approve', '--workspace', root, '--token-file', human.tokenFile, ...argv], { env: human.env });

/** A workspace whose session s1 holds a write in scope for approval (approval-1). */
async function holding(): Promise<string> {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  await hook(root, { event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
  expect(await hook(root, WRITE)).toMatchObject({ answer: 'ask', code: 'needs_approval' });
  return root;
}

describe('intentgate approve', () => {
  it('approves categories for the agent session: the next call of theirs runs', async () => {
    const root = await holding();
    const run = await approve(root, '--session', 's1', 'FS_DELETE_OVERWRITE');
    expect({ code: run.code, stdout: run.stdout }).toEqual({
      code: 0,
      stdout: 'Approved FS_DELETE_OVERWRITE for agent session s1; approved now: FS_DELETE_OVERWRITE.\n',
    });
    expect(await hook(root, WRITE)).toEqual({ answer: 'allow', code: 'destructive_in_scope' });
  });

  it('gives a grant narrowed to a folder, which covers writes there and no others, and revokes it', async () => {
    const root = await holding();
    const run = await approve(
      root,
      '--session',
      's1',
      'FS_DELETE_OVERWRITE',
      '--path',
      'src/auth/**',
      '--until',
      'intent',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'Granted grant-1 (FS_DELETE_OVERWRITE for paths src/auth/** while intent INT-001 is active) in agent session s1.\n',
    );
    expect(await hook(root, WRITE)).toEqual({ answer: 'allow', code: 'destructive_in_scope' });
    expect(await hook(root, { ...WRITE, args: { path: 'tests/auth/a.ts', content: 'x' } })).toMatchObject({
      answer: 'ask',
      code: 'needs_approval',
    });
    expect((await approve(root, '--session', 's1', '--revoke', 'grant-1')).stdout).toBe(
      'Revoked grant-1 in agent session s1.\n',
    );
    expect(await hook(root, WRITE)).toMatchObject({ answer: 'ask', code: 'needs_approval' });
  });

  it.each([
    {
      name: 'a lifetime that is not one',
      argv: ['FS_DELETE_OVERWRITE', '--until', 'forever'],
      code: 2,
      stderr: "--until must be session or intent, got 'forever'",
    },
    {
      name: 'a time that is not one',
      argv: ['FS_DELETE_OVERWRITE', '--ttl', 'soon'],
      code: 2,
      stderr: "--ttl must be a number of seconds above 0, got 'soon'",
    },
    {
      name: 'a glob outside the workspace',
      argv: ['FS_DELETE_OVERWRITE', '--path', '/etc/**'],
      code: 1,
      stderr: 'relative to the workspace root',
    },
    { name: 'a grant id no grant has', argv: ['--revoke', 'grant-7'], code: 1, stderr: "no live grant 'grant-7'" },
  ])('refuses $name', async ({ argv, code, stderr }) => {
    const root = await holding();
    const run = await approve(root, '--session', 's1', ...argv);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(stderr);
  });

  it('lists what waits for a human, with the command that answers each, needing no credential and changing nothing', async () => {
    const root = await holding();
    // the human's own folders, where the hooks keep the sessions and their key; no token file is named
    const run = await cli(['approve', '--workspace', root, '--list'], { env: human.env });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toBe(
      [
        'session s1 (test-agent):',
        '  approval-1  write_to_file  1) What I want to do: Call write_to_file: src/auth/login.ts',
        `    intentgate approve --workspace ${root} --session s1 --held approval-1`,
        '',
      ].join('\n'),
    );
    expect(await hook(root, WRITE)).toMatchObject({ answer: 'ask', code: 'needs_approval' });
    expect((await approve(root, '--session', 's1', '--held', 'approval-1')).stdout).toContain(
      "Continued 'write_to_file' (approval-1)",
    );
  });

  it('continues one held call: the retry of that very call runs once', async () => {
    const root = await holding();
    const run = await approve(root, '--session', 's1', '--held', 'approval-1');
    expect(run.stdout).toContain(
      "Continued 'write_to_file' (approval-1): the agent's next call of it with the same arguments runs once",
    );
    expect(await hook(root, WRITE)).toEqual({ answer: 'allow', code: 'approved_once' });
    expect(await hook(root, WRITE)).toMatchObject({ answer: 'ask', code: 'needs_approval' });
  });

  it("refuses to continue a held call that waited past the policy's heldCallTtlMs, and says so", async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const policy = path.join(root, 'intentgate.policy.yaml');
    writeFileSync(policy, 'version: 1\nheldCallTtlMs: 1\n');
    const run = (event: Record<string, unknown>) =>
      cli(['hook', 'test-agent', '--workspace', root, '--policy', policy], {
        stdin: JSON.stringify({ session: 's1', ...event }),
        env: human.env,
      });
    await run({ event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
    expect(JSON.parse((await run(WRITE)).stdout)).toMatchObject({ answer: 'ask' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = await cli(
      [
        'approve',
        '--workspace',
        root,
        '--policy',
        policy,
        '--token-file',
        human.tokenFile,
        '--session',
        's1',
        '--held',
        'approval-1',
      ],
      { env: human.env },
    );
    expect(answer.stdout).toContain('waited longer than a held call is kept');
    expect(JSON.parse((await run(WRITE)).stdout)).toMatchObject({ answer: 'ask', code: 'needs_approval' });
  });

  it('cancels one held call', async () => {
    const root = await holding();
    const run = await approve(root, '--session', 's1', '--held', 'approval-1', '--cancel');
    expect(run.stdout).toBe("Cancelled by a human: 'write_to_file' does not run.\n");
    // the human's no reaches the model: the very call is refused, not held again under a new id
    expect(await hook(root, WRITE)).toMatchObject({
      answer: 'deny',
      message: expect.stringContaining('A human cancelled this call; do not retry it'),
    });
    expect(await hook(root, { ...WRITE, args: { ...WRITE.args, content: 'another change' } })).toMatchObject({
      answer: 'ask',
      humanNote: expect.stringContaining('--held approval-2'),
    });
  });

  it('accepts a held change to the control files', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'hidden/\n' });
    await hook(root, { event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
    await approve(root, '--session', 's1', 'FS_DELETE_OVERWRITE');
    expect(await hook(root, WRITE)).toEqual({ answer: 'allow', code: 'destructive_in_scope' });
    writeFileSync(path.join(root, '.intentignore'), '');
    await hook(root, { event: 'prompt', prompt: 'next' });
    const held = await hook(root, { event: 'pre', tool: 'read_file', args: { path: 'hidden/a.txt' } });
    expect(held).toMatchObject({
      answer: 'ask',
      code: 'control_file_changed',
      humanNote: expect.stringContaining('--held approval-1'),
    });
    const run = await approve(root, '--session', 's1', '--held', 'approval-1');
    expect(run.stdout).toMatch(/^A human accepted the change to \.intentignore/);
    expect(await hook(root, { event: 'pre', tool: 'read_file', args: { path: 'hidden/a.txt' } })).toEqual({
      answer: 'allow',
      code: 'safe_tool',
    });
  });

  const refusals = [
    {
      name: 'refuses a session no hook started',
      argv: ['--session', 'nobody', 'SUDO'],
      code: 1,
      stderr: "error: no agent session 'nobody' is kept in",
    },
    {
      name: 'refuses an approval id nothing waits for',
      argv: ['--session', 's1', '--held', 'approval-9'],
      code: 1,
      stderr: "waits for approval 'approval-9'; waiting: 'approval-1'",
    },
    {
      name: 'refuses no categories and no --held',
      argv: ['--session', 's1'],
      code: 2,
      stderr: 'name the categories to approve',
    },
    {
      name: 'refuses an unknown category',
      argv: ['--session', 's1', 'EVERYTHING'],
      code: 2,
      stderr: "unknown category 'EVERYTHING'",
    },
    {
      name: 'refuses categories with --held',
      argv: ['--session', 's1', 'SUDO', '--held', 'approval-1'],
      code: 2,
      stderr: 'not both',
    },
    {
      name: 'refuses --cancel without --held',
      argv: ['--session', 's1', '--cancel'],
      code: 2,
      stderr: '--cancel answers one held call',
    },
  ];

  it.each(refusals)('$name', async ({ argv, code, stderr }) => {
    const root = await holding();
    const run = await approve(root, ...argv);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(stderr);
  });
});
