import type { RegularFileRead } from '../../files/readRegularFile';

/**
 * The workspace's files as a program family may read them (git's repository, a Makefile, a
 * justfile): a port, so the family does no file I/O of its own and its tests can hand it a tree
 * as data. The risk rules give the disk (src/risk/diskWorkspaceFiles.ts).
 */
export interface WorkspaceFiles {
  /** what is at an absolute path, links followed: a file, a folder, or nothing the analysis can use */
  kindOf(file: string): 'file' | 'folder' | undefined;
  /** whether anything is at an absolute path, links followed (a FIFO, a device count too) */
  exists(file: string): boolean;
  /** the names in a folder; none when it cannot be listed */
  list(folder: string): readonly string[];
  /** a regular file's text, up to `maxBytes`, read without blocking (a FIFO is refused), or why there is none */
  readText(file: string, maxBytes: number): RegularFileRead;
}
