import { analyzeShell } from '../shell/analyzeShell';
import type { Evidence } from './evidence';
import { pathUseEvidence, type PathContext } from './fileRisk';

/**
 * The categories of a shell command: what the parsed commands do (seed 002 D's shell rules)
 * and what they do to the files they name. `cwd` is the folder the command runs in.
 */
export function shellEvidence(command: string, context: PathContext): Evidence[] {
  const analysis = analyzeShell(command);
  const evidence: Evidence[] = analysis.findings.map((finding) => ({
    category: finding.category,
    argument: 'command',
    trigger: finding.trigger,
    note: finding.note,
    details:
      finding.category === 'EXEC_ARBITRARY' && finding.details[1] === ''
        ? [finding.details[0], context.base, finding.details[2]]
        : finding.details,
  }));
  for (const operand of analysis.pathOperands) {
    evidence.push(...pathUseEvidence({ path: operand.path, role: operand.role, argument: 'command' }, context, operand.source));
  }
  return evidence;
}
