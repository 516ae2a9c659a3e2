import type { ToolClass } from '../tools/toolClass';
import type { Decision } from '../decision/decision';
import { IntentGateError } from '../errors/IntentGateError';
import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import { sandboxedOptions, type CheckSandbox } from './checkSandbox';
import { callText, decisionSummary } from './exampleText';
import type { PolicyClassExample, PolicyDocument } from './policySchema';

interface ExampleRun {
  readonly tool: string;
  readonly toolClass: ToolClass;
  readonly example: PolicyClassExample;
  /** the issue path of the example, like `classification.web_fetch.examples[0]` */
  readonly at: string;
  readonly positive: boolean;
}

/** What each class means before an intent, where the class is what tells tools apart. */
const CLASS_OUTCOMES: Readonly<
  Record<ToolClass, { readonly text: string; readonly holds: (decision: Decision) => boolean }>
> = {
  SAFE: {
    text: 'allowed before an intent',
    holds: (decision) => decision.toolClass === 'SAFE' && decision.verdict === 'allow',
  },
  DESTRUCTIVE: {
    text: 'refused for want of an intent',
    holds: (decision) => decision.toolClass === 'DESTRUCTIVE' && decision.code === 'state_violation',
  },
};

function exampleRuns(document: PolicyDocument): ExampleRun[] {
  const runs: ExampleRun[] = [];
  for (const [tool, entry] of Object.entries(document.classification ?? {})) {
    if (typeof entry === 'string') continue;
    const base = { tool, toolClass: entry.class };
    entry.examples?.forEach((example, index) =>
      runs.push({ ...base, example, at: `classification.${tool}.examples[${index}]`, positive: true }),
    );
    entry.notExamples?.forEach((example, index) =>
      runs.push({ ...base, example, at: `classification.${tool}.notExamples[${index}]`, positive: false }),
    );
  }
  return runs;
}

function exampleIssue(run: ExampleRun, governor: Governor): string | undefined {
  let decision: Decision;
  try {
    decision = governor.isToolAllowed(run.tool, run.example.args);
  } catch (error) {
    if (error instanceof IntentGateError) return `${run.at}: the governor refused the example: ${error.message}`;
    throw error;
  }
  const outcome = CLASS_OUTCOMES[run.toolClass];
  if (outcome.holds(decision) === run.positive) return undefined;
  const expected = `${run.positive ? 'to be' : 'not to be'} decided as ${run.toolClass} (${outcome.text})`;
  const otherClass = decision.toolClass === run.toolClass ? '' : ` as ${decision.toolClass}`;
  return `${run.at}: expected ${callText(run.tool, run.example.args)} ${expected}, found ${decisionSummary(decision)}${otherClass}`;
}

/**
 * Decides every example of every classification rule with a governor built from the policy, in
 * REASONING (a prompt, no intent yet): a SAFE rule's examples must be allowed, a DESTRUCTIVE
 * rule's refused with state_violation, and its notExamples must not be. Returns one issue per failure.
 */
export function classExampleIssues(
  document: PolicyDocument,
  options: GovernorOptions,
  sandbox: CheckSandbox,
): { issues: string[]; count: number } {
  const runs = exampleRuns(document);
  if (runs.length === 0) return { issues: [], count: 0 };
  let governor: Governor;
  try {
    governor = createGovernor(sandboxedOptions(options, sandbox));
  } catch (error) {
    if (!(error instanceof IntentGateError)) throw error;
    return {
      issues: [`classification: the governor refused the policy's options: ${error.message}`],
      count: runs.length,
    };
  }
  try {
    governor.userPrompt('policy example');
    const issues = runs
      .map((run) => exampleIssue(run, governor))
      .filter((issue): issue is string => issue !== undefined);
    return { issues, count: runs.length };
  } finally {
    governor.stop();
  }
}
