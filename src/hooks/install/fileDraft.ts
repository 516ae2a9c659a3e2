import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** One file's change: created (no before), deleted (no after) or rewritten. */
export interface FileChange {
  readonly file: string;
  readonly before: string | undefined;
  readonly after: string | undefined;
}

/** Every change a plan makes: files, then the folders it creates and removes. */
export interface DraftChanges {
  readonly files: readonly FileChange[];
  readonly createdDirs: readonly string[];
  readonly removedDirs: readonly string[];
}

const onDisk = (file: string): string | undefined => {
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8');
};

/**
 * The workspace's files as a plan leaves them, in memory: reads see the plan's writes, and
 * nothing touches the disk until `apply`. A plan that fails leaves every file as it was.
 */
export class FileDraft {
  private readonly files = new Map<string, string | undefined>();
  private readonly removed = new Set<string>();

  read(file: string): string | undefined {
    return this.files.has(file) ? this.files.get(file) : onDisk(file);
  }

  write(file: string, text: string | undefined): void {
    this.files.set(file, text);
    if (text !== undefined) for (let dir = path.dirname(file); this.removed.delete(dir); dir = path.dirname(dir));
  }

  /** Whether a folder is there as the plan leaves it. */
  dirExists(dir: string): boolean {
    if (this.removed.has(dir)) return false;
    for (const [file, text] of this.files) if (text !== undefined && file.startsWith(`${dir}${path.sep}`)) return true;
    return existsSync(dir) && statSync(dir).isDirectory();
  }

  /** The folder's entries as the plan leaves them. */
  private entries(dir: string): Set<string> {
    const names = new Set(this.removed.has(dir) || !existsSync(dir) ? [] : readdirSync(dir));
    for (const [file, text] of this.files) {
      if (path.dirname(file) === dir) {
        if (text === undefined) names.delete(path.basename(file));
        else names.add(path.basename(file));
      }
    }
    for (const gone of this.removed) if (path.dirname(gone) === dir) names.delete(path.basename(gone));
    for (const [file, text] of this.files) {
      const relative = path.relative(dir, file);
      if (text !== undefined && !relative.startsWith('..') && relative.includes(path.sep))
        names.add(relative.split(path.sep)[0] ?? '');
    }
    return names;
  }

  /** Removes the folder when the plan leaves it empty; says whether it did. */
  removeDirIfEmpty(dir: string): boolean {
    if (!this.dirExists(dir) || this.entries(dir).size > 0) return false;
    this.removed.add(dir);
    return true;
  }

  /** What the plan changes on disk. */
  changes(): DraftChanges {
    const files = [...this.files]
      .map(([file, after]) => ({ file, before: onDisk(file), after }))
      .filter((change) => change.before !== change.after);
    const createdDirs = new Set<string>();
    for (const change of files) {
      if (change.after === undefined) continue;
      for (let dir = path.dirname(change.file); !existsSync(dir); dir = path.dirname(dir)) createdDirs.add(dir);
    }
    const removedDirs = [...this.removed].filter((dir) => existsSync(dir)).sort((a, b) => b.length - a.length);
    return { files, createdDirs: [...createdDirs].sort((a, b) => a.length - b.length), removedDirs };
  }

  /** Writes the plan to disk: the files, then the removal of folders left empty (deepest first). */
  apply(): DraftChanges {
    const changes = this.changes();
    for (const change of changes.files) {
      if (change.after === undefined) {
        unlinkSync(change.file);
      } else {
        mkdirSync(path.dirname(change.file), { recursive: true });
        writeFileSync(change.file, change.after);
      }
    }
    for (const dir of changes.removedDirs) if (readdirSync(dir).length === 0) rmdirSync(dir);
    return changes;
  }
}
