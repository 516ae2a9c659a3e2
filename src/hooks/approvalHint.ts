import type { Decision } from '../decision/decision';

/** How a human answers a held call or change outside the agent, as text to show with it. */
export type ApprovalHint = (sessionId: string, decision: Decision) => string;

/** A word as a POSIX shell reads it back: as is when plain, else in single quotes. */
export function quoteForShell(word: string): string {
  return /^[\w.,:/@%+=-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The `intentgate approve` command lines that answer a held call (this call once, or its
 * categories for the session) or a held control-file change (accept, or reject with `--cancel`).
 * `command` is the start of the line, with any workspace flags the hook was given.
 */
export function cliApprovalHint(command = 'intentgate approve'): ApprovalHint {
  return (sessionId, decision) => {
    const id = decision.approval?.id;
    if (id === undefined) return '';
    const start = `${command} --session ${quoteForShell(sessionId)}`;
    if (decision.code === 'control_file_changed') {
      return `To answer outside the agent, run in a terminal: \`${start} --held ${id}\` accepts the change; adding \`--cancel\` rejects it.`;
    }
    const categories = decision.approval?.categories ?? [];
    const forSession = categories.length > 0 ? `, or \`${start} ${categories.join(' ')}\` approves these categories for the whole agent session` : '';
    return `To approve outside the agent, run in a terminal: \`${start} --held ${id}\` lets this very call run once when the agent retries it${forSession}.`;
  };
}

/**
 * How a human answers outside the agent through the governance service: the approval routes,
 * with the approval token. A held call is approved by its categories, for the whole session.
 */
export function serviceApprovalHint(prefix: string): ApprovalHint {
  return (sessionId, decision) => {
    const id = decision.approval?.id;
    if (id === undefined) return '';
    const token = 'with `Authorization: Bearer <approval token>`';
    if (decision.code === 'control_file_changed') {
      return `To answer outside the agent: POST ${prefix}/sessions/${encodeURIComponent(sessionId)}/approvals/${id} with {"answer": "continue"} (accept) or {"answer": "cancel"} (reject), ${token}.`;
    }
    const categories = JSON.stringify(decision.approval?.categories ?? []);
    return `To approve outside the agent: POST ${prefix}/approve-session with {"session_id": ${JSON.stringify(sessionId)}, "categories": ${categories}}, ${token}; then the agent retries.`;
  };
}
