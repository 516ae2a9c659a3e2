import path from 'node:path';
import type { AnalysisContext } from './analysisContext';
import type { PathRole } from '../catalog/shellAnalysis';

/** Folders whose files belong to the machine, not a project: a change there is SYSTEM_IMPACT. */
export const SYSTEM_FOLDERS: readonly string[] = [
  '/etc',
  '/usr',
  '/boot',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/var/spool/cron',
  '/dev',
  '/proc',
  '/sys',
  '/System',
  '/Library',
  '/private/etc',
];

// macOS folders compare without case, and '/ETC' on Linux is a look-alike worth asking about
const FOLDERS_LOWER = SYSTEM_FOLDERS.map((folder) => folder.toLowerCase());

/** The system folder an absolute path is in (or '/' for the root itself), else undefined. */
export function systemFolderOf(absolute: string): string | undefined {
  if (!absolute.startsWith('/')) return undefined;
  const normal = path.posix.normalize(absolute).toLowerCase();
  if (normal === '/' || normal === '//') return '/';
  // shared memory is scratch space, not the machine's configuration
  if (normal === '/dev/shm' || normal.startsWith('/dev/shm/')) return undefined;
  const index = FOLDERS_LOWER.findIndex((folder) => normal === folder || normal.startsWith(`${folder}/`));
  return index === -1 ? undefined : SYSTEM_FOLDERS[index];
}

/** A path the shell can tell leaves the project: absolute, in a home folder, or climbing with `..`. */
export function leavesProject(written: string): boolean {
  return written.startsWith('/') || written.startsWith('~') || written === '..' || written.startsWith('../');
}

/** Where a finding goes: the analysis and the simple command it belongs to. */
interface ChangeSink {
  readonly context: AnalysisContext;
  readonly command: string;
}

function commandName(command: string): string {
  const space = command.indexOf(' ');
  const first = space === -1 ? command : command.slice(0, space);
  return first.slice(first.lastIndexOf('/') + 1);
}

/**
 * Whether a SYSTEM_IMPACT finding of the same program already names the path as what it
 * changes: a rule that writes a device names it (`dd of=/dev/sdb`), and says more than a
 * system file change would.
 */
function namedByRule(sink: ChangeSink, path: string): boolean {
  const program = commandName(sink.command);
  const findings = sink.context.findings;
  for (let index = findings.length - 1; index >= 0; index--) {
    const finding = findings[index];
    if (finding?.category === 'SYSTEM_IMPACT' && finding.details[1] === path && finding.details[0] === program)
      return true;
  }
  return false;
}

/** A write, overwrite or delete under a system folder may affect the machine (`> /etc/hosts`). */
export function noteSystemFileChange(
  sink: ChangeSink,
  change: { readonly path: string; readonly role: PathRole },
): void {
  if (change.role === 'read') return;
  const folder = systemFolderOf(change.path);
  if (folder === undefined) return;
  if (folder === '/dev' && namedByRule(sink, change.path)) return;
  sink.context.noteEffect('system file change');
  sink.context.addFinding({
    category: 'SYSTEM_IMPACT',
    trigger: change.path,
    command: sink.command,
    note: `${change.role} under ${folder}`,
    details: [commandName(sink.command), change.path, 'system files'],
  });
}

/** chmod/chown/chgrp of a path outside the project (or of a system folder) changes who may do what there. */
export function notePermissionChange(sink: ChangeSink, target: string): void {
  // a system folder is already reported as a system file change
  if (!leavesProject(target) || systemFolderOf(target) !== undefined) return;
  sink.context.noteEffect('permission change');
  sink.context.addFinding({
    category: 'SYSTEM_IMPACT',
    trigger: target,
    command: sink.command,
    note: 'permission or owner change outside the project',
    details: [commandName(sink.command), target, 'permissions'],
  });
}
