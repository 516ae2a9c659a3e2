import { prepareCall } from '../analysis/prepareCall';
import type { ShellAnalyser } from '../analysis/preparedShellRisk';
import { renderConfirmationPrompt } from '../approval/confirmationPrompt';
import { commandOfContainedLine } from '../containment/containedShellLine';
import { buildDecision, type Decision } from '../decision/decision';
import { isHeldCallCode, type DecisionCode } from '../decision/reasons';
import { SessionStoreError } from '../errors/SessionStoreError';
import type { ApprovedBy } from '../governor/answeredBy';
import type { Governor } from '../governor/governorApi';
import { DEFAULT_HELD_CALL_TTL_MS } from '../governor/governorOptions';
import type { GovernorSessions, SessionNotes } from '../sessions/governorSessions';
import { noteSessionPrompt } from '../sessions/sessionLabels';
import { storeUnavailableDecision } from '../sessions/storeUnavailableDecision';
import { takeNotices } from './agentHeldCallAnswer';
import { cliApprovalHint, type ApprovalHint, type HeldNotes } from './approvalHint';
import { cancelOf, heldCallMatching, takePass } from './heldCallPasses';
import { nameOnlyRequest } from '../tools/toolRequest';
import type { ContainedCall } from './hookContainment';
import type { TraceNote } from '../trace/traceNote';
import type { HookGovernorSettings } from './hookGovernorSettings';
import type { HookAnswer, HookEvent } from './hookEvent';

export interface AnswerOptions {
  /** what an `ask` tells the model (a human decides, and where) and the human (how); default the `intentgate approve` lines */
  readonly approvalHint?: ApprovalHint;
  /** runs a call's shell analysis elsewhere (the service's worker threads) before its governor decides it; in this thread when absent */
  readonly analyseShell?: ShellAnalyser;
  /**
   * the contained command line for a shell call decided on the promise that it runs contained
   * (`decision.contained`); without it such a call is refused, never let run uncontained
   */
  readonly containShell?: (governor: Governor, event: PreToolEvent, decision: Decision) => ContainedCall;
  /**
   * Who vouches that a held call the agent reports as run was let run by a human in the agent's
   * own prompt: the route's credential for the session, named as the approver. Without it (the
   * service's hook routes, which take no credential) such a report answers nothing: anyone who
   * can post an event could write it, so the hold stays for a human (docs/security.md).
   */
  readonly heldCallRan?: (notes: SessionNotes) => ApprovedBy | undefined;
  /** how long a human's Cancel refuses the identical retry; default the settings', else the governor's default held-call TTL */
  readonly heldCallTtlMs?: number;
  /**
   * what the route reads of its governors' options (read only for an event that needs them): the
   * policy's held-call TTL, and the trace the route's own decisions are noted in (a report no
   * credential vouches for, a refused retry of a cancelled call, a session record that fails its MAC)
   */
  readonly settings?: () => HookGovernorSettings | undefined;
  /** the route, as a note in the trace names it (`POST /hooks/claude-code`, `intentgate hook claude-code`) */
  readonly route?: string;
  /**
   * whether the agent's `SessionEnd` ends the session: 'ignored' on a route whose event shows no
   * credential (the service's hook routes without the approval token), noted in the trace; by
   * default it is the store's to judge (a session bound to a credential is ended only with it)
   */
  readonly sessionEnd?: 'applied' | 'ignored';
  /** the clock a Cancel is dated by, ms since the epoch */
  readonly now?: () => number;
  /**
   * why the model may have no handshake tool (its agent does not register the intents server:
   * `handshakeWarning`), or undefined; asked only of a session no intent was ever selected in
   * (REQUEST, or REASONING before the first selection): at its start, at a prompt, and for a
   * call refused for lack of an intent, whose refusal then carries it, so the human reading the
   * transcript learns the fix; a route may tell a person what it answered
   */
  readonly handshakeWarning?: () => string | undefined;
}

/** The facts a route's own decision about a session's call is worded with. */
const factsOf = (governor: Governor) => ({
  state: governor.state,
  intents: governor.intents,
  activeIntent: governor.activeIntent,
  orchestrationDir: '',
});

/** A decision the route makes itself about a call (no rule of the governor's decides it), with the held call's risk when it has one. */
function routeDecision(
  governor: Governor,
  code: Extract<DecisionCode, 'report_unvouched' | 'cancelled_by_human'>,
  tool: string,
  details: { readonly problem: string; readonly approvalId?: string },
): Decision {
  const held = details.approvalId === undefined ? undefined : governor.waitingFor(details.approvalId);
  return buildDecision({
    code,
    request: nameOnlyRequest(tool, 'DESTRUCTIVE'),
    facts: factsOf(governor),
    problem: details.problem,
    ...(held && { risk: { categories: held.categories, evidence: held.evidence } }),
  });
}

/** Notes a route's own decision in its governors' trace; a trace that cannot be written leaves the answer as it is. */
function traceRouteDecision(options: AnswerOptions, note: TraceNote): void {
  options.settings?.()?.traceNote(note);
}

/** What the model is told when it retries a call a human cancelled. */
export const CANCELLED_RETRY_MESSAGE = 'A human cancelled this call; do not retry it, ask the user what to do instead.';

type ToolEvent = Extract<HookEvent, { kind: 'pre_tool' | 'post_tool' }>;

type PreToolEvent = Extract<HookEvent, { kind: 'pre_tool' }>;

const proceed = (context?: string): HookAnswer =>
  context === undefined ? { kind: 'proceed' } : { kind: 'proceed', context };

/** `text` with what a human answered outside the agent that the model has not been told yet, before it; undefined when both are empty. */
function withNotices(notes: SessionNotes, text?: string): string | undefined {
  const parts = [...takeNotices(notes), ...(text === undefined || text === '' ? [] : [text])];
  return parts.length === 0 ? undefined : parts.join('\n\n');
}

/** An answer that reaches the model (a refusal, a hold) carries the notices too; an allow keeps them for a later answer. */
function toldNotices(answer: HookAnswer, notes: SessionNotes): HookAnswer {
  if (answer.kind !== 'deny' && answer.kind !== 'ask') return answer;
  return { ...answer, message: withNotices(notes, answer.message) ?? answer.message };
}

/**
 * The answer to a decision: allow; ask with the five-part prompt and where a human decides
 * (the means to approve go to `humanNote`, never into the message the model reads); or deny
 * with what to do.
 */
function answerOf(decision: Decision, notes: HeldNotes | undefined): HookAnswer {
  if (decision.allowed) return { kind: 'allow', decision };
  if (decision.verdict === 'ask' && decision.approval) {
    const prompt = renderConfirmationPrompt(decision.approval.prompt);
    if (notes === undefined) return { kind: 'ask', message: prompt, decision };
    return { kind: 'ask', message: `${prompt}\n${notes.model}`, humanNote: notes.human, decision };
  }
  return { kind: 'deny', message: decision.reason ?? decision.code, decision };
}

/**
 * An answer that lets a call run (or holds it for the agent's own prompt) on the promise that
 * it runs contained carries its contained command; when none can be made the call is refused.
 */
function containedAnswer(
  answer: HookAnswer,
  { governor, event }: { readonly governor: Governor; readonly event: PreToolEvent },
  options: AnswerOptions,
): HookAnswer {
  if ((answer.kind !== 'allow' && answer.kind !== 'ask') || answer.decision.contained !== true) return answer;
  const made = options.containShell?.(governor, event, answer.decision) ?? {
    ok: false,
    reason: 'this route cannot run shell commands contained',
  };
  if (!made.ok)
    return {
      kind: 'deny',
      message: `intentgate: this command may run only contained, and the sandbox cannot be made: ${made.reason}. It did not run.`,
    };
  return { ...answer, contained: { argument: made.argument, line: made.line } };
}

/**
 * A call about to run: the governor decides it (applying select_active_intent and
 * attempt_completion). A call a human continued outside the agent, asked again, runs once:
 * it is held and continued at once, so every rule is checked again.
 */
async function preTool(
  governor: Governor,
  notes: SessionNotes,
  event: PreToolEvent,
  options: AnswerOptions,
): Promise<HookAnswer> {
  const hint = options.approvalHint ?? cliApprovalHint();
  const ttlMs = options.heldCallTtlMs ?? options.settings?.()?.heldCallTtlMs ?? DEFAULT_HELD_CALL_TTL_MS;
  const clock = { now: (options.now ?? Date.now)(), ttlMs };
  // the human's no reaches the model: the very call is refused, not held again under a new id
  const cancel = cancelOf(notes, event, clock);
  if (cancel) {
    const refused = routeDecision(governor, 'cancelled_by_human', event.tool, {
      problem: `the call held as ${cancel.approvalId}`,
    });
    traceRouteDecision(options, {
      sessionId: governor.sessionId,
      decision: refused,
      args: event.args,
      approvalId: cancel.approvalId,
    });
    return toldNotices({ kind: 'deny', message: refused.reason ?? CANCELLED_RETRY_MESSAGE, decision: refused }, notes);
  }
  const prepared = await prepareCall(governor, event.tool, event.args, options.analyseShell);
  const pass = takePass(notes, event.tool, event.args);
  const decided = governor.handleToolCall(event.tool, event.args, prepared);
  // the retry's trace names the human who continued it, when the route knew them
  const decision =
    pass && isHeldCallCode(decided.code) && decided.approval
      ? governor.resolveApproval(
          decided.approval.id,
          'continue',
          pass.approver === undefined ? undefined : { approver: pass.approver },
        )
      : decided;
  const answer = answerOf(decision, decision.verdict === 'ask' ? hint(governor.sessionId, decision) : undefined);
  // refused for lack of an intent: the agent may not offer the handshake tool at all
  const warning =
    answer.kind === 'deny' && decision.code === 'state_violation' && governor.activeIntent === undefined
      ? options.handshakeWarning?.()
      : undefined;
  const warned =
    warning === undefined || answer.kind !== 'deny'
      ? answer
      : { ...answer, message: `${answer.message}\n\n${warning}` };
  return toldNotices(containedAnswer(warned, { governor, event }, options), notes);
}

type PermissionEvent = Extract<HookEvent, { kind: 'permission_request' }>;

/** Whether the call's arguments run exactly `line` (a contained command line) as its `argument`. */
const runsLine = (args: unknown, argument: string, line: string): boolean =>
  typeof args === 'object' && args !== null && (args as Readonly<Record<string, unknown>>)[argument] === line;

/**
 * The agent's own approval prompt for a call its pre-tool hook already answered: decided again
 * without effects, on the command a contained line runs. A call the governor would not let run
 * is refused (or held: the agent shows no intentgate prompt there, so it is refused saying a
 * human decides). One it lets run on the promise of containment is allowed only as its very
 * contained line, which the sandbox bounds wherever the agent runs it; as anything else it
 * would run bare, so it is refused. Any other call is left to the agent's prompt: the
 * governor decided it, and what the prompt asks (leaving the agent's own sandbox) it did not weigh.
 */
async function permissionRequest(
  governor: Governor,
  event: PermissionEvent,
  options: AnswerOptions,
): Promise<HookAnswer> {
  // only a route that contains rewrites commands: elsewhere a line the model wrote itself is decided as written
  const args = options.containShell === undefined ? event.args : uncontainedArgs(event.args);
  const prepared = await prepareCall(governor, event.tool, args, options.analyseShell);
  const decision = governor.isToolAllowed(event.tool, args, prepared);
  if (!decision.allowed) return answerOf(decision, undefined);
  if (decision.contained !== true) return proceed();
  const made = options.containShell?.(
    governor,
    { kind: 'pre_tool', sessionId: event.sessionId, cwd: event.cwd, tool: event.tool, args },
    decision,
  );
  if (made?.ok === true && runsLine(event.args, made.argument, made.line)) return { kind: 'allow', decision };
  const why =
    made === undefined
      ? 'this route cannot run shell commands contained'
      : made.ok
        ? 'the command asked about is not its contained line'
        : made.reason;
  return {
    kind: 'deny',
    message: `intentgate: this command may run only contained, and ${why}. It did not run.`,
    decision,
  };
}

/** The arguments with any contained command line read back to the command it runs. */
function uncontainedArgs(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  let changed = false;
  const read = Object.fromEntries(
    Object.entries(args).map(([name, value]) => {
      const command = typeof value === 'string' ? commandOfContainedLine(value) : undefined;
      if (command === undefined) return [name, value];
      changed = true;
      return [name, command];
    }),
  );
  return changed ? read : args;
}

/**
 * A call that ran. One that was held ran because a human approved it in the agent's own
 * prompt, if the route can vouch for the report (`heldCallRan`): the hold is answered
 * Continue, the trace naming that approver. A report no credential vouches for answers nothing:
 * the hold stays, for a human to answer in the console or a terminal. Nothing else is applied
 * again. A command that ran contained is reported as its contained line: the held call is the
 * one the line runs.
 */
function postTool(governor: Governor, notes: SessionNotes, event: ToolEvent, options: AnswerOptions): HookAnswer {
  // only a route that contains rewrites commands: elsewhere a line the model wrote itself is no contained call
  const unwrapped = options.containShell === undefined ? event.args : uncontainedArgs(event.args);
  const held =
    heldCallMatching(governor, event.tool, event.args) ??
    (unwrapped === event.args ? undefined : heldCallMatching(governor, event.tool, unwrapped));
  const by = held === undefined ? undefined : options.heldCallRan?.(notes);
  if (held && by?.approver !== undefined) governor.resolveApproval(held.approvalId, 'continue', by);
  else if (held) {
    // the report answers nothing, and says so in the trace: the hold stays for a human
    const route = options.route ?? 'a hook route';
    traceRouteDecision(options, {
      sessionId: governor.sessionId,
      decision: routeDecision(governor, 'report_unvouched', held.tool, {
        problem: `the held call reported as run, by ${route}, which shows no credential the session is bound to`,
        approvalId: held.approvalId,
      }),
      args: held.args,
      approvalId: held.approvalId,
    });
  }
  return proceed(withNotices(notes));
}

/**
 * The deny of an event whose session cannot be used: nothing is decided by a fresh governor. A
 * session whose record fails its MAC (`session_store_tampered`) is noted in the trace too.
 */
function storeDenial(event: HookEvent, error: SessionStoreError, options: AnswerOptions): HookAnswer {
  const tool =
    event.kind === 'pre_tool' || event.kind === 'post_tool' || event.kind === 'permission_request'
      ? event.tool
      : event.kind;
  const decision = storeUnavailableDecision(tool, error);
  if (decision.code === 'session_store_tampered')
    traceRouteDecision(options, { sessionId: event.sessionId, decision, withoutState: true });
  return { kind: 'deny', message: decision.reason ?? error.message, decision };
}

/**
 * Answers one agent hook event with the governor of its session: a prompt moves the lifecycle
 * and gets the handshake text, a call about to run is decided, the agent's own approval prompt
 * is answered from the decision (without effects), one that ran is recorded, the
 * tool list is filtered by state, and the session's end is marked (its state is kept). What a
 * human answered outside the agent (a cancelled call) is told to the model on the next answer
 * that reaches it. A session store that cannot be used answers a deny
 * (`session_store_unavailable`, or `session_store_tampered` for a record that fails its MAC); any other failure is thrown, for the caller to answer with
 * the agent's block.
 *
 * @example
 * const answer = await answerHookEvent({ kind: 'pre_tool', sessionId: 's1', cwd: '/repo', tool: 'write_to_file', args: { path: 'a.ts' } }, sessions);
 * // { kind: 'deny', message: "State Violation: Intent Handshake required for DESTRUCTIVE actions. ...", decision }
 */
export async function answerHookEvent(
  event: HookEvent,
  sessions: GovernorSessions,
  options: AnswerOptions = {},
): Promise<HookAnswer> {
  const id = event.sessionId;
  try {
    switch (event.kind) {
      case 'session_start':
        return await sessions.withSession(id, (governor, notes) => {
          // asked for the route to tell a person at once (a terminal); the model's text is unchanged
          if (governor.activeIntent === undefined) options.handshakeWarning?.();
          return proceed(withNotices(notes, governor.handshakePrompt()));
        });
      case 'user_prompt':
        return await sessions.withSession(id, (governor, notes) => {
          governor.userPrompt(event.prompt);
          // the governor keeps no prompt text: a session's label shows its first one
          noteSessionPrompt(governor, event.prompt);
          if (governor.activeIntent === undefined) options.handshakeWarning?.();
          return proceed(withNotices(notes, governor.handshakePrompt()));
        });
      case 'pre_tool':
        return await sessions.withSession(id, (governor, notes) => preTool(governor, notes, event, options));
      case 'post_tool':
        return await sessions.withSession(id, (governor, notes) => postTool(governor, notes, event, options));
      case 'permission_request':
        return await sessions.withSession(id, (governor) => permissionRequest(governor, event, options));
      case 'tool_selection':
        return await sessions.withSession(id, (governor) => ({
          kind: 'tools',
          allowed: governor
            .toolsFor(
              governor.state,
              event.tools.map((name) => ({ name })),
            )
            .map((tool) => tool.name),
        }));
      case 'stop':
        // the turn ended: the state is kept as it is
        return await sessions.withSession(id, () => proceed());
      case 'session_end':
        if (options.sessionEnd === 'ignored') {
          // anyone who can post to the route could send it: it ends nothing, and the trace says so
          traceRouteDecision(options, {
            sessionId: id,
            decision: buildDecision({
              code: 'report_unvouched',
              request: nameOnlyRequest('SessionEnd', 'SAFE'),
              facts: { state: 'REQUEST', intents: [], activeIntent: undefined, orchestrationDir: '' },
              problem: `the session's end, posted to ${options.route ?? 'a hook route'} without the approval token`,
            }),
            withoutState: true,
          });
          return proceed();
        }
        // only marked: the state is kept for a human's answer and a resumed run, never reset by the agent
        await sessions.end(id);
        return proceed();
    }
  } catch (error) {
    if (error instanceof SessionStoreError) return storeDenial(event, error, options);
    throw error;
  }
}
