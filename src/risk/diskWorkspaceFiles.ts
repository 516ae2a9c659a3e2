import { existsSync, statSync } from 'node:fs';
import { readRegularFile } from '../files/readRegularFile';
import { createSettledListings } from '../files/settledListings';
import type { WorkspaceFiles } from '../shell/catalog/workspaceFiles';

// a folder's listing is kept while the folder is unchanged (see settledListings.ts)
const listings = createSettledListings();

/** The workspace's files on this machine's disk, as a program family reads them through its port. */
export const DISK_WORKSPACE_FILES: WorkspaceFiles = {
  kindOf(file) {
    try {
      // most folders climbed hold no .git: a missing file is an answer, not an exception to build
      const stats = statSync(file, { throwIfNoEntry: false });
      return stats?.isDirectory() === true ? 'folder' : stats?.isFile() === true ? 'file' : undefined;
    } catch {
      return undefined;
    }
  },
  exists: (file) => existsSync(file),
  list: (folder) => listings.list(folder),
  readText: (file, maxBytes) => readRegularFile(file, maxBytes),
};
