import { ToolArgumentsError } from '../errors/ToolArgumentsError';
import { isFileUrl } from '../paths/fileUrlPath';
import { isBlankPath, pathForms } from '../paths/pathForms';
import { patchFilePaths } from '../tools/pathArguments';
import type { ToolKindSpec } from '../tools/toolKinds';

type Args = Readonly<Record<string, unknown>>;

/** A path or URL a call names, with the argument that names it. */
export interface NamedTarget {
  readonly argument: string;
  readonly path: string;
}

/** A call's arguments as its kind names them, each read and checked once. */
export type KindArguments =
  | { readonly kind: 'none' }
  | { readonly kind: 'shell'; readonly command: string; readonly cwd: NamedTarget | undefined }
  | { readonly kind: 'file_write'; readonly uses: readonly NamedTarget[]; readonly deletes: boolean }
  | { readonly kind: 'file_patch'; readonly file: NamedTarget; readonly dryRun: boolean }
  | { readonly kind: 'fs'; readonly op: string; readonly file: NamedTarget }
  | { readonly kind: 'web'; readonly url: NamedTarget }
  | { readonly kind: 'run'; readonly script: NamedTarget }
  | { readonly kind: 'read'; readonly uses: readonly NamedTarget[] };

export type KindArgumentsResult =
  { readonly ok: true; readonly read: KindArguments } | { readonly ok: false; readonly error: ToolArgumentsError };

const NONE: KindArguments = Object.freeze({ kind: 'none' });

function text(tool: string, args: Args, name: string): string | ToolArgumentsError {
  const value = args[name];
  if (typeof value === 'string') return value;
  return new ToolArgumentsError(tool, `'${name}'`, `must be a string, got ${value === null ? 'null' : typeof value}`);
}

/** A path or URL argument: an empty or blank one names nothing that could be checked, so it is malformed. */
function target(tool: string, args: Args, name: string): NamedTarget | ToolArgumentsError {
  const value = text(tool, args, name);
  if (typeof value !== 'string') return value;
  if (value === '') return new ToolArgumentsError(tool, `'${name}'`, 'is empty');
  return isBlankPath(value)
    ? new ToolArgumentsError(tool, `'${name}'`, 'is only whitespace')
    : { argument: name, path: value };
}

/** The paths a file kind names: each listed argument that is present, as text or a list of text. */
function namedPaths(
  tool: string,
  args: Args,
  names: string | readonly string[] | undefined,
): NamedTarget[] | ToolArgumentsError {
  const found: NamedTarget[] = [];
  if (typeof names === 'string') return addNamedPaths(tool, args, names, found);
  for (const name of names ?? []) {
    const added = addNamedPaths(tool, args, name, found);
    if (added instanceof ToolArgumentsError) return added;
  }
  return found;
}

/** Adds the paths one argument names to `found`: nothing when it is absent, each item of a list. */
function addNamedPaths(
  tool: string,
  args: Args,
  name: string,
  found: NamedTarget[],
): NamedTarget[] | ToolArgumentsError {
  const value = args[name];
  // null is an optional path not given, as the scope check reads it
  if (value === undefined || value === null) return found;
  if (!Array.isArray(value)) {
    if (typeof value !== 'string' || isBlankPath(value))
      return new ToolArgumentsError(tool, `'${name}'`, 'must be a non-empty path');
    found.push({ argument: name, path: value });
    return found;
  }
  for (let index = 0; index < value.length; index += 1) {
    const item: unknown = value[index];
    if (typeof item !== 'string' || isBlankPath(item))
      return new ToolArgumentsError(tool, `'${name}'[${index}]`, 'must be a non-empty path');
    found.push({ argument: name, path: item });
  }
  return found;
}

function fileWrite(
  tool: string,
  args: Args,
  spec: Extract<ToolKindSpec, { kind: 'file_write' }>,
): KindArguments | ToolArgumentsError {
  const uses = namedPaths(tool, args, spec.path);
  if (uses instanceof ToolArgumentsError) return uses;
  if (spec.patch !== undefined && args[spec.patch] !== undefined) {
    const patch = text(tool, args, spec.patch);
    if (typeof patch !== 'string') return patch;
    for (const named of patchFilePaths(patch)) uses.push({ argument: spec.patch, path: named });
  }
  if (uses.length === 0)
    return new ToolArgumentsError(tool, 'the path', 'is missing: a file tool must name the file it changes');
  return { kind: 'file_write', uses, deletes: spec.operation === 'delete' };
}

function shell(
  tool: string,
  args: Args,
  spec: Extract<ToolKindSpec, { kind: 'shell' }>,
): KindArguments | ToolArgumentsError {
  const command = text(tool, args, spec.command);
  if (typeof command !== 'string') return command;
  // a blank command runs nothing a host would mean: refused, like a file tool naming no file
  if (command.trim() === '')
    return new ToolArgumentsError(tool, `'${spec.command}'`, 'is empty: a shell call must say what to run');
  if (spec.cwd === undefined || args[spec.cwd] === undefined) return { kind: 'shell', command, cwd: undefined };
  const cwd = target(tool, args, spec.cwd);
  return cwd instanceof ToolArgumentsError ? cwd : { kind: 'shell', command, cwd };
}

/** The paths a read names, and the path of a `file:` resource URI; a URI of another scheme names no file. */
function read(
  tool: string,
  args: Args,
  spec: Extract<ToolKindSpec, { kind: 'read' }>,
): KindArguments | ToolArgumentsError {
  const uses = namedPaths(tool, args, spec.path);
  if (uses instanceof ToolArgumentsError) return uses;
  // null is an optional URI not given, as for a path
  if (spec.uri !== undefined && args[spec.uri] !== undefined && args[spec.uri] !== null) {
    const uri = text(tool, args, spec.uri);
    if (typeof uri !== 'string') return uri;
    if (pathForms(uri).some(isFileUrl)) uses.push({ argument: spec.uri, path: uri });
  }
  return { kind: 'read', uses };
}

/** A value for each kind; one target argument read the same way for the kinds that name one. */
function readKind(tool: string, args: Args, spec: ToolKindSpec): KindArguments | ToolArgumentsError {
  switch (spec.kind) {
    case 'none':
      return NONE;
    case 'shell':
      return shell(tool, args, spec);
    case 'file_write':
      return fileWrite(tool, args, spec);
    case 'file_patch': {
      const file = target(tool, args, spec.path);
      // only a real boolean true is a dry run: "true" or 1 from a confused model is not
      return file instanceof ToolArgumentsError
        ? file
        : { kind: 'file_patch', file, dryRun: spec.dryRun !== undefined && args[spec.dryRun] === true };
    }
    case 'fs': {
      const op = text(tool, args, spec.op);
      if (typeof op !== 'string') return op;
      const file = target(tool, args, spec.path);
      return file instanceof ToolArgumentsError ? file : { kind: 'fs', op: op.toLowerCase(), file };
    }
    case 'web': {
      const url = target(tool, args, spec.url);
      return url instanceof ToolArgumentsError ? url : { kind: 'web', url };
    }
    case 'run': {
      const script = target(tool, args, spec.path);
      return script instanceof ToolArgumentsError ? script : { kind: 'run', script };
    }
    case 'read':
      return read(tool, args, spec);
  }
}

/**
 * Reads the arguments a tool's kind names, checking each once: a command that is not text or
 * is blank, an empty or blank path or a file tool naming no file is a ToolArgumentsError,
 * returned, not thrown.
 */
export function readKindArguments(tool: string, args: Args, spec: ToolKindSpec): KindArgumentsResult {
  const read = readKind(tool, args, spec);
  return read instanceof ToolArgumentsError ? { ok: false, error: read } : { ok: true, read };
}
