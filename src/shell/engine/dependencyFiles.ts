import { dependencyManifest } from '../../paths/dependencyManifest';
import type { AnalysisContext } from './analysisContext';
import { globJudgedPath } from '../words/globPath';
import type { PathRole } from '../catalog/shellAnalysis';
import type { ShellWord } from '../words/shellWord';
import { notePermissionChange, noteSystemFileChange } from './systemPaths';
import { fromStart } from './workingDirectory';

/** Whether a path names a dependency manifest or lockfile: one list serves the file and the shell rules. */
export function isDependencyFile(path: string): boolean {
  return dependencyManifest(path) !== undefined;
}

const PSEUDO_DEVICES: ReadonlySet<string> = new Set([
  '/dev/null',
  '/dev/zero',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/stdin',
  '/dev/tty',
  '/dev/random',
  '/dev/urandom',
]);

/** These touch no file (`2>/dev/null`, `cat /dev/null`), so they are not path operands. */
export function isPseudoDevice(path: string): boolean {
  return PSEUDO_DEVICES.has(path) || path.startsWith('/dev/fd/');
}

function firstWord(command: string): string {
  const space = command.indexOf(' ');
  return space === -1 ? command : command.slice(0, space);
}

/** Where path operands go: the analysis, and the simple command they belong to. */
export interface PathSink {
  readonly context: AnalysisContext;
  readonly command: string;
}

/**
 * Records a path operand for the caller's FS_* judgement (a glob by its text, see globPath.ts);
 * a change under a system folder is also SYSTEM_IMPACT, and a write to a dependency manifest
 * DEPS_INSTALL_UPDATE (seed 002 D names requirements.txt and package.json).
 */
export function recordPath(
  sink: PathSink,
  word: ShellWord,
  role: PathRole,
  how: {
    readonly assumed?: string | undefined;
    readonly changesPermissions?: boolean | undefined;
    readonly contentAnalysed?: boolean | undefined;
    readonly placesLinks?: 'inside' | undefined;
  } = {},
  /** the command writes links, or may: a write here is a place a later path cannot be resolved through */
  linkWriter = false,
): void {
  const { context, command } = sink;
  if (word.value !== undefined && isPseudoDevice(word.value)) return;
  const glob = word.value === undefined && word.literal !== undefined;
  const text = word.value ?? (word.literal === undefined ? undefined : globJudgedPath(word.literal));
  // after `cd dir`, a relative operand names dir/operand
  const path = text === undefined ? undefined : fromStart(context.directory, text);
  // every field present, undefined when it does not apply: operands of one shape are read the same way downstream
  context.addPath({
    path,
    source: word.source,
    role,
    command,
    assumed: how.assumed,
    glob: glob && path !== undefined ? true : undefined,
    placesLinks: linkWriter && role !== 'read' && role !== 'delete' ? (how.placesLinks ?? true) : undefined,
    contentAnalysed: how.contentAnalysed === true ? true : undefined,
  });
  if (path === undefined || role === 'read') return;
  if (how.changesPermissions === true) notePermissionChange(sink, path);
  noteSystemFileChange(sink, { path, role });
  if (!isDependencyFile(path)) return;
  context.noteEffect('dependency file change');
  context.addFinding({
    category: 'DEPS_INSTALL_UPDATE',
    trigger: path,
    command,
    note: `${role} of a dependency file`,
    details: [firstWord(command), '', path],
  });
}
