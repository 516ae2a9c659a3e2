import { approvalsMachine } from '../../machines/approvals';
import { lifecycleMachine } from '../../machines/lifecycle';
import { computeGovernanceMatrix } from '../../src/matrix/governanceMatrix';
import { MATRIX_INTENTS } from '../../src/matrix/matrixProbes';
import { renderMatrixMarkdown } from '../../src/matrix/renderMatrix';
import { decisionCodesTable, statesTable, transitionsTable } from './chartTables';
import type { ChartNode } from './chartTransitions';
import { generatedHeader } from './markdown';
import { MERMAID_LEGEND, mermaidStatechart } from './mermaidStatechart';

const mermaidBlock = (root: ChartNode): string => ['```mermaid', mermaidStatechart(root).trimEnd(), '```'].join('\n');

const intentsLine = MATRIX_INTENTS.map((intent) => `${intent.id} (\`${intent.owned_scope.join(', ')}\`)`).join(' and ');

/** docs/lifecycle.md: both statecharts drawn from their definitions, the governance matrix and the decision codes. */
export function lifecycleDoc(): string {
  return `${[
    generatedHeader('The lifecycle statechart', [
      'machines/lifecycle.ts',
      'machines/approvals.ts',
      'src/decision/reasons.ts',
    ]),
    'Every tool call goes through the lifecycle statechart: its `tool.requested` transitions, in ' +
      'priority order, are the governance matrix of each state, and the `decide` action of the ' +
      'transition taken names the reason code. The approvals actor remembers the risk categories a human approved for the session.',
    '## Reading the diagrams',
    MERMAID_LEGEND.map((rule) => `- ${rule}`).join('\n'),
    '## The lifecycle',
    mermaidBlock(lifecycleMachine.root),
    '### States',
    statesTable(lifecycleMachine.root),
    '### Transitions, in priority order',
    'For each state and event, the first transition whose guard holds is taken (`#` is its place in ' +
      'the list). Transitions of `(any state)` are defined on the machine itself and apply in every state that does not handle the event.',
    transitionsTable(lifecycleMachine.root),
    '## The approvals actor',
    mermaidBlock(approvalsMachine.root),
    '### States',
    statesTable(approvalsMachine.root),
    '### Transitions',
    transitionsTable(approvalsMachine.root),
    '## The governance matrix',
    `Computed by \`computeGovernanceMatrix()\`: it asks the statechart (\`decisionCodeOf\`) how it ` +
      `decides one probe call per tool class in each state, entered in its initial substate at the ` +
      `start of a task, with the intents ${intentsLine} and ${MATRIX_INTENTS[0]?.id ?? 'the first'} ` +
      `active in ACTION. A cell reads \`verdict code\`, then \`→ STATE\` when the call moves the ` +
      `lifecycle; an \`ask\` \`needs_approval\` holds the call in the state's \`awaitingApproval\` ` +
      `substate. The third table is the lifecycle while a change to a control file that a DESTRUCTIVE ` +
      `call may have made waits for a human: every call waits with it, in the state it is in. Only ` +
      `the probes marked "category not approved" carry a category the session has not approved, so the others show the lifecycle rule alone.`,
    renderMatrixMarkdown(computeGovernanceMatrix(lifecycleMachine)).trimEnd(),
    '## Decision codes',
    "Every reason code that decides a verdict (`REASON_CODES`), and which states' transitions name it in a `decide` action.",
    decisionCodesTable(lifecycleMachine.root),
  ].join('\n\n')}\n`;
}
