import path from 'node:path';
import { serviceApprovalHint } from '../hooks/approvalHint';
import { heldCallsOf } from '../hooks/heldCallPasses';
import { findHookAdapter, hookAdapterNames } from '../hooks/hookAdapters';
import { hookOutputFor } from '../hooks/hookOutputFor';
import type { AgentHookAdapter, HookOutput } from '../hooks/agentHookAdapter';
import { containCall, shellToolsOf, withShellContainment, type HookContainment } from '../hooks/hookContainment';
import { handshakeWarning } from '../hooks/handshakeCheck';
import { SessionStoreError } from '../errors/SessionStoreError';
import type { GovernorOptions } from '../governor/governorOptions';
import { hookGovernorSettings, type HookGovernorSettings } from '../hooks/hookGovernorSettings';
import { requireApprovalToken } from './approvalAuth';
import type { ApprovalTokens } from './approvalTokens';
import type { GovernorSessions } from '../sessions/governorSessions';
import { noteSessionAgent } from '../sessions/sessionLabels';
import type { JsonResponse } from './errorResponse';
import type { Handler, HandlerContext } from './handler';
import { HttpError } from './httpError';
import { sessionIdSchema } from './ids';
import type { SessionEvents } from './sessionEvents';
import type { TextBody } from './readJsonBody';

/**
 * The service's sessions for ids it can name; another id is the store's refusal (the hook answers
 * a deny). What a hook event did to its session is published, as the session routes publish it,
 * so the console shows a call held through an agent's hook at once, with its arguments for Edit.
 */
function checkedSessions(sessions: GovernorSessions, events: SessionEvents, agent: string): GovernorSessions {
  const check = (sessionId: string): void => {
    if (!sessionIdSchema.safeParse(sessionId).success)
      throw new SessionStoreError(
        `the agent's session id cannot name a session of the governance service: use 1 to 128 characters of [A-Za-z0-9._:-]`,
      );
  };
  return {
    withSession(sessionId, work) {
      check(sessionId);
      return sessions.withSession(sessionId, async (governor, notes) => {
        // the console labels a hook session with its agent (and its first prompt, noted where it is read)
        noteSessionAgent(governor, agent);
        const heldBefore = heldCallsOf(governor).map((held) => held.approvalId);
        const result = await work(governor, notes);
        const heldAfter = heldCallsOf(governor);
        for (const held of heldAfter)
          if (!heldBefore.includes(held.approvalId))
            events.publish({
              type: 'call.held',
              sessionId,
              approvalId: held.approvalId,
              tool: held.tool,
              args: held.args,
            });
        for (const approvalId of heldBefore)
          if (!heldAfter.some((held) => held.approvalId === approvalId))
            events.publish({ type: 'call.answered', sessionId, approvalId });
        events.publish({ type: 'session.changed', sessionId });
        return result;
      });
    },
    async end(sessionId) {
      check(sessionId);
      await sessions.end(sessionId);
      events.publish({ type: 'session.changed', sessionId });
    },
  };
}

/** The adapter's output as the agent's own `http` hook reads it: its stdout as the body. */
function agentResponse(output: HookOutput): JsonResponse {
  if (output.stdout.trim() === '') return { status: 200, body: {} };
  try {
    return { status: 200, body: JSON.parse(output.stdout) as unknown };
  } catch {
    return { status: 200, body: undefined, text: output.stdout };
  }
}

/**
 * The name of the approval token a hook event was posted with (`Authorization: Bearer <token>`,
 * what `intentgate hook --server` sends when its environment names the token file); undefined
 * for none or a wrong one. A hook route answers either way: the token only vouches for the
 * agent's reports (a held call it ran, the session's end).
 */
export function vouchingApprover(authorization: string | undefined, tokens: ApprovalTokens): string | undefined {
  if (authorization === undefined || authorization === '') return undefined;
  try {
    return requireApprovalToken(authorization, tokens);
  } catch {
    return undefined;
  }
}

// read once per options object: parsing them (the shell policy) is not done per event
const settingsRead = new WeakMap<GovernorOptions, HookGovernorSettings>();

/** What the routes read of the service's governor options: the held-call TTL and the trace their own decisions go to. */
export function settingsOf(options: GovernorOptions | undefined): HookGovernorSettings | undefined {
  if (options === undefined) return undefined;
  let settings = settingsRead.get(options);
  if (settings === undefined) {
    settings = hookGovernorSettings(options, process.cwd());
    settingsRead.set(options, settings);
  }
  return settings;
}

/**
 * The handshake warning `intentgate hook <agent>` adds to a refusal for lack of an intent, read
 * from the service's workspace (`serve --workspace`, a service's `governor.workspaceRoot`) and
 * the service's home; none when the service names no workspace. Read at most once per event.
 */
function serviceHandshakeWarning(agent: string, options: GovernorOptions | undefined): () => string | undefined {
  if (options?.workspaceRoot === undefined) return () => undefined;
  const workspace = path.resolve(options.workspaceRoot);
  let read: { readonly warning: string | undefined } | undefined;
  return () => (read ??= { warning: handshakeWarning(agent, { workspace, env: process.env }) }).warning;
}

const isTextBody = (body: unknown): body is TextBody => typeof body === 'object' && body !== null && 'ok' in body;

/**
 * The adapter whose sessions' governors know the service's plan for shell commands (only an
 * agent that takes a rewritten command gets one), and what running them contained needs. The
 * shell tools are the agent's own (its preset).
 */
async function routeContainment(
  adapter: AgentHookAdapter,
  context: HandlerContext,
): Promise<{ readonly adapter: AgentHookAdapter; readonly containment?: HookContainment }> {
  if (context.containment === undefined || adapter.rewritesShellCommands !== true) return { adapter };
  const { plan } = await context.containment.status;
  const governed = withShellContainment(adapter, plan);
  if (plan.kind !== 'contain') return { adapter: governed };
  return {
    adapter: governed,
    containment: {
      bwrap: plan.bwrap,
      place: context.containment.place,
      shellTools: shellToolsOf(governed.governorOptions),
    },
  };
}

/**
 * `POST /hooks/:agent` and `POST /hooks/:agent/output`: one raw hook event of an agent, answered
 * as `intentgate hook <agent>` answers it, with the service's sessions. Always 200 once the
 * agent is known: a bad event is answered with the adapter's block, never with an HTTP error
 * an agent could take for "go on". `agent` answers with the adapter's stdout as the body (what
 * an agent's `http` hook reads); `output` with `{ stdout, stderr, exitCode }` (what
 * `intentgate hook --server` prints).
 */
export function hookHandler(answer: 'agent' | 'output'): Handler {
  return async (context) => {
    const name = context.params.agent ?? '';
    const adapter = findHookAdapter(name);
    if (!adapter) {
      throw new HttpError({
        status: 404,
        code: 'route_not_found',
        message: `no hooks of agent '${name.slice(0, 64)}'; the agents are: ${hookAdapterNames().join(', ') || 'none yet'}`,
      });
    }
    const body = isTextBody(context.body) ? context.body : { ok: false as const, problem: 'no body was read' };
    const contained = await routeContainment(adapter, context);
    const output = body.ok
      ? await hookOutputFor(adapter, body.text, {
          sessions: () =>
            checkedSessions(context.sessions.hookSessions(contained.adapter), context.events, adapter.name),
          answer: {
            approvalHint: serviceApprovalHint(context.prefix),
            route: `POST ${context.prefix}/hooks/${adapter.name}`,
            settings: () => settingsOf(context.governorOptions),
            // a report of a held call run, and the session's end, count only with the approval token
            ...(context.approver === undefined
              ? { sessionEnd: 'ignored' as const }
              : { heldCallRan: () => ({ approver: `${adapter.name}'s own prompt (${context.approver ?? ''})` }) }),
            analyseShell: context.analyseShell,
            // the agent may not offer the handshake tool at all: its refusal says so, and the fix
            handshakeWarning: serviceHandshakeWarning(adapter.name, context.governorOptions),
            containShell: (governor, event, decision) =>
              contained.containment === undefined
                ? { ok: false, reason: 'the service has no sandbox for it' }
                : containCall(contained.containment, { governor, event, decision }),
          },
        })
      : adapter.failure(`intentgate: ${body.problem}`);
    return answer === 'output' ? { status: 200, body: output } : agentResponse(output);
  };
}
