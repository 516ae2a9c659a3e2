import { analyzeShell } from '../shell/analyzeShell';
import type { Catalog } from '../shell/catalog/catalog';
import { BUILTIN_CATALOG } from '../shell/programs/builtinCatalog';
import type { PathRole, ShellAnalysis, ShellFinding, ShellPathOperand } from '../shell/catalog/shellAnalysis';
import { hardLinkCountOf, hardLinkedWriteProblem } from '../paths/hardLinks';
import { whatIsAt } from '../paths/pathEntry';
import { pathBelow } from '../paths/pathBelow';
import { judgeOperands, type JudgedOperand } from './commandOperands';
import type { Evidence } from '../categories/evidence';
import { pathUseEvidence, type PathContext } from './fileRisk';
import { newScriptReading, unseen, type ScriptReading, type UnseenCode } from '../shell/runFiles/codeFiles';
import { unseenEvidence } from './unseenEvidence';
import { MAX_SCRIPT_FILE_DEPTH, readScriptFiles } from './scriptFiles';

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
  // the decision's own lookup of the path answers when it looked
  return whatIsAt(context.analyze(operand.path, context.base)) !== undefined;
}

/** The same evidence with another note, built field by field: a spread gives each copy a map of its own. */
function withNote(item: Evidence, note: string): Evidence {
  if (item.unseen === true)
    return {
      category: item.category,
      argument: item.argument,
      trigger: item.trigger,
      note,
      details: item.details,
      unseen: true,
    };
  return { category: item.category, argument: item.argument, trigger: item.trigger, note, details: item.details };
}

/** The same evidence with another note, marked as a guess: what an assumed role stands for is not seen. */
function asGuess(item: Evidence, note: string): Evidence {
  return {
    category: item.category,
    argument: item.argument,
    trigger: item.trigger,
    note,
    details: item.details,
    unseen: true,
  };
}

/** The evidence of one operand (or one path its glob matches); a possible write says why it is assumed. */
function operandEvidence(
  operand: ShellPathOperand,
  context: PathContext,
  judgedPath: string | undefined = operand.path,
): Evidence[] {
  const evidence = pathUseEvidence(
    { path: judgedPath, role: operand.role, argument: 'command' },
    context,
    operand.source,
  );
  const assumed = operand.assumed;
  return assumed === undefined ? evidence : evidence.map((item) => asGuess(item, `possible ${item.note}: ${assumed}`));
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
  const details: Evidence['details'] =
    finding.category === 'EXEC_ARBITRARY' && finding.details[1] === ''
      ? [finding.details[0], context.base, finding.details[2]]
      : finding.details;
  if (finding.unseen === true)
    return {
      category: finding.category,
      argument: 'command',
      trigger: finding.trigger,
      note: finding.note,
      details,
      unseen: true,
    };
  return { category: finding.category, argument: 'command', trigger: finding.trigger, note: finding.note, details };
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
function scriptFileEvidence(
  analysis: ShellAnalysis,
  context: PathContext,
  depth: number,
  reading: ScriptReading,
  catalog: Catalog | undefined,
  sink: PathSink,
): Evidence[] {
  if (depth > MAX_SCRIPT_FILE_DEPTH) {
    const run = analysis.scriptRuns[0];
    return run === undefined
      ? []
      : unseenCode(
          unseen(
            run.source,
            `scripts run by scripts more than ${MAX_SCRIPT_FILE_DEPTH} levels deep are not read: fail closed; run the inner script directly`,
          ),
          context,
          reading,
        );
  }
  // a line that runs no file of code has nothing to read, nor any write to check one against
  if (analysis.scriptRuns.length === 0) return [];
  const evidence: Evidence[] = [];
  const environment = (catalog ?? BUILTIN_CATALOG).code.environment;
  for (const file of readScriptFiles(analysis, context, reading, environment)) {
    if (file.kind === 'unseen') {
      evidence.push(...unseenCode(file, context, reading));
      continue;
    }
    const inner = analyzeShell(file.text, catalog === undefined ? {} : { catalog });
    const where = `in ${file.label}`;
    if (inner.unknowable !== undefined) {
      evidence.push(...unseenCode(unseen(file.label, `${where}: ${inner.unknowable}`), context, reading));
      continue;
    }
    for (const finding of inner.findings) {
      if (finding.category === 'EXEC_ARBITRARY') continue;
      evidence.push(withNote(findingEvidence(finding, context), `${where}: ${finding.note}`));
    }
    evidence.push({
      category: 'EXEC_ARBITRARY',
      argument: 'command',
      trigger: file.label,
      note: `${where}: read and analysed`,
      details: [file.label, context.base, 'runs a script'],
    });
    // a relative path in the script starts from the folder it runs in: where that folder is
    // unknown, so are the files it changes
    const base = file.base;
    if (base === undefined) {
      evidence.push(
        ...unseenCode(
          unseen(
            file.label,
            `${where}: the folder it runs in is only known at run time, and so are the files it uses: fail closed`,
          ),
          context,
          reading,
        ),
      );
      continue;
    }
    const innerContext = { ...context, base };
    // what the file does to the workspace counts for the scope like what the line does
    for (const item of operandUses(inner, file.text, innerContext, sink))
      evidence.push(withNote(item, `${where}: ${item.note}`));
    evidence.push(...scriptFileEvidence(inner, innerContext, depth + 1, reading, catalog, sink));
  }
  return evidence;
}

/** Where a change outside the workspace is no scope violation, and what a scratch folder never makes changeable. */
interface ScratchRule {
  /** the workspace root as the kernel names it */
  readonly root: string;
  readonly folders: readonly string[];
  readonly controlPaths: readonly string[];
}

/** Where the paths a line and the scripts it runs use are collected, and how they are judged. */
interface PathSink {
  readonly paths: CommandPath[];
  /** undefined for the user's home directory */
  readonly homeDir: string | undefined;
  /** the line's own context and options, from which the scratch rule is made */
  readonly line: PathContext;
  readonly options: ShellRiskOptions;
  /** resolved on first use (see scratchOf): only a change outside the workspace needs it */
  scratch: ScratchRule | undefined;
}

/** The workspace root as the kernel names it, the scratch folders that do not hold it, and the control paths resolved. */
function scratchRule(context: PathContext, options: ShellRiskOptions): ScratchRule {
  // scratch folders that hold the workspace are not scratch: their other files are someone's
  const root = context.analyze('.', context.workspaceRoot).absolute ?? context.workspaceRoot;
  return {
    root,
    folders: (options.scratchFolders ?? []).filter((folder) => !isWithin(root, folder)),
    controlPaths: (options.controlPaths ?? []).map(
      (control) => context.analyze(control, context.workspaceRoot).absolute ?? control,
    ),
  };
}

/** The sink's scratch rule, resolved the first time a change outside the workspace asks for it. */
function scratchOf(sink: PathSink): ScratchRule {
  sink.scratch ??= scratchRule(sink.line, sink.options);
  return sink.scratch;
}

/** Whether `inner` is `outer` or below it (both absolute). */
const isWithin = (inner: string, outer: string): boolean => pathBelow(outer, inner) !== undefined;

const RUNTIME_PATH =
  'it is not known before the command runs (built at run time, or relative to a folder that is); name the path literally, from a known folder';

/**
 * The path a judged operand gives the lifecycle: inside the workspace as its relative form; a
 * change outside it (but not under a scratch folder) or one that cannot be known, with no
 * relative form, so that no scope covers it; a read outside the workspace is safe mode's alone.
 */
function commandPathOf(item: JudgedOperand, context: PathContext, sink: PathSink): CommandPath | undefined {
  const { operand } = item;
  // each answer written out whole: most operands give one, and a spread of optional fields costs it
  const { source, role, assumed } = operand;
  if (item.unresolved !== undefined)
    return pathOf(source, role, assumed, { relative: undefined, unresolved: item.unresolved });
  if (item.path === undefined)
    return role === 'read'
      ? undefined
      : pathOf(source, role, assumed, { relative: undefined, unresolved: RUNTIME_PATH });
  const resolved = context.analyze(item.path, context.base);
  const changes = role !== 'read';
  if (resolved.insideWorkspace && resolved.relative !== undefined) {
    const input = item.path === operand.path ? source : `${source} (${item.path})`;
    const names = changes && role !== 'delete' ? hardLinkCountOf(resolved) : 1;
    if (names > 1)
      return pathOf(input, role, assumed, { relative: undefined, unresolved: hardLinkedWriteProblem(names) });
    return pathOf(input, role, assumed, { relative: resolved.relative });
  }
  if (!changes) return undefined;
  // a folder holding the workspace holds the control files too (the workspace itself is in no scope)
  const absolute = resolved.absolute;
  const scratch = scratchOf(sink);
  if (absolute !== undefined && isWithin(scratch.root, absolute))
    return pathOf(source, role, assumed, { relative: undefined, coversWorkspace: true });
  const inScratch =
    absolute !== undefined &&
    scratch.folders.some((folder) => isWithin(absolute, folder)) &&
    !scratch.controlPaths.some((control) => isWithin(absolute, control) || isWithin(control, absolute));
  return inScratch ? undefined : pathOf(source, role, assumed, { relative: undefined });
}

/** A command path with the operand's `assumed` only when it has one, as the fields of the answer. */
function pathOf(
  input: string,
  role: PathRole,
  assumed: string | undefined,
  where: Pick<CommandPath, 'relative' | 'unresolved' | 'coversWorkspace'>,
): CommandPath {
  const { relative, unresolved, coversWorkspace } = where;
  if (assumed === undefined) {
    if (unresolved !== undefined) return { input, role, relative, unresolved };
    return coversWorkspace === true ? { input, role, relative, coversWorkspace } : { input, role, relative };
  }
  if (unresolved !== undefined) return { input, role, assumed, relative, unresolved };
  return coversWorkspace === true
    ? { input, role, assumed, relative, coversWorkspace }
    : { input, role, assumed, relative };
}

/**
 * The operands of a line (or of a script it runs) judged against what it does first and with
 * their globs expanded: their evidence, and the paths the lifecycle checks, added to the sink.
 */
function operandUses(analysis: ShellAnalysis, text: string, context: PathContext, sink: PathSink): Evidence[] {
  const evidence: Evidence[] = [];
  for (const item of judgeOperands(
    analysis.pathOperands,
    text,
    { base: context.base, homeDir: sink.homeDir },
    (operand) => countsAsPath(operand, context),
  )) {
    evidence.push(...operandEvidence(item.operand, context, item.path));
    const used = commandPathOf(item, context, sink);
    if (used !== undefined) sink.paths.push(used);
  }
  return evidence;
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
  const sink: PathSink = { paths, homeDir: options.homeDir, line: context, options, scratch: undefined };
  evidence.push(...operandUses(analysis, command, context, sink));
  // a line that runs no file of code has nothing to read
  if (analysis.scriptRuns.length === 0)
    return { evidence, paths, commands: analysis.commands, unknowable: analysis.unknowable };
  const reading = newScriptReading();
  evidence.push(...scriptFileEvidence(analysis, context, 1, reading, catalog, sink));
  return { evidence, paths, commands: analysis.commands, unknowable: analysis.unknowable ?? reading.unseen };
}
