import { IntentGateError } from '../errors/IntentGateError';
import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import type { Intent } from '../intents/intent';
import { CHECK_INTENT, sandboxedOptions, type CheckSandbox } from './checkSandbox';
import { decisionSummary } from './exampleText';
import type { PolicyCheck } from './policySchema';

/** The intent an ACTION check selects, or the problem with the one it names. */
function intentFor(check: PolicyCheck, intents: readonly Intent[] | undefined): { id: string } | { problem: string } {
  if (intents === undefined) {
    return check.intent === undefined
      ? { id: CHECK_INTENT.id }
      : { problem: `names intent '${check.intent}' but the policy lists no intents; add them under intents` };
  }
  const id = check.intent ?? intents[0]?.id;
  if (id === undefined)
    return { problem: 'needs an intent to reach ACTION but the policy lists none; add one under intents' };
  if (!intents.some((intent) => intent.id === id)) {
    return {
      problem: `names unknown intent '${id}'; the policy's intents are ${intents.map((intent) => intent.id).join(', ')}`,
    };
  }
  return { id };
}

/** Drives a fresh governor into the check's state; returns a problem when it cannot get there. */
function drive(governor: Governor, check: PolicyCheck, intents: readonly Intent[] | undefined): string | undefined {
  if (check.state === 'REQUEST')
    return check.intent === undefined
      ? undefined
      : 'names an intent, but REQUEST has no active intent; remove intent or use state ACTION';
  governor.userPrompt('policy check');
  if (check.state === 'REASONING')
    return check.intent === undefined ? undefined : 'names an intent; only ACTION checks select one';
  const intent = intentFor(check, intents);
  if ('problem' in intent) return intent.problem;
  const selected = governor.handleToolCall('select_active_intent', { intent_id: intent.id });
  return selected.allowed ? undefined : `cannot reach ACTION: select_active_intent was ${decisionSummary(selected)}`;
}

function checkIssue(
  check: PolicyCheck,
  options: GovernorOptions,
  intents: readonly Intent[] | undefined,
): string | undefined {
  const governor = createGovernor(options);
  try {
    const problem = drive(governor, check, intents);
    if (problem !== undefined) return problem;
    if (check.approved) governor.approveSession(check.approved);
    const decision =
      check.args === undefined ? governor.isToolAllowed(check.tool) : governor.isToolAllowed(check.tool, check.args);
    const verdictOk = decision.verdict === check.verdict;
    const codeOk = check.code === undefined || decision.code === check.code;
    if (verdictOk && codeOk) return undefined;
    const expected = check.code === undefined ? check.verdict : `${check.verdict} (${check.code})`;
    return `expected ${check.tool} in ${check.state} to be ${expected}, found ${decisionSummary(decision)}`;
  } finally {
    governor.stop();
  }
}

/**
 * Runs each check against a fresh governor built from the policy in a temporary sandbox:
 * the policy's classification, tool kinds, modes, safe mode and locale, with its intents (or
 * CHECK_INTENT when it lists none). Returns one issue per failing check, named by its path.
 */
export function policyCheckIssues(
  checks: readonly PolicyCheck[],
  options: GovernorOptions,
  sandbox: CheckSandbox,
): string[] {
  const intents = options.intents;
  const sandboxed = sandboxedOptions(options, sandbox);
  const issues: string[] = [];
  checks.forEach((check, index) => {
    try {
      const issue = checkIssue(check, sandboxed, intents);
      if (issue !== undefined) issues.push(`checks[${index}]: ${issue}`);
    } catch (error) {
      if (!(error instanceof IntentGateError)) throw error;
      issues.push(`checks[${index}]: the governor refused the check: ${error.message}`);
    }
  });
  return issues;
}
