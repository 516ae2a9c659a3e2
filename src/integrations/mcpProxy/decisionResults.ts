import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { renderConfirmationPrompt } from '../../approval/confirmationPrompt';
import type { Decision } from '../../decision/decision';
import type { Intent } from '../../intents/intent';

/** The `_meta` key under which a result carries intentgate's decision, for clients that read it. */
export const DECISION_META_KEY = 'intentgate/decision';

/**
 * The confirmation prompt with its details, without seed 002's button line: over MCP the
 * answers are the client's Accept and Decline, or none at all.
 */
export function renderHeldCall(held: Decision): string {
  if (!held.approval) return `Call ${held.tool}`;
  const buttons = `5) ${held.approval.prompt.actions.map((action) => `[${action.label}]`).join(' ')}`;
  return renderConfirmationPrompt(held.approval.prompt, true)
    .split('\n')
    .filter((line) => line !== buttons)
    .join('\n');
}

function decisionMeta(decision: Decision): Record<string, unknown> {
  return {
    [DECISION_META_KEY]: {
      verdict: decision.verdict,
      code: decision.code,
      tool: decision.tool,
      state: decision.state,
      categories: [...decision.categories],
      ...(decision.intentId !== undefined && { intentId: decision.intentId }),
    },
  };
}

function textResult(text: string, isError: boolean, decision?: Decision): CallToolResult {
  return {
    content: [{ type: 'text', text }],
    ...(isError && { isError: true }),
    ...(decision && { _meta: decisionMeta(decision) }),
  };
}

/** A refused call: the deciding reason, which tells the model what to do, and its code. */
export function refusalResult(decision: Decision): CallToolResult {
  const reason = decision.reason ?? decision.reasons[0]?.message ?? `'${decision.tool}' may not run.`;
  return textResult(`${reason}\n[intentgate: ${decision.verdict} ${decision.code}]`, true, decision);
}

/** The answer to a successful select_active_intent, which the proxy handles itself. */
export function selectionResult(decision: Decision, intent: Intent | undefined): CallToolResult {
  const scope = intent ? ` Scope: ${intent.owned_scope.join(', ') || '(none)'}.` : '';
  const message = decision.reasons[0]?.message ?? `Intent '${decision.intentId ?? ''}' is active.`;
  return textResult(`${message}${scope} The tool list now includes the tools that change files.`, false, decision);
}

/** A call to a name that is neither an upstream tool nor select_active_intent. */
export function unknownToolResult(name: string, shadowed: boolean): CallToolResult {
  const why = shadowed
    ? `'${name}' belongs to intentgate's lifecycle and is not offered through this proxy: the task ends when the client disconnects.`
    : `Unknown tool '${name}': the upstream server does not list it.`;
  return textResult(`${why}\n[intentgate: deny unknown_tool]`, true);
}

/** A SAFE tool whose annotations now claim it changes things: refused until the proxy restarts. */
export function heldBackResult(name: string): CallToolResult {
  return textResult(
    `'${name}' was read-only when the proxy started, but the upstream now says it changes things; it ` +
      `is held back until the proxy restarts and classifies it again.\n[intentgate: deny tool_held_back]`,
    true,
  );
}

/** Safe mode holds the call (or a control-file change holds every call), and this client cannot ask its user: say what happened and what to do instead. */
export function approvalUnavailableResult(held: Decision, why: string): CallToolResult {
  if (held.code === 'control_file_changed') {
    const lines = [
      `A control file changed after the agent ran a tool that can change files, and ${why}. The ` +
        `change is rejected: intentgate keeps enforcing the content it had. The call did not run; call it again.`,
      '',
      renderHeldCall(held),
      '',
      'To adopt the change, check it and restart the proxy, which adopts the control files as they ' +
        'are then; or use an MCP client that supports elicitation, so the proxy can ask you.',
      `[intentgate: deny control_file_rejected]`,
    ];
    return textResult(lines.join('\n'), true, held);
  }
  const categories = held.approval?.categories ?? held.categories;
  const flags = categories.map((category) => `--approve ${category}`).join(' ');
  const lines = [
    `Safe mode holds this call: ${categories.join(', ')} ${categories.length === 1 ? 'is' : 'are'} ` +
      `not approved for this session, and ${why}. The call did not run.`,
    '',
    renderHeldCall(held),
    '',
    `To allow such calls, restart the proxy with ${flags} (the \`approve\` option of runMcpProxy), or ` +
      `use an MCP client that supports elicitation, so the proxy can ask you each time.`,
    `[intentgate: ask needs_approval]`,
  ];
  return textResult(lines.join('\n'), true, held);
}

/** The user declined or dismissed the approval request. */
export function declinedResult(cancelled: Decision, action: 'decline' | 'cancel'): CallToolResult {
  const who =
    cancelled.code === 'control_file_rejected'
      ? 'The user rejected the change to the control files.'
      : action === 'decline'
        ? 'The user declined this call.'
        : 'The user dismissed the approval request.';
  const lines = [
    cancelled.reason === undefined ? who : `${who} ${cancelled.reason}`,
    `[intentgate: deny ${cancelled.code}]`,
  ];
  return textResult(lines.join('\n'), true, cancelled);
}
