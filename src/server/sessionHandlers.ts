import { z } from 'zod';
import { prepareCall } from '../analysis/prepareCall';
import { parseBody, promptBodySchema, toolCallBodySchema } from './bodySchemas';
import { existingSession, sessionIdParam, type Handler } from './handler';
import { sessionView } from './sessionView';

const emptyBodySchema = z.strictObject({});

/** `POST /sessions/:id/prompt`: starts the session on first use (201), then reports the prompt. */
export const promptHandler: Handler = (context) => {
  const id = sessionIdParam(context);
  const { text } = parseBody(promptBodySchema, context.body);
  const { governor, created } = context.sessions.getOrCreate(id);
  governor.userPrompt(text);
  context.events.publish({ type: created ? 'session.started' : 'session.changed', sessionId: id });
  return {
    status: created ? 201 : 200,
    body: sessionView(governor),
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
  const options = await prepareCall(existingSession(context, id), tool, args, context.analyseShell);
  // looked up again: the session may have ended while its command was analysed
  const decision = existingSession(context, id).handleToolCall(tool, args, options);
  const approvalId = decision.code === 'needs_approval' ? decision.approval?.id : undefined;
  context.events.publish(
    approvalId === undefined ? { type: 'session.changed', sessionId: id } : { type: 'call.held', sessionId: id, approvalId, tool, args: args ?? {} },
  );
  return { status: 200, body: decision };
};

/** `POST /sessions/:id/decide`: the same decision with no effects; without `args`, by tool name. */
export const decideHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  const { tool, args } = parseBody(toolCallBodySchema, context.body);
  const options = args === undefined ? {} : await prepareCall(existingSession(context, id), tool, args, context.analyseShell);
  return { status: 200, body: existingSession(context, id).isToolAllowed(tool, args, options) };
};

/** `POST /sessions/:id/reset`: back to REQUEST, intent cleared. */
export const resetHandler: Handler = (context) => {
  const id = sessionIdParam(context);
  parseBody(emptyBodySchema, context.body);
  const governor = existingSession(context, id);
  governor.reset();
  context.events.publish({ type: 'session.reset', sessionId: id });
  return { status: 200, body: sessionView(governor) };
};

/** `GET /sessions/:id`: the session view. */
export const viewHandler: Handler = (context) => {
  const id = sessionIdParam(context);
  return { status: 200, body: sessionView(existingSession(context, id)) };
};
