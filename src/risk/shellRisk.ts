import { analyzeShell } from '../shell/analyzeShell';
import type { PathRole, ShellAnalysis, ShellFinding } from '../shell/shellAnalysis';
import type { Evidence } from './evidence';
import { pathUseEvidence, type PathContext } from './fileRisk';
import { MAX_SCRIPT_FILE_DEPTH, newScriptReading, readScriptFiles, type ScriptReading } from './scriptFiles';

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

function findingEvidence(finding: ShellFinding, context: PathContext): Evidence {
  return {
    category: finding.category,
    argument: 'command',
    trigger: finding.trigger,
    note: finding.note,
    details:
      finding.category === 'EXEC_ARBITRARY' && finding.details[1] === ''
        ? [finding.details[0], context.base, finding.details[2]]
        : finding.details,
  };
}

/**
 * What the script files a command runs do, read from the workspace: their findings and path
 * uses, marked with the file. Content only adds categories: where it cannot be known (a parse
 * error, a command built at run time) the file adds what it clearly does and a note, since
 * without reading it the run would be EXEC_ARBITRARY alone.
 */
function scriptFileEvidence(analysis: ShellAnalysis, context: PathContext, depth: number, reading: ScriptReading): Evidence[] {
  if (depth > MAX_SCRIPT_FILE_DEPTH) return [];
  const evidence: Evidence[] = [];
  for (const file of readScriptFiles(analysis.scriptRuns, context, reading)) {
    const inner = analyzeShell(file.text);
    const where = `in ${file.label}`;
    for (const finding of inner.findings) {
      if (finding.category === 'EXEC_ARBITRARY' || (inner.unknowable !== undefined && finding.note === inner.unknowable)) continue;
      evidence.push({ ...findingEvidence(finding, context), note: `${where}: ${finding.note}` });
    }
    const how = inner.unknowable === undefined ? 'read and analysed' : `partly analysed (${inner.unknowable.replace(/: fail closed$/, '')})`;
    evidence.push({ category: 'EXEC_ARBITRARY', argument: 'command', trigger: file.label, note: `${where}: ${how}`, details: [file.label, context.base, 'runs a script'] });
    // a relative path in the script starts from the folder it runs in; where that folder is
    // unknown its paths and the scripts it runs are left to EXEC_ARBITRARY
    const base = file.base;
    if (base === undefined) continue;
    const innerContext = { ...context, base };
    for (const operand of inner.pathOperands) {
      for (const item of pathUseEvidence({ path: operand.path, role: operand.role, argument: 'command' }, innerContext, operand.source)) {
        evidence.push({ ...item, note: `${where}: ${item.note}` });
      }
    }
    evidence.push(...scriptFileEvidence(inner, innerContext, depth + 1, reading));
  }
  return evidence;
}

/**
 * The categories of a shell command: what the parsed commands do (seed 002 D's shell rules),
 * what they do to the files they name, and what the shell scripts they run from the workspace
 * do. `context.base` is the folder the command runs in.
 */
export function shellRisk(command: string, context: PathContext): ShellRisk {
  const analysis = analyzeShell(command);
  const evidence: Evidence[] = analysis.findings.map((finding) => findingEvidence(finding, context));
  const paths: CommandPath[] = [];
  for (const operand of analysis.pathOperands) {
    evidence.push(...pathUseEvidence({ path: operand.path, role: operand.role, argument: 'command' }, context, operand.source));
    // outside the workspace (or unknown) a path is safe mode's FS_OUTSIDE_WORKSPACE; scope is about the workspace
    const resolved = operand.path === undefined ? undefined : context.analyze(operand.path, context.base);
    if (resolved?.insideWorkspace && resolved.relative !== undefined) paths.push({ input: operand.source, relative: resolved.relative, role: operand.role });
  }
  evidence.push(...scriptFileEvidence(analysis, context, 1, newScriptReading()));
  return { evidence, paths };
}
