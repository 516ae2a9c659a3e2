import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Where services keep their Unix sockets; the system's temporary folder is hidden by the private one. */
export const SOCKET_FOLDERS = ['/run', '/var/run'] as const;

const MAX_DEPTH = 4;
const MAX_ENTRIES = 10_000;

/**
 * The Unix sockets under /run (a database's, docker's, D-Bus's): a read-only mount does not stop
 * connect(), and a closed network namespace only cuts abstract sockets, so each is masked.
 * Bounded in depth and entries; a folder that cannot be listed is skipped.
 */
export function hostSockets(folders: readonly string[] = SOCKET_FOLDERS): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  let entries = 0;
  const walk = (folder: string, depth: number): void => {
    let listing;
    try {
      listing = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of listing) {
      entries += 1;
      if (entries > MAX_ENTRIES) return;
      const file = path.join(folder, entry.name);
      if (entry.isSocket()) found.add(file);
      else if (entry.isDirectory() && depth < MAX_DEPTH) walk(file, depth + 1);
    }
  };
  for (const folder of folders) {
    let real: string;
    try {
      real = realpathSync.native(folder);
    } catch {
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    walk(real, 1);
  }
  return [...found].sort();
}
