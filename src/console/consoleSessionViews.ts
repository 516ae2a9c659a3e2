import { basename } from 'node:path';
import type { ConfirmationPrompt } from '../approval/confirmationPrompt';
import type { Governor } from '../governor/createGovernor';
import { DEFAULT_HELD_CALL_TTL_MS } from '../governor/governorOptions';
import type { GrantSuggestion } from '../grants/grantSuggestion';
import type { RiskCategory } from '../categories/riskCategories';
import type { ToolKindSpec } from '../tools/toolKinds';
import type { SessionNotes } from '../sessions/governorSessions';
import { refusedWhy } from '../server/refusedSessions';
import { sessionView, type SessionView } from '../server/sessionView';
import {
  sessionContainment,
  type ConsoleContainment,
  type ContainmentView,
  type SessionContainment,
} from './consoleContainment';
import { callContent, type CallContentView } from './heldCallContent';
import { sessionLabelNotes } from '../sessions/sessionLabels';

/** A call (or a change to a control file) that waits for a person, as the console shows it. */
export interface HeldCallView {
  readonly approval_id: string;
  /** a held tool call, or a held change to the control files (accepted or rejected, never edited) */
  readonly kind: 'call' | 'control_files';
  readonly tool: string;
  readonly categories: readonly RiskCategory[];
  /** seed 002 E's five parts */
  readonly prompt: ConfirmationPrompt;
  /** the arguments it was held with, for Edit; null for a control-file change */
  readonly args: Readonly<Record<string, unknown>> | null;
  /** the narrowest grant that would cover it, for "Allow calls like it"; null when none could */
  readonly grant: GrantSuggestion | null;
  /** what it would write, edit or run, read from its arguments; null for another call or unseen arguments */
  readonly content: CallContentView | null;
  /** when it was held and when no answer can run it any more (the governor's heldCallTtlMs), as ISO times; null for a control-file change, which waits */
  readonly held_at: string | null;
  readonly expires_at: string | null;
  /** past its time: an answer is refused (`approval_expired`), the agent must ask again */
  readonly expired: boolean;
}

/** What a person recognizes a session by, besides its id and active intent. */
export interface SessionLabelView {
  /** the agent whose hooks drive it (its hook preset's name), when the console was told */
  readonly agent: string | null;
  /** whether an agent's hook made it (it has the hooks' notes), named or not */
  readonly via_hook: boolean;
  /** the workspace folder's name, and its full path */
  readonly workspace: string | null;
  readonly workspace_path: string | null;
  /** the first user prompt, clipped to 200 characters, when it came through a route the console hears */
  readonly first_prompt: string | null;
}

/** What the console reads held calls and labels with: the clock and the governors' options it needs. */
export interface ConsoleViewSettings {
  readonly now?: () => number;
  /** the governors' heldCallTtlMs (default the governor's default) */
  readonly heldCallTtlMs?: number;
  /** the host's tool kinds, so a host tool that writes files shows what it writes */
  readonly toolKinds?: Readonly<Record<string, ToolKindSpec>>;
  /** where the governors work */
  readonly workspaceRoot?: string;
}

/** A session as the console shows it: the service's view, the full state path and the held calls. */
export interface ConsoleSessionView extends Omit<SessionView, 'held_calls' | 'pending_approval'> {
  /** what waits first, by its id: `held_calls` shows it whole (a held call and a control-file change alike) */
  readonly pending_approval: { readonly approval_id: string; readonly shown_in: 'held_calls' } | null;
  /** the statechart state with its substate, like `REASONING.awaitingApproval` */
  readonly state_path: string;
  /** everything waiting for a person, oldest first: the service's held calls with their arguments, and a held control-file change */
  readonly held_calls: readonly HeldCallView[];
  /** whether the session's shell commands run contained, and the profile they get; null when the console is not told */
  readonly containment: ContainmentView | null;
  readonly label: SessionLabelView;
  /**
   * why every call of the session is refused when its kept record cannot be trusted (it fails
   * its MAC), the rest of the view a fresh stand-in's; null for a session shown as it is
   */
  readonly refused: string | null;
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

const isoTime = (ms: number): string => new Date(ms).toISOString();

/**
 * What waits for a person in a session, oldest first: a held control-file change, then the held calls, each
 * with what it would change and whether it is past its time.
 */
export function heldCallsOf(governor: Governor, settings: ConsoleViewSettings = {}): HeldCallView[] {
  const now = (settings.now ?? Date.now)();
  const ttl = settings.heldCallTtlMs ?? DEFAULT_HELD_CALL_TTL_MS;
  const change = governor.pendingApproval?.code === 'control_file_changed' ? governor.pendingApproval : undefined;
  const changeView: HeldCallView[] = change?.approval
    ? [
        {
          approval_id: change.approval.id,
          kind: 'control_files',
          tool: change.tool,
          categories: change.approval.categories,
          prompt: change.approval.prompt,
          args: null,
          grant: null,
          content: null,
          held_at: null,
          expires_at: null,
          expired: false,
        },
      ]
    : [];
  return [
    ...changeView,
    ...governor.heldCalls.flatMap(({ id, decision, args, heldAt }) =>
      decision.approval
        ? [
            {
              approval_id: id,
              kind: 'call' as const,
              tool: decision.tool,
              categories: decision.approval.categories,
              prompt: decision.approval.prompt,
              args,
              grant: decision.approval.grant ?? null,
              content: callContent(decision.tool, args, settings.toolKinds),
              held_at: isoTime(heldAt),
              expires_at: isoTime(heldAt + ttl),
              // the governor's own test: overdue once more than the time has passed
              expired: now - heldAt > ttl,
            },
          ]
        : [],
    ),
  ];
}

/** The id of what waits first, shown whole in `held_calls`. */
function pendingIdOf(governor: Governor): ConsoleSessionView['pending_approval'] {
  const id = governor.pendingApproval?.approval?.id;
  return id === undefined ? null : { approval_id: id, shown_in: 'held_calls' };
}

/** A session's label: its agent, the workspace and its first prompt, from what the console was told. */
export function sessionLabel(
  governor: Governor,
  agentNotes: SessionNotes | undefined,
  settings: ConsoleViewSettings = {},
): SessionLabelView {
  const noted = sessionLabelNotes(governor);
  const root = settings.workspaceRoot;
  return {
    agent: noted.agent,
    via_hook: agentNotes !== undefined,
    workspace: root === undefined ? null : basename(root) || root,
    workspace_path: root ?? null,
    first_prompt: noted.firstPrompt,
  };
}

/** One session for the console. */
export function consoleSessionView(
  governor: Governor,
  agentNotes?: SessionNotes,
  containment?: SessionContainment,
  settings: ConsoleViewSettings = {},
): ConsoleSessionView {
  return {
    ...sessionView(governor, agentNotes),
    pending_approval: pendingIdOf(governor),
    state_path: statePath(governor.actor.getSnapshot().value.lifecycle),
    held_calls: heldCallsOf(governor, settings),
    containment: containment === undefined ? null : containment(governor),
    label: sessionLabel(governor, agentNotes, settings),
    refused: refusedWhy(governor) ?? null,
  };
}

/** Where the console reads sessions from: the service's store, in memory or in Redis. */
export interface SessionLister {
  /** `view` of every live session, the most recently used first */
  list<T>(view: (governor: Governor, agentNotes: SessionNotes | undefined) => T): Promise<T[]>;
}

/** Every session the service holds, the most recently used first, with its containment when the console is told it; reading them does not keep them alive. */
export async function consoleSessionViews(
  sessions: SessionLister,
  containment?: ConsoleContainment,
  settings: ConsoleViewSettings = {},
): Promise<ConsoleSessionView[]> {
  const contained = containment === undefined ? undefined : await sessionContainment(containment);
  // the workspace is where the governors work, as the containment is told it, unless the settings say
  const told: ConsoleViewSettings =
    settings.workspaceRoot === undefined && containment
      ? { ...settings, workspaceRoot: containment.place.workspaceRoot }
      : settings;
  return sessions.list((governor, agentNotes) => consoleSessionView(governor, agentNotes, contained, told));
}
