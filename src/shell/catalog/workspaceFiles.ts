import type { RegularFileRead } from '../../files/readRegularFile';

/**
 * The workspace's files as a program family may read them (git's repository, its config): a
 * port, so the family does no file I/O of its own and its tests can hand it a tree as data. The
 * risk rules give the disk (src/risk/diskWorkspaceFiles.ts).
 */
export interface WorkspaceFiles {
  /** what is at an absolute path, links followed: a file, a folder, or nothing the analysis can use */
  kindOf(file: string): 'file' | 'folder' | undefined;
  /** a regular file's text, up to `maxBytes`, read without blocking (a FIFO is refused), or why there is none */
  readText(file: string, maxBytes: number): RegularFileRead;
}
