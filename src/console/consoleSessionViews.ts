import type { ConfirmationPrompt } from '../approval/confirmationPrompt';
import type { Governor } from '../governor/createGovernor';
import type { RiskCategory } from '../risk/categories';
import type { SessionRegistry } from '../server/sessionStore';
import { sessionView, type SessionView } from '../server/sessionView';

/** A call (or a change to a control file) that waits for a person, as the console shows it. */
export interface HeldCallView {
  readonly approval_id: string;
  /** a held tool call, or a held change to the control files (accepted or rejected, never edited) */
  readonly kind: 'call' | 'control_files';
  readonly tool: string;
  readonly categories: readonly RiskCategory[];
  /** seed 002 E's five parts */
  readonly prompt: ConfirmationPrompt;
  /** the arguments it was held with, for Edit; null when the console did not see them */
  readonly args: Readonly<Record<string, unknown>> | null;
}

/** A session as the console shows it: the service's view, the full state path and the held calls. */
export interface ConsoleSessionView extends SessionView {
  /** the statechart state with its substate, like `REASONING.awaitingApproval` */
  readonly state_path: string;
  /** every call waiting for a person, oldest first */
  readonly held_calls: readonly HeldCallView[];
}

/** The statechart state value as a dotted path: `{ REASONING: 'awaitingApproval' }` is `REASONING.awaitingApproval`. */
export function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const [key, inner] = Object.entries(value)[0] ?? [];
  if (key === undefined) return '';
  const rest = statePath(inner);
  return rest === '' ? key : `${key}.${rest}`;
}

/** The held calls of a governor, as a list; today a session holds at most one. */
export function heldCallsOf(governor: Governor, argsOf: (approvalId: string) => Readonly<Record<string, unknown>> | undefined): HeldCallView[] {
  const decision = governor.pendingApproval;
  const approval = decision?.approval;
  if (!decision || !approval) return [];
  const kind = governor.actor.getSnapshot().context.pendingApproval?.kind === 'controlFiles' ? 'control_files' : 'call';
  return [
    {
      approval_id: approval.id,
      kind,
      tool: decision.tool,
      categories: approval.categories,
      prompt: approval.prompt,
      args: kind === 'call' ? (argsOf(approval.id) ?? null) : null,
    },
  ];
}

/** One session for the console. */
export function consoleSessionView(governor: Governor, argsOf: (sessionId: string, approvalId: string) => Readonly<Record<string, unknown>> | undefined): ConsoleSessionView {
  return {
    ...sessionView(governor),
    state_path: statePath(governor.actor.getSnapshot().value),
    held_calls: heldCallsOf(governor, (approvalId) => argsOf(governor.sessionId, approvalId)),
  };
}

/** Every session the service holds, the most recently used first; reading them does not keep them alive. */
export function consoleSessionViews(
  sessions: SessionRegistry,
  argsOf: (sessionId: string, approvalId: string) => Readonly<Record<string, unknown>> | undefined,
): ConsoleSessionView[] {
  return sessions
    .ids()
    .reverse()
    .flatMap((id) => {
      const governor = sessions.get(id);
      return governor ? [consoleSessionView(governor, argsOf)] : [];
    });
}
