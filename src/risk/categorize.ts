import path from 'node:path';
import { z } from 'zod';
import { IntentGateError } from '../errors/IntentGateError';
import { InvalidOptionsError } from '../errors/InvalidOptionsError';
import { ToolArgumentsError } from '../errors/ToolArgumentsError';
import { UnknownToolError } from '../errors/UnknownToolError';
import { formatIssues } from '../intents/intent';
import { hardLinkCountOf, hardLinkedWriteProblem } from '../paths/hardLinks';
import { relativeInside } from '../paths/pathAnalyzer';
import { pathForms } from '../paths/pathForms';
import { describeValue } from '../text/describeValue';
import type { EveryField } from '../text/everyField';
import { toolKindOf } from '../tools/builtinToolKinds';
import { categorization, NO_RISK, type Categorization, type Evidence } from '../categories/evidence';
import { pathUseEvidence, type PathContext, type PathUse } from './fileRisk';
import { readKindArguments, type KindArguments, type NamedTarget } from './kindArguments';
import type { PathRole } from '../shell/catalog/shellAnalysis';
import { resolveShellPolicy, type ShellSetup } from '../policy/shell/shellSetup';
import { shellPolicySchema } from '../policy/shell/shellPolicy';
import { workspacePathContext, type CallRisk, type RiskContext } from './riskContext';
import { shellCallRisk } from './shellCallRisk';
import type { CommandPath } from './shellRisk';
import { toolKindsSchema } from '../tools/toolKinds';
import { webEvidence } from './webRisk';

export const categorizeOptionsSchema = z.strictObject({
  /** the project folder; default `<sandboxRoot>/project`, or the current directory */
  workspaceRoot: z.string().min(1).optional(),
  /** seed 002's sandbox: `fs` paths are relative to it; default the workspace's parent */
  sandboxRoot: z.string().min(1).optional(),
  /** the host's tool names mapped to kinds */
  toolKinds: toolKindsSchema.optional(),
  /** what `~` means; default the user's home directory */
  homeDir: z.string().min(1).optional(),
  /** programs added to the command catalog, and rules that decide command prefixes (see docs/policy.md) */
  shell: shellPolicySchema.optional(),
});

export type CategorizeOptions = z.input<typeof categorizeOptionsSchema>;

type Folders = Partial<Record<'workspaceRoot' | 'sandboxRoot' | 'homeDir', string>>;

const NO_TOOL_KINDS: RiskContext['toolKinds'] = Object.freeze({});

// the options most callers pass: nothing, or folders only (no tool kinds, no shell policy)
const FOLDER_OPTIONS: ReadonlySet<string> = new Set(['workspaceRoot', 'sandboxRoot', 'homeDir']);

/** The folders of options that hold only non-empty folder strings; undefined for any other shape, which zod then reads. */
function folderOnlyOptions(options: unknown): Folders | undefined {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Object.getPrototypeOf(options) !== Object.prototype) return undefined;
  const folders: Partial<Record<string, string>> = {};
  try {
    for (const key of Object.keys(options)) {
      if (!FOLDER_OPTIONS.has(key)) return undefined;
      const value: unknown = (options as Readonly<Record<string, unknown>>)[key];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value === '') return undefined;
      folders[key] = value;
    }
  } catch {
    // a throwing getter or proxy: the schema reports it as it would anyway
    return undefined;
  }
  return folders;
}

/** The context of the last folder-only options resolved: a function of its strings alone, so it stands while they are the same. */
let lastFolders: { readonly folders: Folders; readonly cwd: string; readonly context: RiskContext } | undefined;

function sameFolders(last: NonNullable<typeof lastFolders>, folders: Folders, cwd: string): boolean {
  const was = last.folders;
  return (
    last.cwd === cwd &&
    was.workspaceRoot === folders.workspaceRoot &&
    was.sandboxRoot === folders.sandboxRoot &&
    was.homeDir === folders.homeDir
  );
}

/** Validates categorize options once; `createGovernor` does this at creation. */
export function resolveRiskContext(options: unknown, cwd: string): RiskContext {
  // the schema's answer for folder-only options, without a zod parse on every categorize call
  const folders = folderOnlyOptions(options);
  if (folders !== undefined) {
    // a host calling categorize again with the same folders: path.resolve gives the same roots
    if (lastFolders !== undefined && sameFolders(lastFolders, folders, cwd)) return lastFolders.context;
    const context = Object.freeze(folderContext(folders, cwd, NO_TOOL_KINDS));
    lastFolders = { folders, cwd, context };
    return context;
  }
  const result = categorizeOptionsSchema.safeParse(options ?? {});
  if (!result.success) throw new InvalidOptionsError(formatIssues(result.error));
  const { sandboxRoot, workspaceRoot, toolKinds = {}, homeDir, shell } = result.data;
  const resolved = resolveShellPolicy(shell);
  if (resolved.issues.length > 0) throw new InvalidOptionsError(resolved.issues);
  return folderContext(
    { workspaceRoot, sandboxRoot, homeDir },
    cwd,
    toolKinds,
    shell === undefined ? undefined : resolved.setup,
  );
}

/** The context of validated options: every root made absolute. */
function folderContext(
  folders: {
    readonly workspaceRoot?: string | undefined;
    readonly sandboxRoot?: string | undefined;
    readonly homeDir?: string | undefined;
  },
  cwd: string,
  toolKinds: RiskContext['toolKinds'],
  shell?: ShellSetup,
): RiskContext {
  const { workspaceRoot, sandboxRoot, homeDir } = folders;
  const workspace = path.resolve(cwd, workspaceRoot ?? (sandboxRoot ? path.join(sandboxRoot, 'project') : '.'));
  return {
    workspaceRoot: workspace,
    sandboxRoot: sandboxRoot ? path.resolve(cwd, sandboxRoot) : path.dirname(workspace),
    toolKinds,
    ...(homeDir && { homeDir }),
    ...(shell !== undefined && { shell }),
  };
}

const FS_READ_OPS = new Set(['read', 'list', 'stat', 'exists', 'ls', 'cat']);
const FS_DELETE_OPS = new Set(['delete', 'remove', 'rm', 'unlink', 'rmdir']);

/** A call's risk, or why it has none: a tool with no kind, or arguments its kind cannot read. */
export type CallRiskResult =
  ({ readonly ok: true } & CallRisk) | { readonly ok: false; readonly error: UnknownToolError | ToolArgumentsError };

const NO_COMMAND_PATHS: readonly CommandPath[] = Object.freeze([]);

type FileKindCall = Exclude<KindArguments, { kind: 'shell' }>;

/** One path a file kind's call names, what it does to it, and the folder it is relative to. */
interface KindPathUse {
  readonly use: PathUse & { readonly path: string };
  readonly base: string;
}

const pathUse = (target: NamedTarget, role: PathRole, base: string): KindPathUse => ({
  use: { path: target.path, role, argument: target.argument },
  base,
});

function kindPathUses(call: FileKindCall, risk: RiskContext): KindPathUse[] {
  const root = risk.workspaceRoot;
  switch (call.kind) {
    case 'none':
    case 'web':
      return [];
    case 'file_write': {
      const role = call.deletes ? 'delete' : 'overwrite';
      return call.uses.map((use) => pathUse(use, role, root));
    }
    case 'file_patch':
      return [pathUse(call.file, 'overwrite', root)];
    case 'fs':
      return [
        pathUse(
          call.file,
          FS_READ_OPS.has(call.op) ? 'read' : FS_DELETE_OPS.has(call.op) ? 'delete' : 'overwrite',
          risk.sandboxRoot,
        ),
      ];
    case 'run':
      return [pathUse(call.script, 'read', root)];
    case 'read':
      return call.uses.map((use) => pathUse(use, 'read', root));
  }
}

function evidenceFor(
  call: FileKindCall,
  uses: readonly KindPathUse[],
  risk: RiskContext,
  workspace: PathContext,
): Evidence[] {
  const paths: Evidence[] = [];
  // most uses are relative to the workspace, whose context serves them as it is
  for (const { use, base } of uses)
    paths.push(...pathUseEvidence(use, base === workspace.base ? workspace : { ...workspace, base }));
  switch (call.kind) {
    case 'file_patch':
      return call.dryRun ? paths.filter((item) => item.category !== 'FS_DELETE_OVERWRITE') : paths;
    case 'web':
      return webEvidence(call.url.path, call.url.argument, workspace);
    case 'run': {
      const { path: script, argument } = call.script;
      const run: Evidence = {
        category: 'EXEC_ARBITRARY',
        argument,
        trigger: script,
        note: 'runs a script of the workspace',
        details: [script, risk.workspaceRoot, `runs ${script}`],
      };
      return [run, ...paths];
    }
    default:
      return paths;
  }
}

/**
 * The workspace paths a host's own kind names, each form of each: the request reads only the
 * argument names every catalog uses, so these reach the lifecycle's scope, .intentignore and
 * control-file checks this way, as a shell command's paths do. Outside the workspace they are
 * safe mode's FS_OUTSIDE_WORKSPACE.
 */
function hostKindPaths(uses: readonly KindPathUse[], { analyze }: PathContext): CommandPath[] {
  return uses.flatMap(({ use, base }) =>
    pathForms(use.path).flatMap((input) => {
      const relative = relativeInside(analyze(input, base));
      return relative === undefined ? [] : [{ input, relative, role: use.role }];
    }),
  );
}

/**
 * The files a file tool overwrites that have other names (hard links): a write through one
 * changes the file under every name, wherever the others are, so no scope covers it. Shell
 * operands get the same check in shellRisk.
 */
function hardLinkedWrites(uses: readonly KindPathUse[], { analyze }: PathContext): readonly CommandPath[] {
  let linked: CommandPath[] | undefined;
  for (const { use, base } of uses) {
    if (use.role !== 'overwrite') continue;
    const names = hardLinkCountOf(analyze(use.path, base));
    if (names > 1)
      (linked ??= []).push({
        input: use.path,
        relative: undefined,
        role: use.role,
        unresolved: hardLinkedWriteProblem(names),
      });
  }
  return linked ?? NO_COMMAND_PATHS;
}

const failed = (error: UnknownToolError | ToolArgumentsError): CallRiskResult => ({ ok: false, error });

/** The error of arguments whose reading threw (`thrown` is the error as text): a malformed call, never a crash. */
export function unreadableArguments(tool: string, thrown: string): ToolArgumentsError {
  return new ToolArgumentsError(tool, 'the arguments', `could not be read (${thrown})`);
}

/** categorize with options already validated, plus the workspace paths a command names; the governor's hot path. */
export function assessCallRisk(tool: unknown, args: unknown, risk: RiskContext): CallRiskResult {
  if (typeof tool !== 'string' || tool === '') return failed(new UnknownToolError(describeValue(tool)));
  const spec = toolKindOf(tool, risk.toolKinds);
  if (!spec) return failed(new UnknownToolError(tool));
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return failed(
      new ToolArgumentsError(
        tool,
        'the arguments',
        `must be an object, got ${Array.isArray(args) ? 'an array' : args === null ? 'null' : typeof args}`,
      ),
    );
  }
  if (spec.kind === 'none') return { ok: true, risk: NO_RISK, commandPaths: NO_COMMAND_PATHS };
  try {
    const reading = readKindArguments(tool, args as Readonly<Record<string, unknown>>, spec);
    if (!reading.ok) return reading;
    const { read } = reading;
    // a shell analysis made elsewhere for this very work stands in for one made here
    if (read.kind === 'shell') {
      const shell = risk.shellRisk ?? shellCallRisk(read, risk);
      // field by field, as a spread of the shell risk would give each result a shape of its own
      return { ok: true, risk: shell.risk, commandPaths: shell.commandPaths, shell: shell.shell } satisfies EveryField<
        { readonly ok: true } & CallRisk
      >;
    }
    // the paths a call names, read once for its evidence, a host kind's scope and hard links
    const uses = kindPathUses(read, risk);
    // one analyzer for every check of the call: each path is resolved once
    const workspace = workspacePathContext(risk);
    const named = Object.hasOwn(risk.toolKinds, tool) ? hostKindPaths(uses, workspace) : NO_COMMAND_PATHS;
    const linked = hardLinkedWrites(uses, workspace);
    return {
      ok: true,
      risk: categorization(evidenceFor(read, uses, risk, workspace)),
      commandPaths: linked.length === 0 ? named : [...named, ...linked],
    };
  } catch (error) {
    // an intentgate error from a rule is misuse or bad config, not a malformed call
    if (error instanceof IntentGateError) throw error;
    // arguments with throwing getters or proxies: a typed error, never a crash
    return failed(unreadableArguments(tool, String(error)));
  }
}

/**
 * The risk categories of a tool call (seed 002 D), with the evidence for each: which
 * argument, and which word, command or path part triggered it. Throws UnknownToolError for a
 * tool with no kind, ToolArgumentsError for malformed arguments, InvalidOptionsError for bad
 * options.
 *
 * @example
 * categorize('shell', { command: 'sudo npm i -g x' }).categories;
 * // ['DEPS_INSTALL_UPDATE', 'SUDO', 'NETWORK_RISK', 'EXEC_ARBITRARY']
 */
export function categorize(tool: string, args: unknown, options?: CategorizeOptions): Categorization {
  const assessed = assessCallRisk(tool, args, resolveRiskContext(options, process.cwd()));
  // the public API throws the typed errors README documents; the governor reads the value
  if (!assessed.ok) throw assessed.error;
  return assessed.risk;
}
