import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANDSHAKE_SENTENCE, STATE_VIOLATION_MESSAGE, type GovernorOptions, type TraceRecord } from '../../src/index';
import { answerHookEvent, type AnswerOptions } from '../../src/hooks/answerHookEvent';
import type { TraceNote } from '../../src/trace/traceNote';
import { approveOutsideAgent } from '../../src/hooks/approveOutsideAgent';
import type { HookAnswer, HookEvent } from '../../src/hooks/hookEvent';
import { createFileSessions } from '../../src/sessions/fileSessions';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import type { GovernorSessions } from '../../src/sessions/governorSessions';
import { createMemorySessions } from '../../src/sessions/memorySessions';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const CWD = '/project';
const SESSION = 's1';

/** The events of one agent session, as an adapter reads them. */
const events = {
  start: (): HookEvent => ({ kind: 'session_start', sessionId: SESSION, cwd: CWD }),
  prompt: (prompt = 'add login'): HookEvent => ({ kind: 'user_prompt', sessionId: SESSION, cwd: CWD, prompt }),
  pre: (tool: string, args: unknown = {}): HookEvent => ({
    kind: 'pre_tool',
    sessionId: SESSION,
    cwd: CWD,
    tool,
    args,
  }),
  post: (tool: string, args: unknown = {}): HookEvent => ({
    kind: 'post_tool',
    sessionId: SESSION,
    cwd: CWD,
    tool,
    args,
  }),
  tools: (tools: readonly string[]): HookEvent => ({ kind: 'tool_selection', sessionId: SESSION, cwd: CWD, tools }),
  stop: (): HookEvent => ({ kind: 'stop', sessionId: SESSION, cwd: CWD }),
  end: (): HookEvent => ({ kind: 'session_end', sessionId: SESSION, cwd: CWD }),
};

const select = events.pre('select_active_intent', { intent_id: 'INT-001' });
const write = events.pre('write_to_file', { path: 'src/auth/login.ts', content: 'x' });
const wrote = events.post('write_to_file', { path: 'src/auth/login.ts', content: 'x' });

/** An answer in a few words: its kind, and its decision's code or its tools. */
function summary(answer: HookAnswer): string {
  if (answer.kind === 'tools') return `tools:${answer.allowed.join(',')}`;
  if (answer.kind === 'proceed') return 'proceed';
  return `${answer.kind}:${answer.decision?.code ?? ''}`;
}

interface Session {
  readonly sessions: GovernorSessions;
  readonly trace: TraceRecord[];
}

function session(options: Partial<GovernorOptions> = {}): Session {
  const trace: TraceRecord[] = [];
  const sessions = createMemorySessions({
    workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    trace: (record) => void trace.push(record),
    ...options,
  });
  return { sessions, trace };
}

async function answerAll(sessions: GovernorSessions, list: readonly HookEvent[]): Promise<HookAnswer[]> {
  const answers: HookAnswer[] = [];
  for (const event of list) answers.push(await answerHookEvent(event, sessions));
  return answers;
}

const cases: readonly {
  name: string;
  options?: Partial<GovernorOptions>;
  events: readonly HookEvent[];
  expected: readonly string[];
}[] = [
  {
    name: 'denies a DESTRUCTIVE call before an intent is selected',
    events: [events.start(), events.prompt(), write],
    expected: ['proceed', 'proceed', 'deny:state_violation'],
  },
  {
    name: 'allows a SAFE call before an intent is selected',
    events: [events.prompt(), events.pre('read_file', { path: 'src/a.ts' })],
    expected: ['proceed', 'allow:safe_tool'],
  },
  {
    name: 'allows a DESTRUCTIVE call in scope once the intent is selected, safe mode off',
    options: { safeMode: false },
    events: [events.prompt(), select, write],
    expected: ['proceed', 'allow:intent_selected', 'allow:destructive_in_scope'],
  },
  {
    name: 'asks for a risky call in scope in safe mode',
    events: [events.prompt(), select, write],
    expected: ['proceed', 'allow:intent_selected', 'ask:needs_approval'],
  },
  {
    name: 'denies a call outside the intent scope',
    options: { safeMode: false },
    events: [select, events.pre('write_to_file', { path: 'README.md', content: 'x' })],
    expected: ['allow:intent_selected', 'deny:scope_violation'],
  },
  {
    name: 'denies an unknown intent',
    events: [events.pre('select_active_intent', { intent_id: 'NOPE' })],
    expected: ['deny:unknown_intent'],
  },
  {
    name: 'filters the tool list by state',
    events: [
      events.tools(['read_file', 'write_to_file', 'select_active_intent']),
      select,
      events.tools(['read_file', 'write_to_file', 'select_active_intent']),
    ],
    expected: [
      'tools:read_file,select_active_intent',
      'allow:intent_selected',
      'tools:read_file,write_to_file,select_active_intent',
    ],
  },
  {
    name: 'applies select_active_intent once, at pre_tool: its post_tool after a new prompt leaves REASONING',
    events: [select, events.prompt('next'), events.post('select_active_intent', { intent_id: 'INT-001' }), write],
    expected: ['allow:intent_selected', 'proceed', 'proceed', 'deny:state_violation'],
  },
  {
    name: 'applies attempt_completion once, at pre_tool',
    options: { safeMode: false },
    events: [
      select,
      events.pre('attempt_completion', { result: 'done' }),
      events.post('attempt_completion', { result: 'done' }),
      write,
    ],
    expected: ['allow:intent_selected', 'allow:task_completed', 'proceed', 'deny:state_violation'],
  },
  {
    name: 'keeps the session at its end: a resumed run goes on with its intent',
    options: { safeMode: false },
    events: [select, events.end(), write],
    expected: ['allow:intent_selected', 'proceed', 'allow:destructive_in_scope'],
  },
  {
    name: 'keeps the session at a stop',
    options: { safeMode: false },
    events: [select, events.stop(), write],
    expected: ['allow:intent_selected', 'proceed', 'allow:destructive_in_scope'],
  },
];

describe('answerHookEvent', () => {
  it.each(cases)('$name', async ({ options, events: list, expected }) => {
    const { sessions } = session(options);
    expect((await answerAll(sessions, list)).map(summary)).toEqual(expected);
  });

  it('gives the handshake text at session start and after a prompt', async () => {
    const { sessions } = session();
    const [started, prompted] = await answerAll(sessions, [events.start(), events.prompt()]);
    expect(started).toEqual({ kind: 'proceed', context: expect.stringContaining(HANDSHAKE_SENTENCE) });
    expect(prompted).toEqual({
      kind: 'proceed',
      context: expect.stringContaining('Before writing a file or running a command, call select_active_intent'),
    });
  });

  it("denies with the decision's reason, which says what to do", async () => {
    const { sessions } = session();
    expect(await answerHookEvent(write, sessions)).toMatchObject({ kind: 'deny', message: STATE_VIOLATION_MESSAGE });
  });

  it('asks with the five-part prompt and where a human decides; the commands that approve go to the human only', async () => {
    const { sessions } = session();
    const [, asked] = await answerAll(sessions, [select, write]);
    expect(asked?.kind).toBe('ask');
    const message = asked?.kind === 'ask' ? asked.message : '';
    const humanNote = asked?.kind === 'ask' ? asked.humanNote : '';
    expect(message).toMatch(
      /^1\) What I want to do: .*\n2\) Why: .*\n3\) Risk: .*\n4\) What will change:\n(   - .*\n)+5\) \[Continue\] \[Cancel\] \[Show details\] \[Edit\]\n/,
    );
    expect(message).toContain('Only a human can approve this call (approval-1)');
    expect(message).not.toContain('intentgate approve');
    expect(humanNote).toContain('`intentgate approve --session s1 --held approval-1`');
    expect(humanNote).toContain('`intentgate approve --session s1 FS_DELETE_OVERWRITE`');
  });

  it('asks in Russian for a governor whose locale is ru', async () => {
    const { sessions } = session({ locale: 'ru' });
    const [, asked] = await answerAll(sessions, [select, write]);
    expect(asked?.kind === 'ask' ? asked.message : '').toMatch(/^1\) Что хочу сделать: /);
  });

  it('records a held call the human approved in the agent once it ran, when the route vouches for the report', async () => {
    const { sessions, trace } = session();
    const options = { heldCallRan: () => ({ approver: "test-agent's own prompt" }) };
    const answers = [];
    for (const event of [select, write, wrote]) answers.push(summary(await answerHookEvent(event, sessions, options)));
    expect(answers).toEqual(['allow:intent_selected', 'ask:needs_approval', 'proceed']);
    expect(trace.map((record) => [record.reasons[0]?.code, record.approver])).toEqual([
      ['needs_approval', undefined],
      ['approved_once', "test-agent's own prompt"],
    ]);
  });

  it('keeps the hold of a held call reported as run by a route that cannot vouch for it', async () => {
    const { sessions, trace } = session();
    expect((await answerAll(sessions, [select, write, wrote])).map(summary)).toEqual([
      'allow:intent_selected',
      'ask:needs_approval',
      'proceed',
    ]);
    expect(trace.map((record) => record.reasons[0]?.code)).toEqual(['needs_approval']);
    expect(await sessions.withSession(SESSION, (governor) => governor.waitingApprovalIds)).toEqual(['approval-1']);
  });

  it('refuses the identical retry of a call a human cancelled, until the held-call TTL has passed', async () => {
    const { sessions } = session();
    // a Cancel is dated by the real clock: the retries are read a moment after it
    let now = Date.now() + 1_000;
    const options = { now: () => now, heldCallTtlMs: 60_000 };
    await answerAll(sessions, [select, write]);
    await sessions.withSession(SESSION, (governor, notes) =>
      approveOutsideAgent(governor, notes, { kind: 'held', approvalId: 'approval-1', cancel: true }),
    );
    const retry = await answerHookEvent(write, sessions, options);
    expect(retry).toMatchObject({
      kind: 'deny',
      message: expect.stringContaining('A human cancelled this call; do not retry it, ask the user'),
    });
    expect((await answerHookEvent(write, sessions, options)).kind).toBe('deny');
    // another call is decided as ever
    expect(
      summary(
        await answerHookEvent(
          events.pre('write_to_file', { path: 'src/auth/login.ts', content: 'other' }),
          sessions,
          options,
        ),
      ),
    ).toBe('ask:needs_approval');
    now += 60_000;
    expect(summary(await answerHookEvent(write, sessions, options))).toBe('ask:needs_approval');
  });

  it('does not take another call that ran for the held one', async () => {
    const { sessions, trace } = session();
    await answerAll(sessions, [
      select,
      write,
      events.post('write_to_file', { path: 'src/auth/login.ts', content: 'other' }),
    ]);
    expect(trace.map((record) => record.reasons[0]?.code)).toEqual(['needs_approval']);
  });

  it('lets a call a human continued outside the agent run once when the agent retries it', async () => {
    const { sessions } = session();
    await answerAll(sessions, [select, write]);
    await sessions.withSession(SESSION, (governor, notes) =>
      approveOutsideAgent(governor, notes, { kind: 'held', approvalId: 'approval-1', cancel: false }),
    );
    const other = events.pre('write_to_file', { path: 'src/auth/login.ts', content: 'other' });
    expect((await answerAll(sessions, [other, write, write])).map(summary)).toEqual([
      'ask:needs_approval',
      'allow:approved_once',
      'ask:needs_approval',
    ]);
  });

  it('denies with session_store_unavailable when the session file cannot be read', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const sessions = createFileSessions({ governor: { workspaceRoot: root, trace: () => undefined } });
    await answerHookEvent(events.prompt(), sessions);
    writeFileSync(sessionPaths(sessions.dir, SESSION).file, 'garbage');
    const answer = await answerHookEvent(events.pre('read_file', { path: 'a.ts' }), sessions);
    expect(summary(answer)).toBe('deny:session_store_unavailable');
    expect(answer.kind === 'deny' ? answer.message : '').toMatch(/session store .* cannot be used .*is not JSON/);
  });

  it("notes the route's own decisions in the trace: an unvouched report, a refused retry, an ignored end", async () => {
    const { sessions } = session();
    const notes: TraceNote[] = [];
    let now = Date.now() + 1_000;
    const options: AnswerOptions = {
      route: 'POST /hooks/test-agent',
      now: () => now,
      sessionEnd: 'ignored',
      // the policy's TTL, read from the governors' options when the route is asked
      settings: () => ({ heldCallTtlMs: 5_000, traceNote: (note) => (notes.push(note), { ok: true }) }),
    };
    await answerAll(sessions, [select, write]);
    expect(summary(await answerHookEvent(wrote, sessions, options))).toBe('proceed');
    await sessions.withSession(SESSION, (governor, kept) =>
      approveOutsideAgent(governor, kept, { kind: 'held', approvalId: 'approval-1', cancel: true }),
    );
    expect(summary(await answerHookEvent(write, sessions, options))).toBe('deny:cancelled_by_human');
    await answerHookEvent(events.end(), sessions, options);
    expect(notes.map((note) => [note.decision.code, note.decision.tool, note.approvalId, note.withoutState])).toEqual([
      ['report_unvouched', 'write_to_file', 'approval-1', undefined],
      ['cancelled_by_human', 'write_to_file', 'approval-1', undefined],
      ['report_unvouched', 'SessionEnd', undefined, true],
    ]);
    expect(notes[0]?.decision).toMatchObject({ verdict: 'ask', categories: ['FS_DELETE_OVERWRITE'] });
    expect(notes[0]?.decision.reason).toContain('POST /hooks/test-agent');
    expect(notes[1]?.decision.reason).toContain('A human cancelled this call; do not retry it, ask the user');
    // the settings' TTL, not the default 15 minutes, ends the refusal
    now += 5_000;
    expect(summary(await answerHookEvent(write, sessions, options))).toBe('ask:needs_approval');
  });

  it('denies with session_store_tampered, and notes it, when the session file fails its MAC', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'session-key-')), 'session-key');
    const sessions = createFileSessions({ governor: { workspaceRoot: root, trace: () => undefined }, keyFile });
    await answerHookEvent(events.prompt(), sessions);
    const file = sessionPaths(sessions.dir, SESSION).file;
    writeFileSync(file, readFileSync(file, 'utf8').replace('"REASONING"', '"ACTION"'));
    const notes: TraceNote[] = [];
    const answer = await answerHookEvent(events.pre('read_file', { path: 'a.ts' }), sessions, {
      settings: () => ({ heldCallTtlMs: 1_000, traceNote: (note) => (notes.push(note), { ok: true }) }),
    });
    expect(summary(answer)).toBe('deny:session_store_tampered');
    expect(answer.kind === 'deny' ? answer.message : '').toContain('fails its MAC');
    expect(notes.map((note) => [note.sessionId, note.decision.code])).toEqual([[SESSION, 'session_store_tampered']]);
  });

  it('throws any other failure, for the adapter to answer with its block', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const sessions = createMemorySessions({ workspaceRoot: root, trace: () => undefined });
    await answerHookEvent(events.start(), sessions);
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'active_intents: [');
    await expect(answerHookEvent(events.prompt(), sessions)).rejects.toThrow(/active_intents\.yaml/);
  });
});
