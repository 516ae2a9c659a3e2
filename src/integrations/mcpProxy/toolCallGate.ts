import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra, RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolRequest,
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/createGovernor';
import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from '../../tools/handshakeTools';
import { askForApproval, supportsFormElicitation } from './approvalElicitation';
import {
  approvalUnavailableResult,
  declinedResult,
  heldBackResult,
  refusalResult,
  selectionResult,
  unknownToolResult,
} from './decisionResults';
import { createSerialQueue } from './serialQueue';
import type { UpstreamServer } from './upstreamServer';

export interface ToolCallGateParts {
  readonly governor: Governor;
  /** the client-facing server, which asks the user through elicitation */
  readonly server: Server;
  readonly upstream: UpstreamServer;
  readonly approvalTimeoutMs: number;
  /** tools whose annotations turned mutating after start (see annotationDrift) */
  isHeldBack(name: string): boolean;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Either the call goes to the upstream, or the proxy answers it. */
type GateOutcome = { readonly kind: 'forward' } | { readonly kind: 'answer'; readonly result: CallToolResult };

const FORWARD: GateOutcome = { kind: 'forward' };
const answer = (result: CallToolResult): GateOutcome => ({ kind: 'answer', result });

const NO_ELICITATION = 'this MCP client does not support elicitation, so the proxy cannot ask you';

/** Relays the upstream's progress to the client under the client's own token. */
function forwardOptions(request: CallToolRequest, extra: Extra): RequestOptions {
  const token = request.params._meta?.progressToken;
  if (token === undefined) return { signal: extra.signal };
  return {
    signal: extra.signal,
    resetTimeoutOnProgress: true,
    onprogress: (progress) => {
      extra
        .sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken: token } })
        .catch(() => undefined);
    },
  };
}

/**
 * The proxy's `tools/call` handler: every call goes through `governor.handleToolCall`; a
 * deny is an error result, an allow is forwarded, an ask is put to the user.
 */
export function createToolCallGate(
  parts: ToolCallGateParts,
): (request: CallToolRequest, extra: Extra) => Promise<CallToolResult> {
  const { governor, server, upstream } = parts;
  const queue = createSerialQueue();

  const settle = async (held: Decision, signal: AbortSignal): Promise<GateOutcome> => {
    const approval = held.approval;
    if (!approval) return answer(refusalResult(held));
    const outcome = supportsFormElicitation(server)
      ? await askForApproval(server, held, { signal, timeoutMs: parts.approvalTimeoutMs })
      : ({ kind: 'unavailable', why: NO_ELICITATION } as const);
    if (outcome.kind !== 'accepted') {
      const cancelled = governor.resolveApproval(approval.id, 'cancel');
      return answer(
        outcome.kind === 'refused'
          ? declinedResult(cancelled, outcome.action)
          : approvalUnavailableResult(held, outcome.why),
      );
    }
    // Continue: the call is decided again with its categories approved once; the rules still apply.
    // For a held control-file change it accepts the change, and the call itself is made again by the model.
    const after = governor.resolveApproval(approval.id, 'continue');
    if (!after.allowed) return answer(refusalResult(after));
    // a grant narrowed to this tool: allowing create_entities never lets delete_entities run
    if (outcome.forSession && approval.categories.length > 0)
      governor.grant({ categories: approval.categories, tools: [held.tool] });
    return FORWARD;
  };

  const decide = async (name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<GateOutcome> => {
    const selecting = name === SELECT_ACTIVE_INTENT;
    // an intent added to the file while the proxy runs can be selected without a restart
    if (selecting) governor.refresh();
    const decision = governor.handleToolCall(name, args);
    if (decision.verdict === 'ask') {
      // a held control-file change holds the selection too; its answer never runs the call it came with
      const settled = await settle(decision, signal);
      return selecting && settled.kind === 'forward' ? answer(refusalResult(decision)) : settled;
    }
    if (selecting)
      return answer(decision.allowed ? selectionResult(decision, governor.activeIntent) : refusalResult(decision));
    return decision.allowed ? FORWARD : answer(refusalResult(decision));
  };

  return async (request, extra) => {
    const { name, arguments: args } = request.params;
    if (name !== SELECT_ACTIVE_INTENT && !upstream.has(name)) {
      // the cached list may be older than the upstream's tools
      await upstream.refresh().catch(() => undefined);
      if (!upstream.has(name)) return unknownToolResult(name, name === ATTEMPT_COMPLETION);
    }
    if (parts.isHeldBack(name)) return heldBackResult(name);
    const outcome = await queue(() => decide(name, args ?? {}, extra.signal));
    if (outcome.kind === 'answer') return outcome.result;
    return upstream.callTool(name, args, forwardOptions(request, extra));
  };
}
