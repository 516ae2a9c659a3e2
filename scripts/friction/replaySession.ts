// One session replayed through a fresh governor: each call decided in order, a held call answered
// Continue by the human once counted, a refusal counted and passed over.
import { rmSync } from 'node:fs';
import { createGovernor, RISK_CATEGORIES, type Decision, type RiskCategory } from '../../src/index';
import type { Session, SessionCall } from './sessionData';
import { inWorkspace, INTENT_ID, makeReplayWorkspace, type Layout } from './workspaceLayout';

/** What a coding session approves up front: running commands, and changing files in the scope. */
export const SESSION_APPROVALS: readonly RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

export type Outcome = 'allowed' | 'asked' | 'refused';

/** One call's decision as the report counts it; texts name the workspace as `<repo>`. */
export interface CallOutcome {
  readonly outcome: Outcome;
  readonly tool: string;
  /** the command, or the path, as the agent wrote it */
  readonly text: string;
  readonly code: string;
  /** the categories the session had not approved (for an ask), sorted as RISK_CATEGORIES lists them */
  readonly unapproved: readonly RiskCategory[];
  /** every category of the call raised: the analysis failed closed */
  readonly allNine: boolean;
  /** what raised the first unapproved category (an ask), or the deciding message (a refusal) */
  readonly why: string;
  /** the human answered Continue and the call was refused all the same */
  readonly refusedAfterContinue: boolean;
}

export interface SessionOutcome {
  readonly source: string;
  readonly id: string;
  readonly calls: readonly CallOutcome[];
}

const callText = (call: SessionCall): string => call.args.command ?? call.args.path ?? '';

/** A message or note with the workspace and quoted words masked, so like reasons group together. */
function generalised(text: string, root: string): string {
  return text
    .split(root)
    .join('<repo>')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\s+/g, ' ')
    .trim();
}

function outcomeOf(decision: Decision, call: SessionCall, root: string): Omit<CallOutcome, 'refusedAfterContinue'> {
  const approved = new Set<RiskCategory>(SESSION_APPROVALS);
  const unapproved = RISK_CATEGORIES.filter(
    (category) => decision.categories.includes(category) && !approved.has(category),
  );
  const base = {
    tool: call.tool,
    text: callText(call),
    code: decision.code,
    unapproved: decision.verdict === 'ask' ? unapproved : [],
    allNine: RISK_CATEGORIES.every((category) => decision.categories.includes(category)),
  };
  if (decision.verdict === 'allow') return { ...base, outcome: 'allowed', why: '' };
  if (decision.verdict === 'deny')
    return { ...base, outcome: 'refused', why: generalised(decision.reason ?? decision.code, root) };
  const evidence = decision.evidence.find((item) => unapproved.includes(item.category));
  return { ...base, outcome: 'asked', why: generalised(evidence?.note ?? decision.reason ?? decision.code, root) };
}

/**
 * How the replayed host runs shell commands: by analysis alone (as a host without containment),
 * or contained, where the decisions leave to the sandbox what the analysis cannot see. The
 * replay decides only; nothing runs, so the bwrap named here is never started.
 */
export type ReplayContainment = 'analysisOnly' | 'contained';

const CONTAINED_PLAN = { kind: 'contain', bwrap: '/usr/bin/bwrap' } as const;

/** Replays one session in a workspace of its own, removed afterwards. */
export function replaySession(
  source: string,
  session: Session,
  layout: Layout = 'named',
  containment: ReplayContainment = 'analysisOnly',
): SessionOutcome {
  const workspace = makeReplayWorkspace(session, layout);
  const { root } = workspace;
  // a trace sink that keeps nothing: the replay counts decisions, it does not audit them
  const governor = createGovernor({
    workspaceRoot: root,
    homeDir: workspace.homeDir,
    trace: () => {},
    ...(containment === 'contained' && { shellContainment: CONTAINED_PLAN }),
  });
  try {
    governor.approveSession([...SESSION_APPROVALS]);
    governor.userPrompt('Fix the issue described in the task.');
    const selected = governor.handleToolCall('select_active_intent', { intent_id: INTENT_ID });
    if (!selected.allowed)
      throw new Error(`${session.id}: select_active_intent was refused: ${selected.reason ?? selected.code}`);
    const calls = session.calls.map((call): CallOutcome => {
      const args = Object.fromEntries(
        Object.entries(call.args).map(([key, value]) => [key, inWorkspace(value, session, root)]),
      );
      const decision = governor.handleToolCall(call.tool, args);
      const outcome = outcomeOf(decision, call, root);
      // the human answers Continue, so the session goes on as the agent ran it
      const answer =
        decision.verdict === 'ask' && decision.approval !== undefined
          ? governor.resolveApproval(decision.approval.id, 'continue')
          : undefined;
      return { ...outcome, refusedAfterContinue: answer !== undefined && !answer.allowed };
    });
    return { source, id: session.id, calls };
  } finally {
    governor.stop();
    rmSync(workspace.base, { recursive: true, force: true });
  }
}
