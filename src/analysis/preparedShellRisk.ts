import { unseen } from '../shell/runFiles/codeFiles';
import { unseenEvidence } from '../risk/unseenEvidence';
import { categorization, type Categorization } from '../categories/evidence';
import { workspacePathContext, type CallRisk, type RiskContext } from '../risk/riskContext';
import { shellCallOf, shellWorkInput, shellWorkKey, type ShellWork } from './shellWork';

/** Why a call's shell analysis gave no answer: it ran past its time budget, or could not be done. */
export type AnalysisRefusalCode = 'analysis_over_budget' | 'analysis_unavailable';

/**
 * A call's shell analysis made ahead of its decision (on a worker thread), for the key of the
 * work it answers: the risk it found, the text of an error its reading threw (the call's
 * arguments could not be read, as in the governor), or why there is no answer (the call is
 * refused, fail closed). A governor uses it only for the call whose work has that key.
 */
export type PreparedShellRisk =
  | { readonly key: string; readonly outcome: 'assessed'; readonly risk: CallRisk }
  | { readonly key: string; readonly outcome: 'unreadable'; readonly thrown: string }
  | { readonly key: string; readonly outcome: 'refused'; readonly code: AnalysisRefusalCode; readonly problem: string };

/** Runs one work's shell analysis somewhere else (a worker thread) and answers it; never rejects. */
export type ShellAnalyser = (work: ShellWork) => Promise<PreparedShellRisk>;

/** What a decision may be given besides the call: a shell analysis made ahead of it. */
export interface CallOptions {
  /** used only when its key is the key of the work the governor derives from this call; else the governor analyses the call itself */
  readonly prepared?: PreparedShellRisk;
}

/** A refusal of the work with `key`: no analysis answered it. */
export function analysisRefusal(key: string, code: AnalysisRefusalCode, problem: string): PreparedShellRisk {
  return Object.freeze({ key, outcome: 'refused', code, problem });
}

/** The prepared analysis of this very call, with its command: its key is the key of the work the call's own arguments make; undefined otherwise. */
export function preparedFor(
  prepared: PreparedShellRisk | undefined,
  tool: string,
  args: unknown,
  risk: RiskContext,
): { readonly prepared: PreparedShellRisk; readonly command: string } | undefined {
  if (prepared === undefined) return undefined;
  const call = shellCallOf(tool, args, risk);
  return call !== undefined && shellWorkKey(shellWorkInput(call, risk)) === prepared.key
    ? { prepared, command: call.command }
    : undefined;
}

/** A command no analysis answered for raises every category, as code that cannot be read does (fail closed). */
export function unanalysedRisk(command: string, problem: string, risk: RiskContext): Categorization {
  const label = command.trim().split(/\s+/, 1)[0]?.slice(0, 80) || 'command';
  return categorization(
    unseenEvidence(unseen(label, `the command was not analysed: ${problem}`), workspacePathContext(risk)),
  );
}
