import type { ModelMessage } from 'ai';

/** Whether the history already holds an approval request for this tool call: `needsApproval` is being asked again for an answered request. */
export function hasApprovalRequest(messages: readonly ModelMessage[], toolCallId: string): boolean {
  return messages.some(
    (message) =>
      message.role === 'assistant' &&
      typeof message.content !== 'string' &&
      message.content.some((part) => part.type === 'tool-approval-request' && part.toolCallId === toolCallId),
  );
}

/**
 * The tool call ids a human refused: every `tool-approval-response` with `approved: false`,
 * matched to its call through the `tool-approval-request` that carries the same approval id.
 * The SDK turns these into `execution-denied` results without calling the tool, so this is the
 * only place a refusal can be seen.
 */
export function deniedToolCallIds(messages: readonly ModelMessage[]): string[] {
  const callOfApproval = new Map<string, string>();
  const denied: string[] = [];
  for (const message of messages) {
    if (message.role === 'assistant' && typeof message.content !== 'string') {
      for (const part of message.content) {
        if (part.type === 'tool-approval-request') callOfApproval.set(part.approvalId, part.toolCallId);
      }
    }
  }
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      const toolCallId =
        part.type === 'tool-approval-response' && !part.approved ? callOfApproval.get(part.approvalId) : undefined;
      if (toolCallId !== undefined) denied.push(toolCallId);
    }
  }
  return denied;
}
