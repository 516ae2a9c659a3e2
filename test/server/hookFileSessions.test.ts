import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { stateSessionsDir } from '../../src/sessions/stateSessionsDir';
import { REPO_ROOT } from '../cli/cliHarness';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { startServe, type InProcessServe } from './inProcessServe';

// One store seen by both: `intentgate serve --workspace DIR` shows and answers the sessions the
// workspace's command hooks (`intentgate hook claude-code`, a process per event) keep in their
// file store, and the hooks see what a human answered there.

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');
const TOKEN = 'hook-file-sessions-token-0123456789abcdef';

let root = '';
let env: NodeJS.ProcessEnv = {};
let serve: InProcessServe;

/** One Claude Code event through a real `intentgate hook claude-code` process; its decision and reason. */
function hook(
  session: string,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<{ decision: string; reason: string }> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, 'hook', 'claude-code', '--workspace', root], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stdin.end(
    JSON.stringify({
      session_id: session,
      transcript_path: `/home/dev/.claude/projects/x/${session}.jsonl`,
      cwd: root,
      permission_mode: 'default',
      hook_event_name: name,
      ...fields,
    }),
  );
  // a backstop: a hook that hangs is killed
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) =>
    child.on('exit', () => {
      clearTimeout(killer);
      if (stdout.trim() === '') return resolve({ decision: 'allow', reason: '' });
      const output = JSON.parse(stdout) as {
        hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
      };
      resolve({
        decision: output.hookSpecificOutput?.permissionDecision ?? 'other',
        reason: output.hookSpecificOutput?.permissionDecisionReason ?? '',
      });
    }),
  );
}

const write = (session: string, file: string, id = 'toolu_1') =>
  hook(session, 'PreToolUse', {
    tool_name: 'Write',
    tool_input: { file_path: path.join(root, file), content: 'x' },
    tool_use_id: id,
  });

/** A hook session that selected INT-001 and had a write in scope held. */
async function holding(session: string): Promise<void> {
  await hook(session, 'UserPromptSubmit', { prompt: 'add login' });
  const select = await hook(session, 'PreToolUse', {
    tool_name: 'mcp__intentgate__select_active_intent',
    tool_input: { intent_id: 'INT-001' },
    tool_use_id: 'toolu_0',
  });
  expect(select.decision).toBe('allow');
  expect((await write(session, 'src/auth/login.ts')).decision).toBe('ask');
}

/** The fields of the service's answers these tests read. */
interface ApiJson {
  readonly state?: string;
  readonly held_calls?: readonly unknown[];
  readonly code?: string;
  readonly grant?: { readonly id: string };
  readonly grants?: readonly unknown[];
  readonly error?: { readonly code: string; readonly message: string };
}

/** A request with the approval token; its status and JSON. */
async function withToken(method: string, route: string, body?: unknown): Promise<{ status: number; json: ApiJson }> {
  const response = await fetch(`${serve.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as ApiJson };
}

interface Listed {
  readonly session_id: string;
  readonly held_calls: readonly {
    readonly approval_id: string;
    readonly categories: readonly string[];
    readonly grant: Record<string, unknown> | null;
  }[];
  readonly label: { readonly agent: string | null; readonly via_hook: boolean; readonly first_prompt: string | null };
  readonly refused: string | null;
}

/** The console's cookie, signed in with the approval token. */
async function consoleCookie(): Promise<string> {
  const signIn = await fetch(`${serve.url}/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: TOKEN }),
  });
  return (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** The sessions the console lists. */
async function consoleList(): Promise<Listed[]> {
  const listed = await fetch(`${serve.url}/console/api/sessions`, { headers: { cookie: await consoleCookie() } });
  return ((await listed.json()) as { sessions: Listed[] }).sessions;
}

const listedSession = async (session: string): Promise<Listed | undefined> =>
  (await consoleList()).find((each) => each.session_id === session);

describe('intentgate serve --workspace with the command hooks of the same workspace', () => {
  beforeAll(async () => {
    root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const home = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'hook-files-home-'));
    // the hooks and the service find the same store and key from the same environment
    env = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' };
    serve = await startServe(['--workspace', root, '--port', '0', '--host', '127.0.0.1', '--quiet'], root, {
      ...env,
      INTENTGATE_APPROVAL_TOKEN: TOKEN,
    });
  }, 180_000);
  afterAll(async () => {
    expect(await serve.stop()).toBe(0);
  });

  it('lists the held call of a hook session, labelled with its agent and first prompt, without a restart', async () => {
    await holding('listed-1');
    const listed = await listedSession('listed-1');
    expect(listed?.held_calls).toHaveLength(1);
    expect(listed?.label).toEqual(
      expect.objectContaining({ agent: 'claude-code', via_hook: true, first_prompt: 'add login' }),
    );
    const view = await withToken('GET', '/sessions/listed-1');
    expect([view.status, view.json.state, view.json.held_calls?.length]).toEqual([200, 'ACTION', 1]);
  });

  it("lets the hook's identical retry run once after a human's Continue with the approval token", async () => {
    await holding('continued-1');
    const [held] = (await listedSession('continued-1'))?.held_calls ?? [];
    const answered = await withToken('POST', `/sessions/continued-1/approvals/${held?.approval_id}`, {
      answer: 'continue',
    });
    expect([answered.status, answered.json.code]).toEqual([200, 'approved_once']);
    expect((await write('continued-1', 'src/auth/login.ts', 'toolu_2')).decision).toBe('allow');
    // once: the next identical call is held again
    expect((await write('continued-1', 'src/auth/login.ts', 'toolu_3')).decision).toBe('ask');
  });

  it('lets a later call of the categories a human approved for the session run', async () => {
    await holding('approved-1');
    const [held] = (await listedSession('approved-1'))?.held_calls ?? [];
    const approved = await withToken('POST', '/approve-session', {
      session_id: 'approved-1',
      categories: held?.categories,
    });
    expect(approved.status).toBe(200);
    expect((await write('approved-1', 'src/auth/session.ts', 'toolu_4')).decision).toBe('allow');
  });

  it("refuses the hook's identical retry after a human's Cancel", async () => {
    await holding('cancelled-1');
    const [held] = (await listedSession('cancelled-1'))?.held_calls ?? [];
    const answered = await withToken('POST', `/sessions/cancelled-1/approvals/${held?.approval_id}`, {
      answer: 'cancel',
    });
    expect([answered.status, answered.json.code]).toEqual([200, 'approval_cancelled']);
    const retry = await write('cancelled-1', 'src/auth/login.ts', 'toolu_2');
    expect([retry.decision, retry.reason]).toEqual(['deny', expect.stringContaining('A human cancelled this call')]);
  });

  it('lets calls a grant covers run until a human revokes it', async () => {
    await holding('revoked-1');
    const [held] = (await listedSession('revoked-1'))?.held_calls ?? [];
    // the narrowest grant the held call suggests, as the console's "Allow calls like it" gives it
    expect(held?.grant).toBeTruthy();
    const granted = await withToken('POST', '/approve-session', { session_id: 'revoked-1', ...held?.grant });
    expect(granted.status).toBe(200);
    expect((await write('revoked-1', 'src/auth/login.ts', 'toolu_2')).decision).toBe('allow');
    const revoked = await withToken('DELETE', `/sessions/revoked-1/grants/${granted.json.grant?.id ?? ''}`, {});
    expect([revoked.status, revoked.json.grants]).toEqual([200, []]);
    expect((await write('revoked-1', 'src/auth/login.ts', 'toolu_3')).decision).toBe('ask');
  });

  it("tells the console's event stream of a session a hook starts, without a request to the service", async () => {
    const controller = new AbortController();
    const stream = await fetch(`${serve.url}/console/events`, {
      headers: { cookie: await consoleCookie() },
      signal: controller.signal,
    });
    const reader = stream.body?.getReader();
    let seen = '';
    const heard = (async () => {
      // until the event names the session, or the stream ends
      while (!seen.includes('streamed-1')) {
        const chunk = await reader?.read();
        if (chunk === undefined || chunk.done) return;
        seen += Buffer.from(chunk.value).toString('utf8');
      }
    })().catch(() => undefined);
    await hook('streamed-1', 'UserPromptSubmit', { prompt: 'add login' });
    // a backstop for a busy machine: the folder is looked at every second
    await Promise.race([heard, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    controller.abort();
    expect(seen).toMatch(/event: session\ndata: .*"session\.started".*"streamed-1"/);
  });

  it('refuses a tampered session file in the service as the hook does, and lists it marked', async () => {
    await holding('tampered-1');
    const file = sessionPaths(stateSessionsDir(path.join(root, '.orchestration'), env), 'tampered-1').file;
    const record = JSON.parse(readFileSync(file, 'utf8')) as { notes: { passes: unknown[] } };
    record.notes.passes = [];
    writeFileSync(file, JSON.stringify({ ...record, savedAt: 'edited' }));
    const view = await withToken('GET', '/sessions/tampered-1');
    expect([view.status, view.json.error?.code]).toEqual([
      503,
      expect.stringMatching(/^session_store_(unavailable|tampered)$/),
    ]);
    expect(view.json.error?.message).toContain('fails its MAC');
    const answer = await withToken('POST', '/approve-session', { session_id: 'tampered-1', categories: ['SUDO'] });
    expect([answer.status, answer.json.error?.code]).toEqual([
      503,
      expect.stringMatching(/^session_store_(unavailable|tampered)$/),
    ]);
    // listed, marked with why, in place of its state
    expect(await listedSession('tampered-1')).toMatchObject({
      held_calls: [],
      refused: expect.stringContaining('fails its MAC'),
    });
    const refused = await write('tampered-1', 'src/auth/login.ts', 'toolu_5');
    expect([refused.decision, refused.reason]).toEqual(['deny', expect.stringContaining('fails its MAC')]);
  });

  it("refuses the service's own routes on a hook session, as the caller's mistake (400)", async () => {
    await hook('own-1', 'UserPromptSubmit', { prompt: 'add login' });
    const prompt = await fetch(`${serve.url}/sessions/own-1/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'take it over' }),
    });
    expect(prompt.status).toBe(400);
    expect(((await prompt.json()) as { error: { message: string } }).error.message).toContain("agent's hooks");
  });
});
