import { z } from 'zod';
import { prepareCall } from '../analysis/prepareCall';
import { noteSessionPrompt } from '../sessions/sessionLabels';
import type { Decision } from '../decision/decision';
import { isHeldCallCode } from '../decision/reasons';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { SessionStoreError } from '../errors/SessionStoreError';
import { storeUnavailableDecision } from '../sessions/storeUnavailableDecision';
import { parseBody, promptBodySchema, toolCallBodySchema } from './bodySchemas';
import { sessionIdParam, type Handler } from './handler';
import { settingsOf } from './hookHandlers';
import { isHookSessionRefusal } from './serviceSessions';
import { sessionView } from './sessionView';

const emptyBodySchema = z.strictObject({});

/** A decision, or the deny of a store that cannot be used: a decision route answers a decision, never an allow from memory. */
async function decidedOrDenied(tool: string, decide: () => Promise<Decision>): Promise<Decision> {
  try {
    return await decide();
  } catch (error) {
    if (error instanceof SessionStoreError) return storeUnavailableDecision(tool, error);
    throw error;
  }
}

/**
 * The prompt route's use of a session: one an agent's hooks made is the caller's mistake (400,
 * use its hook route or another id), never a store to retry later (503).
 */
async function ownSession<T>(use: () => Promise<T>): Promise<T> {
  try {
    return await use();
  } catch (error) {
    if (isHookSessionRefusal(error) && error instanceof Error) throw new InvalidArgumentError(error.message);
    throw error;
  }
}

/** `POST /sessions/:id/prompt`: starts the session on first use (201), then reports the prompt; a session an agent's hooks made is refused. */
export const promptHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  const { text } = parseBody(promptBodySchema, context.body);
  const { view, created } = await ownSession(() =>
    context.sessions.withCreated(id, (governor, isNew) => {
      governor.userPrompt(text);
      // the governor keeps no prompt text: the console labels the session with its first one
      noteSessionPrompt(governor, text);
      return { view: sessionView(governor), created: isNew };
    }),
  );
  context.events.publish({ type: created ? 'session.started' : 'session.changed', sessionId: id });
  return {
    status: created ? 201 : 200,
    body: view,
    ...(created && { headers: { Location: `${context.prefix}/sessions/${encodeURIComponent(id)}` } }),
  };
};

/**
 * `POST /sessions/:id/tool-calls`: the gateway; a refused call is a 200 decision, not an HTTP
 * error. A shell command is analysed on a worker thread first, so other sessions do not wait.
 */
export const toolCallHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  const { tool, args } = parseBody(toolCallBodySchema, context.body);
  const decision = await decidedOrDenied(tool, () =>
    context.sessions.withOwn(id, async (governor) =>
      governor.handleToolCall(tool, args, await prepareCall(governor, tool, args, context.analyseShell)),
    ),
  );
  // a session whose record fails its MAC has no governor to trace the refusal: the route notes it
  if (decision.code === 'session_store_tampered')
    settingsOf(context.governorOptions)?.traceNote({ sessionId: id, decision, args, withoutState: true });
  const approvalId = isHeldCallCode(decision.code) ? decision.approval?.id : undefined;
  context.events.publish(
    approvalId === undefined
      ? { type: 'session.changed', sessionId: id }
      : { type: 'call.held', sessionId: id, approvalId, tool, args: args ?? {} },
  );
  return { status: 200, body: decision };
};

/** `POST /sessions/:id/decide`: the same decision with no effects; without `args`, by tool name. */
export const decideHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  const { tool, args } = parseBody(toolCallBodySchema, context.body);
  const decision = await decidedOrDenied(tool, () =>
    context.sessions.withExisting(id, 'read', async (governor) =>
      governor.isToolAllowed(
        tool,
        args,
        args === undefined ? {} : await prepareCall(governor, tool, args, context.analyseShell),
      ),
    ),
  );
  return { status: 200, body: decision };
};

/** `POST /sessions/:id/reset`: back to REQUEST, intent cleared. */
export const resetHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  parseBody(emptyBodySchema, context.body);
  const view = await context.sessions.withExisting(id, 'write', (governor, agentNotes) => {
    governor.reset();
    return sessionView(governor, agentNotes);
  });
  context.events.publish({ type: 'session.reset', sessionId: id });
  return { status: 200, body: view };
};

/** `GET /sessions/:id`: the session view. */
export const viewHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  return { status: 200, body: await context.sessions.withExisting(id, 'read', sessionView) };
};
