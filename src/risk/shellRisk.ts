import { analyzeShell } from '../shell/analyzeShell';
import type { PathRole } from '../shell/shellAnalysis';
import type { Evidence } from './evidence';
import { pathUseEvidence, type PathContext } from './fileRisk';

/** A path a command names inside the workspace, for the lifecycle's scope, .intentignore and control-file checks. */
export interface CommandPath {
  /** the operand as written in the command */
  readonly input: string;
  /** below the workspace root, '/'-separated */
  readonly relative: string;
  readonly role: PathRole;
}

/** What a shell command does, as evidence for safe mode and as the workspace paths it names. */
export interface ShellRisk {
  readonly evidence: Evidence[];
  readonly paths: CommandPath[];
}

/**
 * The categories of a shell command: what the parsed commands do (seed 002 D's shell rules)
 * and what they do to the files they name. `cwd` is the folder the command runs in.
 */
export function shellRisk(command: string, context: PathContext): ShellRisk {
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
  const paths: CommandPath[] = [];
  for (const operand of analysis.pathOperands) {
    evidence.push(...pathUseEvidence({ path: operand.path, role: operand.role, argument: 'command' }, context, operand.source));
    // outside the workspace (or unknown) a path is safe mode's FS_OUTSIDE_WORKSPACE; scope is about the workspace
    const resolved = operand.path === undefined ? undefined : context.analyze(operand.path, context.base);
    if (resolved?.insideWorkspace && resolved.relative !== undefined) paths.push({ input: operand.source, relative: resolved.relative, role: operand.role });
  }
  return { evidence, paths };
}
