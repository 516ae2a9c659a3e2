import { IntentGateError } from '../errors/IntentGateError';
import type { RiskCategory } from '../categories/riskCategories';
import { categorize } from '../risk/categorize';
import type { ToolKindSpec } from '../tools/toolKinds';
import type { CheckSandbox } from './checkSandbox';
import { callText } from './exampleText';
import type { PolicyKindExample, PolicyDocument } from './policySchema';

interface ExampleRun {
  readonly tool: string;
  readonly example: PolicyKindExample;
  /** the issue path of the example, like `toolKinds.shell_run.examples[0]` */
  readonly at: string;
  readonly positive: boolean;
}

const list = (categories: readonly RiskCategory[]): string =>
  categories.length === 0 ? 'none' : categories.join(', ');

function exampleIssue(
  run: ExampleRun,
  toolKinds: Readonly<Record<string, ToolKindSpec>>,
  sandbox: CheckSandbox,
): string | undefined {
  let found: readonly RiskCategory[];
  try {
    found = categorize(run.tool, run.example.args, {
      toolKinds,
      workspaceRoot: sandbox.workspace,
      sandboxRoot: sandbox.root,
    }).categories;
  } catch (error) {
    if (error instanceof IntentGateError) return `${run.at}: categorize refused the example: ${error.message}`;
    throw error;
  }
  const expected = run.example.categories;
  const call = callText(run.tool, run.example.args);
  if (run.positive) {
    const missing = expected.filter((category) => !found.includes(category));
    return missing.length === 0
      ? undefined
      : `${run.at}: expected ${call} to raise ${list(expected)}, found ${list(found)} (missing ${list(missing)})`;
  }
  const raised = expected.filter((category) => found.includes(category));
  return raised.length === 0
    ? undefined
    : `${run.at}: expected ${call} to raise none of ${list(expected)}, found ${list(found)}`;
}

/**
 * Runs every example of every tool-kind mapping through `categorize`, as Codex's execpolicy
 * checks a rule's examples when it loads: a mapping that does not do what its examples say
 * is a configuration error, found before any agent relies on it. Returns one issue per failure.
 */
export function kindExampleIssues(
  document: PolicyDocument,
  toolKinds: Readonly<Record<string, ToolKindSpec>>,
  sandbox: CheckSandbox,
): { issues: string[]; count: number } {
  const runs: ExampleRun[] = [];
  for (const [tool, entry] of Object.entries(document.toolKinds ?? {})) {
    entry.examples?.forEach((example, index) =>
      runs.push({ tool, example, at: `toolKinds.${tool}.examples[${index}]`, positive: true }),
    );
    entry.notExamples?.forEach((example, index) =>
      runs.push({ tool, example, at: `toolKinds.${tool}.notExamples[${index}]`, positive: false }),
    );
  }
  const issues = runs
    .map((run) => exampleIssue(run, toolKinds, sandbox))
    .filter((issue): issue is string => issue !== undefined);
  return { issues, count: runs.length };
}
