import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { cli, memoryIo } from '../cli/cliHarness';
import { listeningUrl } from '../cli/serveHarness';
import { writeTokenFile } from '../support/approvalCredential';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';

// A real `intentgate serve`, the agent's hook process (`intentgate hook claude-code --server URL`)
// posting Claude Code's own events, and a human answering in the console or with the approval token.

const TOKEN = 'hook-session-answers-token-0123456789';

// the service of the describe block running now: each store's block starts its own
let root = '';
let url = '';

/** Starts `intentgate serve` over a fresh workspace with the store's flags; stops it after the block. */
function serveFor(storeFlags: () => readonly string[]): void {
  const stop = new AbortController();
  let exited: Promise<number> = Promise.resolve(0);
  beforeAll(async () => {
    root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    signedIn = undefined;
    const io = memoryIo({ cwd: root, stop: stop.signal, env: { INTENTGATE_APPROVAL_TOKEN: TOKEN } });
    exited = runCli(['serve', '--port', '0', '--host', '127.0.0.1', '--quiet', ...storeFlags()], io);
    url = await listeningUrl(io.stdout);
  }, 60_000);
  afterAll(async () => {
    stop.abort();
    expect(await exited).toBe(0);
  });
}

/** What the agent's hook process printed for a tool call, in a word, and the reason the model reads. */
interface HookVerdict {
  readonly verdict: 'allow' | 'ask' | 'deny' | 'other';
  readonly reason: string;
}

/** One Claude Code event of `session`, posted by the hook process as the agent runs it. */
async function hookEvent(
  session: string,
  name: string,
  fields: Record<string, unknown> = {},
  env: NodeJS.ProcessEnv = {},
): Promise<HookVerdict> {
  const transcript = `/home/dev/.claude/projects/${root.replace(/[^A-Za-z0-9]/g, '-')}/${session}.jsonl`;
  const event = {
    session_id: session,
    transcript_path: transcript,
    cwd: root,
    permission_mode: 'default',
    hook_event_name: name,
    ...fields,
  };
  const run = await cli(['hook', 'claude-code', '--server', url], { stdin: JSON.stringify(event), env });
  if (run.stdout.trim() === '') return { verdict: run.code === 0 ? 'allow' : 'other', reason: '' };
  const output = JSON.parse(run.stdout) as {
    hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string; additionalContext?: string };
  };
  const decision = output.hookSpecificOutput?.permissionDecision;
  const reason =
    output.hookSpecificOutput?.permissionDecisionReason ?? output.hookSpecificOutput?.additionalContext ?? '';
  // an allowed handshake call is answered allow (Claude Code's dialog is not needed for it)
  return { verdict: decision === 'allow' || decision === 'ask' || decision === 'deny' ? decision : 'other', reason };
}

const writeInput = (file: string, content = 'x') => ({ file_path: path.join(root, file), content });
const preTool = (session: string, input: Record<string, unknown>) =>
  hookEvent(session, 'PreToolUse', { tool_name: 'Write', tool_input: input, tool_use_id: 'toolu_1' });

/** A session whose agent selected INT-001 and had a write in scope held; the held call's console view. */
async function holding(session: string): Promise<HeldView> {
  await hookEvent(session, 'UserPromptSubmit', { prompt: 'add login' });
  expect(
    (
      await hookEvent(session, 'PreToolUse', {
        tool_name: 'mcp__intentgate__select_active_intent',
        tool_input: { intent_id: 'INT-001' },
        tool_use_id: 'toolu_0',
      })
    ).verdict,
  ).toBe('allow');
  expect((await preTool(session, writeInput('src/auth/login.ts'))).verdict).toBe('ask');
  const [held] = await heldCalls(session);
  if (held === undefined) throw new Error(`session ${session} holds no call`);
  return held;
}

interface HeldView {
  readonly approval_id: string;
  readonly categories: readonly string[];
  readonly grant: Record<string, unknown> | null;
}

interface ConsoleAccess {
  readonly cookie: string;
  readonly csrf: string;
}

let signedIn: ConsoleAccess | undefined;

/** The console signed in with the approval token, once. */
async function consoleAccess(): Promise<ConsoleAccess> {
  if (signedIn) return signedIn;
  const response = await fetch(`${url}/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: TOKEN }),
  });
  const { csrf } = (await response.json()) as { csrf: string };
  signedIn = { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf };
  return signedIn;
}

/** A change the console's page sends: its cookie and CSRF header; the status and body. */
async function consoleSend(
  method: string,
  route: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const access = await consoleAccess();
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: access.cookie, 'x-intentgate-csrf': access.csrf },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A session as the console lists it: its held calls, and when its agent ended it. */
async function listed(
  session: string,
): Promise<{ readonly held_calls: HeldView[]; readonly ended_at: string | null } | undefined> {
  const access = await consoleAccess();
  const body = (await (await fetch(`${url}/console/api/sessions`, { headers: { cookie: access.cookie } })).json()) as {
    sessions: { session_id: string; held_calls: HeldView[]; ended_at: string | null }[];
  };
  return body.sessions.find((each) => each.session_id === session);
}

/** The held calls the console lists for a session. */
const heldCalls = async (session: string): Promise<HeldView[]> => (await listed(session))?.held_calls ?? [];

/** The console's answer to a held call (Continue, Cancel); the decision it shows. */
const consoleAnswer = (session: string, held: HeldView, answer: 'continue' | 'cancel') =>
  consoleSend('POST', `/sessions/${session}/approvals/${held.approval_id}`, { answer });

interface AnswerCase {
  readonly name: string;
  /** the human's answer to the held call of `session` */
  readonly answer: (session: string, held: HeldView) => Promise<void>;
  /** the agent's calls after the answer, each a write to this file (or another session's) */
  readonly retries: readonly { readonly file: string; readonly content?: string; readonly session?: 'other' }[];
  readonly expected: readonly HookVerdict['verdict'][];
}

const SAME = { file: 'src/auth/login.ts' };

const cases: readonly AnswerCase[] = [
  {
    name: 'Continue in the console lets the identical retry run once, and holds the next identical call again',
    answer: async (session, held) => {
      expect((await consoleAnswer(session, held, 'continue')).json).toMatchObject({
        verdict: 'allow',
        code: 'approved_once',
      });
    },
    retries: [SAME, SAME],
    expected: ['allow', 'ask'],
  },
  {
    name: 'Continue with the approval token lets the identical retry run once, and holds the next identical call again',
    answer: async (session, held) => {
      const response = await fetch(`${url}/sessions/${session}/approvals/${held.approval_id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ answer: 'continue' }),
      });
      expect(await response.json()).toMatchObject({ verdict: 'allow', code: 'approved_once' });
    },
    retries: [SAME, SAME],
    expected: ['allow', 'ask'],
  },
  {
    name: 'Continue passes the very call only: the same tool with other arguments is held',
    answer: async (session, held) => void (await consoleAnswer(session, held, 'continue')),
    retries: [{ file: 'src/auth/login.ts', content: 'other' }, SAME],
    expected: ['ask', 'allow'],
  },
  {
    name: 'Cancel ends the hold: the identical retry is refused, not held again; another call is asked about',
    answer: async (session, held) => {
      expect((await consoleAnswer(session, held, 'cancel')).json).toMatchObject({
        verdict: 'deny',
        code: 'approval_cancelled',
      });
    },
    retries: [SAME, SAME, { file: 'src/auth/login.ts', content: 'other' }],
    expected: ['deny', 'deny', 'ask'],
  },
  {
    name: 'Allow calls like it gives the suggested grant: the retry and the calls like it run',
    answer: async (session, held) => {
      expect(held.grant).not.toBeNull();
      expect((await consoleSend('POST', '/approve-session', { session_id: session, ...held.grant })).status).toBe(200);
    },
    retries: [SAME, SAME],
    expected: ['allow', 'allow'],
  },
  {
    name: 'Revoke withdraws the grant: the next call like it is held again',
    answer: async (session, held) => {
      const granted = await consoleSend('POST', '/approve-session', { session_id: session, ...held.grant });
      const grantId = (granted.json.grant as { id: string }).id;
      expect((await consoleSend('DELETE', `/sessions/${session}/grants/${grantId}`, {})).json).toMatchObject({
        revoked: grantId,
        grants: [],
      });
    },
    retries: [SAME],
    expected: ['ask'],
  },
  {
    name: 'Approve for this session approves the categories for that session id only',
    answer: async (session, held) => {
      expect(
        (await consoleSend('POST', '/approve-session', { session_id: session, categories: held.categories })).status,
      ).toBe(200);
    },
    retries: [SAME, { file: 'src/auth/session.ts' }, { ...SAME, session: 'other' }],
    expected: ['allow', 'allow', 'ask'],
  },
];

let sessions = 0;

/** The cases, against the service of the block they run in. */
function answerCases(): void {
  it.each(cases)('$name', async ({ answer, retries, expected }) => {
    const session = `answers-${(sessions += 1)}`;
    const other = `${session}-other`;
    await holding(other);
    const held = await holding(session);
    await answer(session, held);
    const seen: HookVerdict['verdict'][] = [];
    for (const retry of retries)
      seen.push(
        (await preTool(retry.session === 'other' ? other : session, writeInput(retry.file, retry.content))).verdict,
      );
    expect(seen).toEqual(expected);
  });

  it("tells the model a call was cancelled on the agent's next call, without the means to approve", async () => {
    const session = 'cancel-told';
    const held = await holding(session);
    await consoleAnswer(session, held, 'cancel');
    const retry = await preTool(session, writeInput('src/auth/login.ts'));
    expect(retry.verdict).toBe('deny');
    expect(retry.reason).toMatch(
      new RegExp(
        `^Cancelled by a human: 'Write' does not run\\. \\(the call held as ` +
          `${held.approval_id}\\)\\n\\nA human cancelled this call; do not retry it, ask the user`,
      ),
    );
    expect(retry.reason).not.toContain(TOKEN);
    // told once; the retry is still refused
    const again = await preTool(session, writeInput('src/auth/login.ts'));
    expect(again.reason).not.toContain('Cancelled by a human');
    expect(again.reason).toContain('A human cancelled this call');
  });

  it('keeps a session its agent ended: a Continue given after the end lets the resumed run retry the call once', async () => {
    const session = 'ended-then-resumed';
    const held = await holding(session);
    // without the approval token the service's hook route ends nothing
    expect((await hookEvent(session, 'SessionEnd', { reason: 'other' })).verdict).toBe('allow');
    expect((await listed(session))?.ended_at).toBeNull();
    // the hook command sends the token its environment names the file of
    const tokenFile = writeTokenFile(path.join(mkdtempSync(path.join(tmpdir(), 'hook-token-')), 'token'), TOKEN);
    const human = { INTENTGATE_APPROVAL_TOKEN_FILE: tokenFile };
    expect((await hookEvent(session, 'SessionEnd', { reason: 'other' }, human)).verdict).toBe('allow');
    expect(await listed(session)).toMatchObject({
      held_calls: [{ approval_id: held.approval_id }],
      ended_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await consoleAnswer(session, held, 'continue')).json).toMatchObject({ code: 'approved_once' });
    expect((await listed(session))?.ended_at).not.toBeNull();
    await hookEvent(session, 'SessionStart', { source: 'resume' });
    expect((await listed(session))?.ended_at).toBeNull();
    expect([
      (await preTool(session, writeInput('src/auth/login.ts'))).verdict,
      (await preTool(session, writeInput('src/auth/login.ts'))).verdict,
    ]).toEqual(['allow', 'ask']);
  });
}

describe('a human answers a call held through an agent hook posted to the service, sessions in memory', () => {
  serveFor(() => []);
  answerCases();
});

let redis: RedisServer | undefined;

describe.skipIf(REDIS_SKIP_REASON !== undefined)(
  `a human answers a call held through an agent hook posted to the service, sessions in ` +
    `Redis${REDIS_SKIP_REASON === undefined ? '' : ` (skipped: ${REDIS_SKIP_REASON})`}`,
  () => {
    beforeAll(async () => {
      redis = await startRedis();
    }, 60_000);
    afterAll(async () => {
      await redis?.stop();
    });
    serveFor(() => ['--store', redis?.url ?? '', '--deployment', `hook-answers-${process.pid}`]);
    answerCases();
  },
);
