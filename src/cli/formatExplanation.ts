import { renderConfirmationPrompt } from '../approval/confirmationPrompt';
import type { Decision } from '../decision/decision';

const indent = (text: string, prefix = '    '): string =>
  text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');

function headline(decision: Decision, args: unknown): string {
  const call = args === undefined ? `${decision.tool} (by name)` : `${decision.tool} ${JSON.stringify(args)}`;
  const intent = decision.intentId === undefined ? '' : `, intent ${decision.intentId}`;
  return `${call}\n  verdict: ${decision.verdict.toUpperCase()} (${decision.code}) in ${decision.state}${intent}; ${decision.toolClass} tool`;
}

/**
 * A decision for a person: the verdict, each reason (code and message), each category with
 * its evidence (argument, trigger, note) and, for `ask`, the confirmation prompt with details.
 */
export function formatExplanation(decision: Decision, args: unknown): string {
  const lines = [headline(decision, args), '  reasons:'];
  for (const reason of decision.reasons) lines.push(`    - ${reason.code}: ${reason.message}`);
  if (decision.evidence.length === 0) lines.push('  categories: none');
  else {
    lines.push(`  categories: ${decision.categories.join(', ')}`);
    for (const item of decision.evidence) {
      lines.push(`    - ${item.category}: argument '${item.argument}', trigger '${item.trigger}': ${item.note}`);
    }
  }
  if (decision.approval) {
    lines.push(`  confirmation prompt (answer approval '${decision.approval.id}'):`);
    lines.push(indent(renderConfirmationPrompt(decision.approval.prompt, true)));
  }
  return lines.join('\n');
}
