import type { Decision } from '../decision/decision';

/**
 * What a held call or change says outside its prompt, and to whom. The model learns that a
 * human must decide and where, never the means: a command line it could run, a token, a route
 * (the agent can run commands as the same user, so a means named to it is a means given to it).
 * The human is shown the exact commands, on a channel the model does not read.
 */
export interface HeldNotes {
  /** for the model's context: a human decides, where, and what the model can do meanwhile */
  readonly model: string;
  /** for the human's channel only (a message the agent shows its user): how to answer */
  readonly human: string;
}

/** How a human answers a held call or change outside the agent; undefined when nothing is held. */
export type ApprovalHint = (sessionId: string, decision: Decision) => HeldNotes | undefined;

/** A word as a POSIX shell reads it back: as is when plain, else in single quotes. */
export function quoteForShell(word: string): string {
  return /^[\w.,:/@%+=-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The model's note: who decides, where, and that the model cannot. */
function modelNote(id: string, decision: Decision, where: string): string {
  const what =
    decision.code === 'control_file_changed'
      ? 'accept or reject this change to the control files'
      : 'approve this call';
  const retry = decision.code === 'control_file_changed' ? 'then go on' : 'then retry the very same call';
  return (
    `Only a human can ${what} (${id}), ${where}; you cannot approve it, and an approval you ` +
    `attempt yourself is refused. Tell the user it waits for them, and ${retry} once they have answered.`
  );
}

/**
 * The answers of a hook run as a command: the model is told a human decides in their own
 * terminal; the human is shown the `intentgate approve` lines that answer the held call (this
 * call once, or its categories for the session) or change (accept, or reject with `--cancel`).
 * `command` is the start of the line, with any workspace flags the hook was given.
 */
export function cliApprovalHint(command = 'intentgate approve'): ApprovalHint {
  return (sessionId, decision) => {
    const id = decision.approval?.id;
    if (id === undefined) return undefined;
    const model = modelNote(
      id,
      decision,
      "in the agent's own permission prompt where it shows one, or in a terminal of their own with " +
        "intentgate's approval command and a credential only they hold",
    );
    const start = `${command} --session ${quoteForShell(sessionId)}`;
    if (decision.code === 'control_file_changed') {
      return {
        model,
        human:
          `intentgate holds a change to the control files (${id}). To answer it, run in your ` +
          `terminal: \`${start} --held ${id}\` accepts the change; adding \`--cancel\` rejects it.`,
      };
    }
    const categories = decision.approval?.categories ?? [];
    const forSession =
      categories.length > 0
        ? `, or \`${start} ${categories.join(' ')}\` approves these categories for the whole agent session`
        : '';
    return {
      model,
      human:
        `intentgate holds '${decision.tool}' (${id}). To approve it, run in your terminal: ` +
        `\`${start} --held ${id}\` lets this very call run once when the agent retries it${forSession}.`,
    };
  };
}

/**
 * The answers of a hook the governance service decides: a human answers in the service's
 * approval console, which needs a sign-in the agent is not given; the human is pointed there.
 */
export function serviceApprovalHint(prefix: string): ApprovalHint {
  return (sessionId, decision) => {
    const id = decision.approval?.id;
    if (id === undefined) return undefined;
    const consolePath = `${prefix}/`;
    return {
      model: modelNote(
        id,
        decision,
        `in the approval console of the intentgate service (${consolePath} on its address)`,
      ),
      human:
        `intentgate holds '${decision.tool}' (${id}) in session ${sessionId}: answer it in the ` +
        `approval console (${consolePath} on the service's address), or with the service's approval routes and its token.`,
    };
  };
}
