import { z } from 'zod';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { parseBody } from './bodySchemas';
import { sessionIdParam, type Handler } from './handler';
import { HttpError } from './httpError';

/** `POST /sessions/:id/widen-scope`: the scope globs to add, to the active intent unless another is named. */
const widenScopeBodySchema = z.strictObject({
  intent_id: z.string().min(1).max(256).optional(),
  entries: z.array(z.string().min(1).max(1024)).min(1, 'name at least one scope glob to add').max(64),
});

/** What a widened scope answers: the session, the intent and its whole new scope. */
export interface WidenedScopeView {
  readonly session_id: string;
  readonly intent_id: string;
  readonly owned_scope: readonly string[];
}

/**
 * `POST /sessions/:id/widen-scope` (approval token): a person widens an intent's scope. The
 * entries are added to the intent's `owned_scope` in the intents file through the session's
 * governor, which adopts the file at once as the person's edit (`governor.widenScope`); the
 * agent's next call is decided on the wider scope. Without `intent_id` the session's active
 * intent is widened. The agent cannot reach it: it needs the approval token, which the model's
 * messages never carry.
 */
export const widenScopeHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  const body = parseBody(widenScopeBodySchema, context.body);
  const view = await context.sessions.withExisting(id, 'write', (governor): WidenedScopeView => {
    const intentId = body.intent_id ?? governor.activeIntent?.id;
    if (intentId === undefined)
      throw new HttpError({
        status: 409,
        code: 'bad_request',
        message: `session '${id}' has no active intent to widen; name one with intent_id`,
      });
    try {
      return { session_id: id, intent_id: intentId, owned_scope: governor.widenScope(intentId, body.entries) };
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      throw new HttpError({
        status: 409,
        code: 'bad_request',
        message: `the scope of intent '${intentId.slice(0, 128)}' was not widened: ${error.message.replace(/^widenScope: /, '')}`,
      });
    }
  });
  context.events.publish({ type: 'session.changed', sessionId: id });
  return { status: 200, body: view };
};
