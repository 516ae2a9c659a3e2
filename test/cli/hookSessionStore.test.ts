import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFileSessions } from '../../src/sessions/fileSessions';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { stateSessionsDir } from '../../src/sessions/stateSessionsDir';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REPO_ROOT } from './cliHarness';

// Issue 33, finding 2, switched on: `intentgate hook` keeps its sessions in the user's state
// folder with a MAC on each file, so a session file forged in the workspace's old folder, or an
// edited file in the new one, is never restored.

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');

/** A home of its own: the session key, the approval token and the state folder live there. */
function homeEnv(): NodeJS.ProcessEnv {
  const home = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'hook-home-'));
  return { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' };
}

const claudeEvent = (root: string, session: string, name: string, fields: Record<string, unknown>) => ({
  session_id: session,
  transcript_path: `/home/dev/.claude/projects/x/${session}.jsonl`,
  cwd: root,
  permission_mode: 'default',
  hook_event_name: name,
  ...fields,
});

/** One event through a real `intentgate hook claude-code` process, as Claude Code runs it. */
function hook(
  root: string,
  env: NodeJS.ProcessEnv,
  session: string,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, 'hook', 'claude-code', '--workspace', root], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stdin.end(JSON.stringify(claudeEvent(root, session, name, fields)));
  // a backstop: a hook that hangs is killed
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout });
    }),
  );
}

/** Claude Code's answer: its permission decision (allow when there is no answer), and the reason. */
function answerOf(stdout: string): { readonly decision: string; readonly reason: string } {
  if (stdout.trim() === '') return { decision: 'allow', reason: '' };
  const output = JSON.parse(stdout) as {
    hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
  };
  return {
    decision: output.hookSpecificOutput?.permissionDecision ?? 'other',
    reason: output.hookSpecificOutput?.permissionDecisionReason ?? '',
  };
}

const SELECT = {
  tool_name: 'mcp__intentgate__select_active_intent',
  tool_input: { intent_id: 'INT-001' },
  tool_use_id: 't0',
};
const SUDO = { tool_name: 'Bash', tool_input: { command: 'sudo reboot' }, tool_use_id: 't1' };

/** Sets every `approvedCategories` list in a snapshot to every category: the edit a forger wants. */
function approveEverything(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'approvedCategories' && Array.isArray(inner))
      inner.push('SUDO', 'SYSTEM_IMPACT', 'EXEC_ARBITRARY', 'NETWORK_RISK');
    else approveEverything(inner);
  }
}

describe("intentgate hook's session store", () => {
  it('keeps sessions in the state folder, never in the workspace', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const env = homeEnv();
    await hook(root, env, 'kept-1', 'UserPromptSubmit', { prompt: 'add login' });
    const dir = stateSessionsDir(path.join(root, '.orchestration'), env);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^[0-9a-f]{40}\.json$/)]);
    expect(JSON.parse(readFileSync(path.join(dir, readdirSync(dir)[0] ?? ''), 'utf8'))).toMatchObject({
      version: 2,
      mac: expect.stringMatching(/^[0-9a-f]+$/),
    });
    expect(existsSync(path.join(root, '.orchestration', 'sessions'))).toBe(false);
  });

  it('never restores a session file forged in the old folder in the workspace', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const env = homeEnv();
    // the forgery: a session in ACTION with SUDO approved, written where the store used to be (as tar -xP would)
    const forged = createFileSessions({ governor: { workspaceRoot: root, trace: () => undefined } });
    await forged.withSession('forged-1', (governor) => {
      governor.userPrompt('add login');
      governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
      governor.approveSession(['SUDO', 'SYSTEM_IMPACT']);
    });
    expect(existsSync(sessionPaths(path.join(root, '.orchestration', 'sessions'), 'forged-1').file)).toBe(true);
    const answer = answerOf((await hook(root, env, 'forged-1', 'PreToolUse', SUDO)).stdout);
    // the session starts afresh: no intent, no approvals, so the call is refused by the lifecycle
    expect(answer.decision).toBe('deny');
    expect(answer.reason).not.toContain('session_store_unavailable');
  });

  it('refuses every call of a session whose file in the state folder was edited (session_store_unavailable)', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const env = homeEnv();
    await hook(root, env, 'edited-1', 'UserPromptSubmit', { prompt: 'add login' });
    expect(answerOf((await hook(root, env, 'edited-1', 'PreToolUse', SELECT)).stdout).decision).toBe('allow');
    // a genuine session holds sudo for a human
    expect(answerOf((await hook(root, env, 'edited-1', 'PreToolUse', SUDO)).stdout).decision).toBe('ask');
    const file = sessionPaths(stateSessionsDir(path.join(root, '.orchestration'), env), 'edited-1').file;
    const before = readFileSync(file, 'utf8');
    const record = JSON.parse(before) as Record<string, unknown>;
    approveEverything(record.governor);
    const after = JSON.stringify(record);
    expect(after).not.toBe(before);
    writeFileSync(file, after);
    const answer = answerOf((await hook(root, env, 'edited-1', 'PreToolUse', { ...SUDO, tool_use_id: 't2' })).stdout);
    expect(answer.decision).toBe('deny');
    expect(answer.reason).toContain('fails its MAC');
    // and the file is left for a human, not replaced by a fresh session
    expect(readFileSync(file, 'utf8')).toBe(after);
  });

  it('refuses a session copied from another workspace into this one', async () => {
    const env = homeEnv();
    const first = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const second = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await hook(first, env, 'copied-1', 'UserPromptSubmit', { prompt: 'add login' });
    await hook(second, env, 'other', 'UserPromptSubmit', { prompt: 'x' });
    const from = sessionPaths(stateSessionsDir(path.join(first, '.orchestration'), env), 'copied-1').file;
    const into = stateSessionsDir(path.join(second, '.orchestration'), env);
    mkdirSync(into, { recursive: true });
    writeFileSync(sessionPaths(into, 'copied-1').file, readFileSync(from));
    expect(answerOf((await hook(second, env, 'copied-1', 'PreToolUse', SELECT)).stdout)).toMatchObject({
      decision: 'deny',
      reason: expect.stringContaining('fails its MAC'),
    });
  });
});
