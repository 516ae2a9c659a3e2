import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Decision } from '../../decision/decision';
import { renderHeldCall } from './decisionResults';

/** The one field of the approval form: whether Accept also allows this tool, for its categories, for the rest of the session. */
export const APPROVE_FOR_SESSION_FIELD = 'approve_for_session';

/** What the human (or the client) answered. */
export type ApprovalOutcome =
  | { readonly kind: 'accepted'; readonly forSession: boolean }
  | { readonly kind: 'refused'; readonly action: 'decline' | 'cancel' }
  | { readonly kind: 'unavailable'; readonly why: string };

export interface ApprovalRequestOptions {
  /** aborted when the client cancels the tool call */
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
}

/** True when the client declared form elicitation (the SDK reads an empty `elicitation: {}` as form). */
export function supportsFormElicitation(server: Server): boolean {
  return server.getClientCapabilities()?.elicitation?.form !== undefined;
}

/** A held control-file change, not a held call: it has no categories to approve for the session. */
const isControlFileChange = (held: Decision): boolean => held.code === 'control_file_changed';

function approvalMessage(held: Decision): string {
  if (isControlFileChange(held)) {
    return [
      `intentgate holds every call: a control file changed after the agent ran a tool that can change files, so the agent may have changed it itself.`,
      '',
      renderHeldCall(held),
      '',
      'Accept adopts the change: intentgate enforces it from now on. Decline rejects it: intentgate ' +
        'keeps the content it enforced, and the file keeps the rejected text until you restore it. ' +
        'Either way the call that asked does not run; the agent calls it again.',
    ].join('\n');
  }
  return [
    `intentgate safe mode holds a tool call for your approval.`,
    '',
    renderHeldCall(held),
    '',
    `Accept runs this call once (Continue); tick "${APPROVE_FOR_SESSION_FIELD}" to allow ${held.tool} ` +
      `(${held.approval?.categories.join(', ') ?? 'its categories'}) for the rest of this session, and no other tool. Decline cancels it (Cancel).`,
  ].join('\n');
}

/**
 * Asks the client's user, through an MCP elicitation, whether a held call may run. A
 * timeout or a cancelled tool call counts as Cancel; any other failure means the proxy could
 * not ask.
 */
export async function askForApproval(
  server: Server,
  held: Decision,
  options: ApprovalRequestOptions,
): Promise<ApprovalOutcome> {
  try {
    const result = await server.elicitInput(
      {
        mode: 'form',
        message: approvalMessage(held),
        requestedSchema: {
          type: 'object',
          properties: isControlFileChange(held)
            ? {}
            : {
                [APPROVE_FOR_SESSION_FIELD]: {
                  type: 'boolean',
                  title: `Allow ${held.tool} for the rest of this session`,
                  description:
                    `Grants ${held.approval?.categories.join(', ') ?? 'its categories'} to ` +
                    `${held.tool} alone until the proxy stops; other tools are still asked about.`,
                  default: false,
                },
              },
        },
      },
      { signal: options.signal, timeout: options.timeoutMs },
    );
    if (result.action === 'accept')
      return { kind: 'accepted', forSession: result.content?.[APPROVE_FOR_SESSION_FIELD] === true };
    return { kind: 'refused', action: result.action };
  } catch (error) {
    if (options.signal.aborted || (error instanceof McpError && error.code === ErrorCode.RequestTimeout))
      return { kind: 'refused', action: 'cancel' };
    return {
      kind: 'unavailable',
      why: `the approval request failed (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}
