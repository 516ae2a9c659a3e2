import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { homedir } from 'node:os';
import { analyzeShell } from '../shell/analyzeShell';
import type { Catalog } from '../shell/catalog/catalog';
import type { PathRole, ShellAnalysis, ShellFinding, ShellPathOperand } from '../shell/shellAnalysis';
import { hardLinkCount } from '../paths/hardLinks';
import { judgeOperands, type JudgedOperand } from './commandOperands';
import type { Evidence } from './evidence';
import { pathUseEvidence, type PathContext } from './fileRisk';
import { MAX_SCRIPT_FILE_DEPTH, newScriptReading, readScriptFiles, type ScriptReading } from './scriptFiles';

/**
 * A path a command names, for the lifecycle's scope, .intentignore and control-file checks:
 * one inside the workspace, a change outside it (outside every scope), or one that cannot be
 * known before the command runs.
 */
export interface CommandPath {
  /** the operand as written in the command */
  readonly input: string;
  /** below the workspace root, '/'-separated; undefined outside the workspace or when unresolved */
  readonly relative: string | undefined;
  readonly role: PathRole;
  /** why it counts as a possible write: its program, subcommand or option is not in the command catalog */
  readonly assumed?: string;
  /** why where it leads cannot be known before the command runs: no scope covers it, whatever its role */
  readonly unresolved?: string;
  /** a change to the workspace itself or a folder holding it: every file in it, the control files too */
  readonly coversWorkspace?: true;
}

/** Where a shell command's changes may go besides the scope: scratch folders (the system temp folder by default). */
export interface ShellRiskOptions {
  readonly catalog?: Catalog | undefined;
  /** real absolute paths of folders where a change outside the workspace is no scope violation */
  readonly scratchFolders?: readonly string[] | undefined;
  /** what `~` means */
  readonly homeDir?: string | undefined;
  /** control files and folders outside the workspace: a change there is never a scratch change */
  readonly controlPaths?: readonly string[] | undefined;
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

/** The evidence of one operand (or one path its glob matches); a possible write says why it is assumed. */
function operandEvidence(operand: ShellPathOperand, context: PathContext, judgedPath: string | undefined = operand.path): Evidence[] {
  const evidence = pathUseEvidence({ path: judgedPath, role: operand.role, argument: 'command' }, context, operand.source);
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
function scriptFileEvidence(analysis: ShellAnalysis, context: PathContext, depth: number, reading: ScriptReading & { readonly catalog: Catalog | undefined }): Evidence[] {
  if (depth > MAX_SCRIPT_FILE_DEPTH) return [];
  const evidence: Evidence[] = [];
  for (const file of readScriptFiles(analysis.scriptRuns, context, reading)) {
    const inner = analyzeShell(file.text, reading.catalog === undefined ? {} : { catalog: reading.catalog });
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
      if (!countsAsPath(operand, innerContext)) continue;
      for (const item of operandEvidence(operand, innerContext)) evidence.push({ ...item, note: `${where}: ${item.note}` });
    }
    evidence.push(...scriptFileEvidence(inner, innerContext, depth + 1, reading));
  }
  return evidence;
}

/** Whether `inner` is `outer` or below it. */
function isWithin(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : `${outer}${sep}`);
}

const RUNTIME_PATH = 'it is not known before the command runs (built at run time, or relative to a folder that is); name the path literally, from a known folder';

/**
 * The path a judged operand gives the lifecycle: inside the workspace as its relative form; a
 * change outside it (but not under a scratch folder) or one that cannot be known, with no
 * relative form, so that no scope covers it; a read outside the workspace is safe mode's alone.
 */
function commandPathOf(item: JudgedOperand, context: PathContext, scratch: { readonly folders: readonly string[]; readonly controlPaths: readonly string[] }): CommandPath | undefined {
  const { operand } = item;
  const base = { input: operand.source, role: operand.role, ...(operand.assumed !== undefined && { assumed: operand.assumed }) };
  if (item.unresolved !== undefined) return { ...base, relative: undefined, unresolved: item.unresolved };
  if (item.path === undefined) return operand.role === 'read' ? undefined : { ...base, relative: undefined, unresolved: RUNTIME_PATH };
  const resolved = context.analyze(item.path, context.base);
  const changes = operand.role !== 'read';
  if (resolved.insideWorkspace && resolved.relative !== undefined) {
    const input = item.path === operand.path ? operand.source : `${operand.source} (${item.path})`;
    const names = changes && operand.role !== 'delete' && resolved.absolute !== undefined ? hardLinkCount(resolved.absolute) : 1;
    if (names > 1) return { ...base, input, relative: undefined, unresolved: `it is a file with ${names} names (hard links), and a write through one changes it under every name, wherever the others are; write a new file and move it into place instead` };
    return { ...base, input, relative: resolved.relative };
  }
  if (!changes) return undefined;
  // a folder holding the workspace holds the control files too (the workspace itself is in no scope)
  const root = context.analyze('.', context.workspaceRoot).absolute;
  const absolute = resolved.absolute;
  if (absolute !== undefined && root !== undefined && isWithin(root, absolute)) return { ...base, relative: undefined, coversWorkspace: true };
  const inScratch =
    absolute !== undefined && scratch.folders.some((folder) => isWithin(absolute, folder)) && !scratch.controlPaths.some((control) => isWithin(absolute, control) || isWithin(control, absolute));
  return inScratch ? undefined : { ...base, relative: undefined };
}

/**
 * The categories of a shell command: what the parsed commands do (seed 002 D's shell rules),
 * what they do to the files they name, and what the shell scripts they run from the workspace
 * do. `context.base` is the folder the command runs in.
 */
export function shellRisk(command: string, context: PathContext, options: ShellRiskOptions = {}): ShellRisk {
  const { catalog } = options;
  const analysis = analyzeShell(command, catalog === undefined ? {} : { catalog });
  const evidence: Evidence[] = analysis.findings.map((finding) => findingEvidence(finding, context));
  const paths: CommandPath[] = [];
  const site = { base: context.base, homeDir: options.homeDir ?? homedir() };
  // scratch folders that hold the workspace are not scratch: their other files are someone's
  const root = context.analyze('.', context.workspaceRoot).absolute ?? context.workspaceRoot;
  const scratch = {
    folders: (options.scratchFolders ?? []).filter((folder) => !isWithin(root, folder)),
    controlPaths: (options.controlPaths ?? []).map((control) => context.analyze(control, context.workspaceRoot).absolute ?? control),
  };
  for (const item of judgeOperands(analysis.pathOperands, command, site, (operand) => countsAsPath(operand, context))) {
    evidence.push(...operandEvidence(item.operand, context, item.path));
    const used = commandPathOf(item, context, scratch);
    if (used !== undefined) paths.push(used);
  }
  evidence.push(...scriptFileEvidence(analysis, context, 1, { ...newScriptReading(), catalog }));
  return { evidence, paths, commands: analysis.commands, unknowable: analysis.unknowable };
}
