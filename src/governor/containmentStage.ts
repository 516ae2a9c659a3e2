import type { ContainmentPlan } from '../containment/containmentPlan';
import { HOST_RUNS_COMMANDS } from '../containment/containmentPlan';
import { reason, type Reason } from '../decision/reason';
import type { Intent } from '../intents/intent';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import { categorization, type Evidence } from '../categories/evidence';
import type { CommandPath } from '../risk/shellRisk';
import { categoryNotes, type RiskAssessment } from '../safeMode/riskAssessment';

type Assessed = Extract<RiskAssessment, { ok: true }>;

/** What containment makes of one call's assessment, before the lifecycle and safe mode see it. */
export type ContainmentStep =
  /** not a shell command: nothing to contain */
  | { readonly kind: 'none' }
  /** runs contained: the assessment without the guesses the sandbox holds, and the note that says so */
  | { readonly kind: 'contained'; readonly assessment: Assessed; readonly note: Reason }
  /** decided by analysis alone: the assessment as it was, and a note when the host said why */
  | { readonly kind: 'analysisOnly'; readonly note: Reason | undefined }
  /** refused if the lifecycle would let it run or hold it: containment is required and cannot run */
  | { readonly kind: 'refused'; readonly problem: string };

const NOT_SHELL: ContainmentStep = Object.freeze({ kind: 'none' });
const SILENT_ANALYSIS: ContainmentStep = Object.freeze({ kind: 'analysisOnly', note: undefined });

/** Where the call runs, for the note: the state and the active intent. */
export interface ContainmentFacts {
  readonly state: LifecycleState;
  readonly activeIntent: Intent | undefined;
}

/** What the sandbox lets a command write, in a few words. */
function writableWords(facts: ContainmentFacts): string {
  if (facts.state !== 'ACTION' || facts.activeIntent === undefined)
    return `it can write nothing but a private /tmp (the lifecycle is in ${facts.state}, not ACTION)`;
  return `it can write only in the active intent's scope (${facts.activeIntent.owned_scope.join(', ')}) and a private /tmp`;
}

/**
 * A path whose scope check the sandbox takes over: a possible write of a program the analysis
 * does not know, one whose place is known only at run time, or a change to the workspace as a
 * whole (`find . -delete`, the root or a folder holding it), which outside the scope, in the
 * control files and in .git's hooks and config meets read-only mounts. Any other literal path
 * the command names stays for the lifecycle's checks.
 */
const isGuessedPath = (used: CommandPath): boolean =>
  used.assumed !== undefined || used.unresolved !== undefined || used.coversWorkspace === true || used.relative === '';

/**
 * The assessment of a contained command: the evidence the analysis raised because it could not
 * see (every category for inline code or a command built at run time, a possible write) is
 * dropped, since the kernel holds what it stood for; what the rules saw stays. A shell
 * command is always EXEC_ARBITRARY (seed 002), so that category is kept.
 */
function withoutGuesses(assessment: Assessed): {
  readonly assessment: Assessed;
  readonly dropped: readonly Evidence[];
} {
  const seen: Evidence[] = [];
  const dropped: Evidence[] = [];
  for (const item of assessment.risk.evidence) (item.unseen === true ? dropped : seen).push(item);
  const paths = assessment.commandPaths.filter((used) => !isGuessedPath(used));
  if (dropped.length === 0 && paths.length === assessment.commandPaths.length) return { assessment, dropped };
  if (!seen.some((item) => item.category === 'EXEC_ARBITRARY')) {
    const run = dropped.find((item) => item.category === 'EXEC_ARBITRARY');
    if (run !== undefined) seen.unshift(run);
  }
  const risk = categorization(seen);
  const kept = assessment.notes.filter((note) => note.code !== 'risk_category');
  return {
    assessment: { ...assessment, risk, notes: [...categoryNotes(risk), ...kept], commandPaths: paths },
    dropped,
  };
}

/**
 * The containment stage of a decision. Under a `contain` plan a shell command runs in the
 * sandbox the active intent shapes, so the analysis's guesses give way to the kernel; under
 * `analysisOnly` the decision rests on analysis, as it says when the host gave a reason; under
 * `refuse` the call is refused with what is missing.
 */
export function containmentStep(plan: ContainmentPlan, assessment: Assessed, facts: ContainmentFacts): ContainmentStep {
  if (assessment.shell === undefined) return NOT_SHELL;
  if (plan.kind === 'refuse') return { kind: 'refused', problem: plan.reason };
  if (plan.kind === 'analysisOnly') {
    if (plan === HOST_RUNS_COMMANDS) return SILENT_ANALYSIS;
    return {
      kind: 'analysisOnly',
      note: reason('not_contained', 'containment', {
        message: `Decided by analysis alone, not contained: ${plan.reason}.`,
      }),
    };
  }
  const relaxed = withoutGuesses(assessment);
  const unseen =
    relaxed.dropped.find(
      (item) => item.category !== 'FS_DELETE_OVERWRITE' && item.category !== 'FS_OUTSIDE_WORKSPACE',
    ) ?? relaxed.dropped[0];
  const left =
    unseen === undefined
      ? ''
      : ` What the analysis could not see (${unseen.note}) is left to the sandbox, not asked about.`;
  const message =
    `Runs contained: ${writableWords(facts)}; intentgate's files, ignored paths and the ` +
    `agent's settings are unreadable; the network is open only as the session approved it.${left}`;
  return { kind: 'contained', assessment: relaxed.assessment, note: reason('contained', 'containment', { message }) };
}
