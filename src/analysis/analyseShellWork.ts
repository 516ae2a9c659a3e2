import { IntentGateError } from '../errors/IntentGateError';
import { formatIssues } from '../intents/intent';
import { categorization } from '../categories/evidence';
import type { CallRisk, RiskContext } from '../risk/riskContext';
import { shellCallRisk } from '../risk/shellCallRisk';
import { resolveShellPolicy } from '../policy/shell/shellSetup';
import { analysisRefusal, type PreparedShellRisk } from './preparedShellRisk';
import { shellWorkInputSchema, shellWorkKey } from './shellWork';

/** A work's analysis, or why it could not be made at all (the work's owner refuses the call). */
export type ShellWorkAnswer =
  { readonly ok: true; readonly prepared: PreparedShellRisk } | { readonly ok: false; readonly problem: string };

const firstLine = (text: string): string => text.split('\n', 1)[0]?.slice(0, 300) ?? '';

/**
 * Runs the shell analysis of one work, as the governor would in its own decision: the same
 * function on the same input, the catalog rebuilt from the policy's shell section. An error
 * the reading throws is the call's unreadable arguments, as in the governor; an intentgate
 * error (misuse, bad config) or an input that is not a work is a failure.
 */
export function analyseShellWork(input: unknown): ShellWorkAnswer {
  const parsed = shellWorkInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problem: `not an analysis work: ${formatIssues(parsed.error).join('; ')}` };
  const work = parsed.data;
  const key = shellWorkKey(work);
  const resolved = resolveShellPolicy(work.shell);
  if (resolved.issues.length > 0)
    return { ok: false, problem: `the shell policy cannot be used: ${resolved.issues.join('; ')}` };
  const context: RiskContext = {
    workspaceRoot: work.workspaceRoot,
    sandboxRoot: work.sandboxRoot,
    toolKinds: {},
    ...(work.homeDir !== undefined && { homeDir: work.homeDir }),
    shell: resolved.setup,
    controlPaths: work.controlPaths,
  };
  try {
    const risk = shellCallRisk({ command: work.command, cwd: work.cwd }, context);
    return { ok: true, prepared: { key, outcome: 'assessed', risk } };
  } catch (error) {
    if (error instanceof IntentGateError) return { ok: false, problem: firstLine(error.message) };
    return { ok: true, prepared: { key, outcome: 'unreadable', thrown: String(error) } };
  }
}

/** A call risk received from another thread, frozen again as the governor's own are. */
function receivedCallRisk(risk: CallRisk): CallRisk {
  return Object.freeze({
    risk: categorization(risk.risk.evidence),
    commandPaths: Object.freeze(risk.commandPaths.map((used) => Object.freeze(used))),
    ...(risk.shell && {
      shell: Object.freeze({
        commands: Object.freeze(risk.shell.commands.map((words) => Object.freeze(words))),
        unknowable: risk.shell.unknowable,
      }),
    }),
  });
}

/** A worker's answer as received for the work with `key`: its analysis, frozen again, or a refusal of the work. */
export function preparedFromAnswer(answer: ShellWorkAnswer, key: string): PreparedShellRisk {
  if (!answer.ok) return analysisRefusal(key, 'analysis_unavailable', `the analysis failed: ${answer.problem}`);
  const { prepared } = answer;
  return prepared.outcome === 'assessed'
    ? Object.freeze({ ...prepared, risk: receivedCallRisk(prepared.risk) })
    : Object.freeze(prepared);
}
