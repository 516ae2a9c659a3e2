import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { commandOfContainedLine } from '../../src/containment/containedShellLine';
import { memoryIo } from '../cli/cliHarness';
import { BWRAP } from './sandboxSupport';
import { makeWorkspace } from '../support/workspace';

// `intentgate hook claude-code` as Claude Code runs it, one event per run, the session kept in
// the workspace: with bubblewrap on PATH an allowed Bash call comes back as updatedInput, whose
// line real bash then runs; without it the policy's mode decides.

const NO_BWRAP = '/nonexistent-intentgate-test';
const INTENTS = `active_intents:
  - id: INT-001
    name: Work in src
    owned_scope: [src/**]
    approvals:
      - categories: [EXEC_ARBITRARY, FS_DELETE_OVERWRITE]
`;
const INLINE = `python3 -c "open('src/a.txt','w').write('x'); open('docs/b.txt','w').write('y')"`;

interface Workspace {
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  readonly flags: readonly string[];
}

function workspace(path_: string, policy?: string): Workspace {
  const root = realpathSync(makeWorkspace({ intentsYaml: INTENTS }));
  for (const folder of ['src', 'docs']) mkdirSync(path.join(root, folder));
  const cache = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'cache-'));
  const flags = ['--workspace', root];
  if (policy !== undefined) {
    writeFileSync(path.join(root, 'intentgate.policy.yaml'), policy);
    flags.push('--policy', path.join(root, 'intentgate.policy.yaml'));
  }
  return {
    root,
    env: { PATH: path_, HOME: root, XDG_CACHE_HOME: cache, XDG_CONFIG_HOME: path.join(cache, 'config') },
    flags,
  };
}

/** One Claude Code event through the hook command: its exit code and stdout read as JSON. */
async function hook(
  space: Workspace,
  event: Record<string, unknown>,
): Promise<{ readonly code: number; readonly body: Record<string, unknown> }> {
  const stdin = JSON.stringify({ session_id: 'sess-1', cwd: space.root, ...event });
  const io = memoryIo({ stdin, env: space.env, cwd: space.root });
  const code = await runCli(['hook', 'claude-code', ...space.flags], io);
  return { code, body: io.stdout.text.trim() === '' ? {} : (JSON.parse(io.stdout.text) as Record<string, unknown>) };
}

/** A session in ACTION on INT-001, then one Bash call: the hook's answer to it. */
async function bash(
  space: Workspace,
  command: string,
): Promise<{ readonly code: number; readonly body: Record<string, unknown> }> {
  await hook(space, { hook_event_name: 'UserPromptSubmit', prompt: 'work' });
  const selected = await hook(space, {
    hook_event_name: 'PreToolUse',
    tool_name: 'mcp__intentgate__select_active_intent',
    tool_input: { intent_id: 'INT-001' },
  });
  expect(selected.code).toBe(0);
  return hook(space, {
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command, description: 'write', run_in_background: false },
  });
}

const output = (body: Record<string, unknown>): Record<string, unknown> =>
  (body.hookSpecificOutput ?? {}) as Record<string, unknown>;

describe('intentgate hook claude-code without bubblewrap', () => {
  it('decides inline code by analysis alone under auto: held, its command untouched', async () => {
    const space = workspace(NO_BWRAP);
    const { code, body } = await bash(space, INLINE);
    expect(code).toBe(0);
    expect(output(body)).toMatchObject({ permissionDecision: 'ask' });
    expect(output(body).updatedInput).toBeUndefined();
    // the decision says it rests on analysis alone, and why
    const trace = readFileSync(path.join(space.root, '.orchestration', 'agent_trace.jsonl'), 'utf8');
    expect(trace).toContain('not_contained');
    expect(trace).toContain('bubblewrap (bwrap) is not installed');
  });

  it('refuses a shell command under required, saying what is missing', async () => {
    const space = workspace(NO_BWRAP, 'version: 1\ncontainment: required\n');
    const { body } = await bash(space, 'echo in > src/c.txt');
    expect(output(body)).toMatchObject({ permissionDecision: 'deny' });
    expect(String(output(body).permissionDecisionReason)).toContain('bubblewrap (bwrap) is not installed');
  });
});

describe.skipIf(BWRAP === undefined)('intentgate hook claude-code with bubblewrap', () => {
  const bwrapPath = (): string => `${path.dirname(BWRAP ?? '')}:${process.env.PATH ?? ''}`;

  it('answers inline code with updatedInput: the input as sent, its command the contained line, which bash runs contained', async () => {
    const space = workspace(bwrapPath());
    const { code, body } = await bash(space, INLINE);
    expect(code).toBe(0);
    const updated = output(body).updatedInput as Record<string, unknown>;
    expect(output(body).permissionDecision).toBeUndefined();
    expect(updated).toMatchObject({ description: 'write', run_in_background: false });
    expect(commandOfContainedLine(String(updated.command))).toBe(INLINE);
    // the mask sources are kept in the cache folder of the hook's environment
    expect(String(updated.command)).toContain(path.join(String(space.env.XDG_CACHE_HOME), 'intentgate', 'masks'));
    const run = spawnSync('bash', ['-c', String(updated.command)], { cwd: space.root, encoding: 'utf8' });
    expect(run.stderr).toContain('Read-only file system');
    expect(readFileSync(path.join(space.root, 'src', 'a.txt'), 'utf8')).toBe('x');
    expect(existsSync(path.join(space.root, 'docs', 'b.txt'))).toBe(false);
  });

  it('leaves the command as the model wrote it under containment: off', async () => {
    const space = workspace(bwrapPath(), 'version: 1\ncontainment: off\n');
    const { body } = await bash(space, INLINE);
    expect(output(body).updatedInput).toBeUndefined();
  });
});
