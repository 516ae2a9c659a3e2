import path from 'node:path';
import { z } from 'zod';
import { describeValue } from '../text/describeValue';
import { IntentGateError } from '../errors/IntentGateError';
import { InvalidOptionsError } from '../errors/InvalidOptionsError';
import { ToolArgumentsError } from '../errors/ToolArgumentsError';
import { UnknownToolError } from '../errors/UnknownToolError';
import { formatIssues } from '../intents/intent';
import { createPathAnalyzer, type PathAnalyzer } from '../paths/pathAnalyzer';
import { toolKindOf } from '../tools/builtinToolKinds';
import { patchFilePaths } from '../tools/pathArguments';
import { categorization, NO_RISK, type Categorization, type Evidence } from './evidence';
import { pathUseEvidence, type PathContext } from './fileRisk';
import { shellRisk, type CommandPath } from './shellRisk';
import { toolKindsSchema, type ToolKindSpec } from './toolKinds';
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
});

export type CategorizeOptions = z.input<typeof categorizeOptionsSchema>;

/** Validated categorize options with every root made absolute. */
export interface RiskContext {
  readonly workspaceRoot: string;
  readonly sandboxRoot: string;
  readonly toolKinds: Readonly<Record<string, ToolKindSpec>>;
  readonly homeDir?: string;
  /** the path analyzer of the decision in progress; a fresh one per call when absent */
  readonly analyze?: PathAnalyzer;
}

/** Validates categorize options once; `createGovernor` does this at creation. */
export function resolveRiskContext(options: unknown, cwd: string): RiskContext {
  const result = categorizeOptionsSchema.safeParse(options ?? {});
  if (!result.success) throw new InvalidOptionsError(formatIssues(result.error));
  const { sandboxRoot, workspaceRoot, toolKinds = {}, homeDir } = result.data;
  const workspace = path.resolve(cwd, workspaceRoot ?? (sandboxRoot ? path.join(sandboxRoot, 'project') : '.'));
  return {
    workspaceRoot: workspace,
    sandboxRoot: sandboxRoot ? path.resolve(cwd, sandboxRoot) : path.dirname(workspace),
    toolKinds,
    ...(homeDir && { homeDir }),
  };
}

type Args = Readonly<Record<string, unknown>>;

/** Paths relative to the workspace root, read by the decision's analyzer (a fresh one when none is given). */
export function workspacePathContext(risk: RiskContext): PathContext {
  const analyze = risk.analyze ?? createPathAnalyzer(risk.workspaceRoot, risk.homeDir);
  return { workspaceRoot: risk.workspaceRoot, base: risk.workspaceRoot, analyze };
}

function text(tool: string, args: Args, name: string): string {
  const value = args[name];
  if (typeof value !== 'string') throw new ToolArgumentsError(tool, `'${name}'`, `must be a string, got ${value === null ? 'null' : typeof value}`);
  return value;
}

/** A path or URL argument: an empty one names nothing that could be checked, so it is malformed. */
function target(tool: string, args: Args, name: string): string {
  const value = text(tool, args, name);
  if (value === '') throw new ToolArgumentsError(tool, `'${name}'`, 'is empty');
  return value;
}

function optionalTarget(tool: string, args: Args, name: string | undefined): string | undefined {
  return name === undefined || args[name] === undefined ? undefined : target(tool, args, name);
}

/** The paths a file kind names: each listed argument that is present, as text or a list of text. */
function namedPaths(tool: string, args: Args, names: string | readonly string[] | undefined): { argument: string; path: string }[] {
  const found: { argument: string; path: string }[] = [];
  for (const name of typeof names === 'string' ? [names] : (names ?? [])) {
    const value = args[name];
    // null is an optional path not given, as the scope check reads it
    if (value === undefined || value === null) continue;
    const list = Array.isArray(value) ? value : [value];
    list.forEach((item, index) => {
      if (typeof item !== 'string' || item === '') throw new ToolArgumentsError(tool, `'${name}'${Array.isArray(value) ? `[${index}]` : ''}`, 'must be a non-empty path');
      found.push({ argument: name, path: item });
    });
  }
  return found;
}

const FS_READ_OPS = new Set(['read', 'list', 'stat', 'exists', 'ls', 'cat']);
const FS_DELETE_OPS = new Set(['delete', 'remove', 'rm', 'unlink', 'rmdir']);

/** A call as the rules read it. */
interface Call {
  readonly tool: string;
  readonly args: Args;
}

function fileWriteEvidence({ tool, args }: Call, spec: Extract<ToolKindSpec, { kind: 'file_write' }>, context: PathContext): Evidence[] {
  const uses = namedPaths(tool, args, spec.path);
  if (spec.patch !== undefined && args[spec.patch] !== undefined) {
    for (const named of patchFilePaths(text(tool, args, spec.patch))) uses.push({ argument: spec.patch, path: named });
  }
  if (uses.length === 0) throw new ToolArgumentsError(tool, 'the path', 'is missing: a file tool must name the file it changes');
  const role = spec.operation === 'delete' ? 'delete' : 'overwrite';
  return uses.flatMap((use) => pathUseEvidence({ path: use.path, role, argument: use.argument }, context));
}

/** A call's risk, with the workspace paths its command names (shell kinds only). */
export interface CallRisk {
  readonly risk: Categorization;
  readonly commandPaths: readonly CommandPath[];
}

const NO_COMMAND_PATHS: readonly CommandPath[] = Object.freeze([]);

function shellCallRisk({ tool, args }: Call, spec: Extract<ToolKindSpec, { kind: 'shell' }>, risk: RiskContext): CallRisk {
  const command = text(tool, args, spec.command);
  if (command.trim() === '') return { risk: NO_RISK, commandPaths: NO_COMMAND_PATHS };
  const workspace = workspacePathContext(risk);
  const cwd = optionalTarget(tool, args, spec.cwd);
  const cwdEvidence = cwd === undefined ? [] : pathUseEvidence({ path: cwd, role: 'read', argument: spec.cwd ?? 'cwd' }, workspace);
  const base = cwd === undefined ? risk.workspaceRoot : path.resolve(risk.workspaceRoot, cwd);
  const found = shellRisk(command, { ...workspace, base });
  return { risk: categorization([...cwdEvidence, ...found.evidence]), commandPaths: found.paths };
}

function evidenceFor(call: Call, spec: Exclude<ToolKindSpec, { kind: 'shell' }>, risk: RiskContext): Evidence[] {
  const { tool, args } = call;
  const workspace = workspacePathContext(risk);
  switch (spec.kind) {
    case 'none':
      return [];
    case 'file_write':
      return fileWriteEvidence(call, spec, workspace);
    case 'file_patch': {
      const file = target(tool, args, spec.path);
      // only a real boolean true is a dry run: "true" or 1 from a confused model is not
      const dryRun = spec.dryRun !== undefined && args[spec.dryRun] === true;
      const uses = pathUseEvidence({ path: file, role: 'overwrite', argument: spec.path }, workspace);
      return dryRun ? uses.filter((item) => item.category !== 'FS_DELETE_OVERWRITE') : uses;
    }
    case 'fs': {
      const op = text(tool, args, spec.op).toLowerCase();
      const role = FS_READ_OPS.has(op) ? 'read' : FS_DELETE_OPS.has(op) ? 'delete' : 'overwrite';
      return pathUseEvidence({ path: target(tool, args, spec.path), role, argument: spec.path }, { ...workspace, base: risk.sandboxRoot });
    }
    case 'web':
      return webEvidence(target(tool, args, spec.url), spec.url, workspace);
    case 'run': {
      const script = target(tool, args, spec.path);
      const run: Evidence = { category: 'EXEC_ARBITRARY', argument: spec.path, trigger: script, note: 'runs a script of the workspace', details: [script, risk.workspaceRoot, `runs ${script}`] };
      return [run, ...pathUseEvidence({ path: script, role: 'read', argument: spec.path }, workspace)];
    }
    case 'read':
      return namedPaths(tool, args, spec.path).flatMap((use) => pathUseEvidence({ path: use.path, role: 'read', argument: use.argument }, workspace));
  }
}

/** categorize with options already validated, plus the workspace paths a command names; the governor's hot path. */
export function assessCallRisk(tool: unknown, args: unknown, risk: RiskContext): CallRisk {
  if (typeof tool !== 'string' || tool === '') throw new UnknownToolError(describeValue(tool));
  const spec = toolKindOf(tool, risk.toolKinds);
  if (!spec) throw new UnknownToolError(tool);
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new ToolArgumentsError(tool, 'the arguments', `must be an object, got ${Array.isArray(args) ? 'an array' : args === null ? 'null' : typeof args}`);
  }
  if (spec.kind === 'none') return { risk: NO_RISK, commandPaths: NO_COMMAND_PATHS };
  try {
    const call = { tool, args: args as Args };
    if (spec.kind === 'shell') return shellCallRisk(call, spec, risk);
    return { risk: categorization(evidenceFor(call, spec, risk)), commandPaths: NO_COMMAND_PATHS };
  } catch (error) {
    if (error instanceof IntentGateError) throw error;
    // arguments with throwing getters or proxies: a typed error, never a crash
    throw new ToolArgumentsError(tool, 'the arguments', `could not be read (${String(error)})`);
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
  return assessCallRisk(tool, args, resolveRiskContext(options, process.cwd())).risk;
}
