import { analyzeShell } from '../shell/analyzeShell';
import type { Catalog } from '../shell/catalog/catalog';
import { existsSync } from 'node:fs';
import type { PathRole, ShellAnalysis, ShellFinding, ShellPathOperand } from '../shell/shellAnalysis';
import type { Evidence } from './evidence';
import { pathUseEvidence, type PathContext } from './fileRisk';
import { newScriptReading, unseen, unseenEvidence, type ScriptReading, type UnseenCode } from './codeFiles';
import { MAX_SCRIPT_FILE_DEPTH, readScriptFiles } from './scriptFiles';

/** A path a command names inside the workspace, for the lifecycle's scope, .intentignore and control-file checks. */
export interface CommandPath {
  /** the operand as written in the command */
  readonly input: string;
  /** below the workspace root, '/'-separated */
  readonly relative: string;
  readonly role: PathRole;
  /** why it counts as a possible write: its program, subcommand or option is not in the command catalog */
  readonly assumed?: string;
}

// a word that reads as a file path: a folder in it, a leading dot or tilde, or a file extension
const PATH_LIKE = /\/|^[.~]|\.[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*$/;

/**
 * Whether an operand counts as a path: one whose role is known always does; a possible write
 * (an argument of a program the catalog does not know) when it reads as a path or names a file
 * or folder that exists, so a subcommand or a region name is not taken for a file.
 */
function countsAsPath(operand: ShellPathOperand, context: PathContext): boolean {
  if (operand.assumed === undefined) return true;
  // the word as written: a folder a `cd` put before it does not make a plain word a path
  if (PATH_LIKE.test(operand.source)) return true;
  if (operand.path === undefined) return false;
  const absolute = context.analyze(operand.path, context.base).absolute;
  return absolute !== undefined && existsSync(absolute);
}

/** The evidence of one operand; a possible write says why it is assumed. */
function operandEvidence(operand: ShellPathOperand, context: PathContext): Evidence[] {
  const evidence = pathUseEvidence({ path: operand.path, role: operand.role, argument: 'command' }, context, operand.source);
  const assumed = operand.assumed;
  return assumed === undefined ? evidence : evidence.map((item) => ({ ...item, note: `possible ${item.note}: ${assumed}` }));
}

/** What a shell command does, as evidence for safe mode and as the workspace paths it names. */
export interface ShellRisk {
  readonly evidence: Evidence[];
  readonly paths: CommandPath[];
  /** the simple commands it runs, as their words */
  readonly commands: readonly (readonly string[])[];
  /** why its effect could not be known whole, when it could not */
  readonly unknowable: string | undefined;
}

/** The operand as a path of the workspace, for the scope; outside the workspace (or unknown) it is safe mode's FS_OUTSIDE_WORKSPACE. */
function workspacePath(operand: ShellPathOperand, context: PathContext): CommandPath | undefined {
  const resolved = operand.path === undefined ? undefined : context.analyze(operand.path, context.base);
  if (!resolved?.insideWorkspace || resolved.relative === undefined) return undefined;
  const used = { input: operand.source, relative: resolved.relative, role: operand.role };
  return operand.assumed === undefined ? used : { ...used, assumed: operand.assumed };
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

/** Code that cannot be read fails the call closed, as a command built at run time does. */
function unseenCode(file: UnseenCode, context: PathContext, reading: ScriptReading): Evidence[] {
  reading.unseen ??= file.reason;
  return unseenEvidence(file, context);
}

/**
 * What the script files a command runs do, read from the workspace: their findings and path
 * uses, marked with the file. Code the agent may have written is read or the call fails
 * closed: a file whose commands cannot all be known (a parse error, a command built at run
 * time), whose folder is unknown, or which runs scripts nested deeper than the reading goes.
 */
function scriptFileEvidence(analysis: ShellAnalysis, context: PathContext, depth: number, reading: ScriptReading & { readonly catalog: Catalog | undefined }, paths: CommandPath[]): Evidence[] {
  if (depth > MAX_SCRIPT_FILE_DEPTH) {
    const run = analysis.scriptRuns[0];
    return run === undefined ? [] : unseenCode(unseen(run.source, `scripts run by scripts more than ${MAX_SCRIPT_FILE_DEPTH} levels deep are not read: fail closed; run the inner script directly`), context, reading);
  }
  const evidence: Evidence[] = [];
  for (const file of readScriptFiles(analysis, context, reading)) {
    if (file.kind === 'unseen') {
      evidence.push(...unseenCode(file, context, reading));
      continue;
    }
    const inner = analyzeShell(file.text, reading.catalog === undefined ? {} : { catalog: reading.catalog });
    const where = `in ${file.label}`;
    if (inner.unknowable !== undefined) {
      evidence.push(...unseenCode(unseen(file.label, `${where}: ${inner.unknowable}`), context, reading));
      continue;
    }
    for (const finding of inner.findings) {
      if (finding.category === 'EXEC_ARBITRARY') continue;
      evidence.push({ ...findingEvidence(finding, context), note: `${where}: ${finding.note}` });
    }
    evidence.push({ category: 'EXEC_ARBITRARY', argument: 'command', trigger: file.label, note: `${where}: read and analysed`, details: [file.label, context.base, 'runs a script'] });
    // a relative path in the script starts from the folder it runs in: where that folder is
    // unknown, so are the files it changes
    const base = file.base;
    if (base === undefined) {
      evidence.push(...unseenCode(unseen(file.label, `${where}: the folder it runs in is only known at run time, and so are the files it uses: fail closed`), context, reading));
      continue;
    }
    const innerContext = { ...context, base };
    for (const operand of inner.pathOperands) {
      if (!countsAsPath(operand, innerContext)) continue;
      for (const item of operandEvidence(operand, innerContext)) evidence.push({ ...item, note: `${where}: ${item.note}` });
      // what the file does to the workspace counts for the scope like what the line does
      const path = workspacePath(operand, innerContext);
      if (path !== undefined) paths.push(path);
    }
    evidence.push(...scriptFileEvidence(inner, innerContext, depth + 1, reading, paths));
  }
  return evidence;
}

/**
 * The categories of a shell command: what the parsed commands do (seed 002 D's shell rules),
 * what they do to the files they name, and what the shell scripts they run from the workspace
 * do. `context.base` is the folder the command runs in.
 */
export function shellRisk(command: string, context: PathContext, catalog?: Catalog): ShellRisk {
  const analysis = analyzeShell(command, catalog === undefined ? {} : { catalog });
  const evidence: Evidence[] = analysis.findings.map((finding) => findingEvidence(finding, context));
  const paths: CommandPath[] = [];
  for (const operand of analysis.pathOperands) {
    if (!countsAsPath(operand, context)) continue;
    evidence.push(...operandEvidence(operand, context));
    const path = workspacePath(operand, context);
    if (path !== undefined) paths.push(path);
  }
  const reading = { ...newScriptReading(), catalog };
  evidence.push(...scriptFileEvidence(analysis, context, 1, reading, paths));
  return { evidence, paths, commands: analysis.commands, unknowable: analysis.unknowable ?? reading.unseen };
}
