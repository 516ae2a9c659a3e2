import type { Decision } from '../../decision/decision';

/** The governor's decision on one AI SDK tool call, kept from `needsApproval` until `execute`. */
export interface LedgerEntry {
  readonly tool: string;
  readonly decision: Decision;
  /** the host's own `needsApproval` asked a human too */
  readonly hostApproval: boolean;
}

/**
 * Decisions by tool call id. The SDK asks `needsApproval` and runs `execute` at different
 * moments (for an approved call, in the next `generateText`), so the decision made at the
 * first must be found at the second, and a call is decided once.
 */
export class CallLedger {
  readonly #entries = new Map<string, LedgerEntry>();

  record(toolCallId: string, entry: LedgerEntry): void {
    this.#entries.set(toolCallId, entry);
  }

  peek(toolCallId: string): LedgerEntry | undefined {
    return this.#entries.get(toolCallId);
  }

  /** Returns the entry and forgets it: a decision is used by one execution at most. */
  take(toolCallId: string): LedgerEntry | undefined {
    const entry = this.#entries.get(toolCallId);
    this.#entries.delete(toolCallId);
    return entry;
  }

  /** Drops every entry: a new user prompt drops the calls still waiting for a human. */
  clear(): void {
    this.#entries.clear();
  }
}
