import { isRelativePath, mergeDirectories, type WorkingDirectory } from './workingDirectory';

/** What a scope puts back when it ends: a subshell's cd never reaches its parent. */
export interface DirectorySnapshot {
  readonly current: WorkingDirectory;
  readonly failure: WorkingDirectory | undefined;
  readonly changes: number;
}

/**
 * Code that may run more than once or later than it is written: a loop body (dirty when the loop
 * changes folder) or deferred code, a function body or a trap (dirty when any cd runs at all).
 */
interface Region {
  readonly parent: number;
  readonly deferred: boolean;
  dirty: boolean;
}

/**
 * Where commands run as the walk goes through a script (see workingDirectory.ts). A relative path
 * is only given a folder when every way the shell can reach it agrees on that folder.
 */
export class DirectoryFlow {
  current: WorkingDirectory = '';
  /** after a cd: the folder should it fail; undefined when the last command was no cd */
  failure: WorkingDirectory | undefined = undefined;
  /** cds seen so far in this scope: a loop or function compares it before and after */
  changes = 0;
  private changedAnywhere = false;
  /** CDPATH may be set, so a cd to a plain relative name may go anywhere */
  cdpath = false;
  /** `cd` may not be the builtin any more (a function or alias named cd, `enable`) */
  overridden = false;
  private readonly regions: Region[] = [{ parent: -1, deferred: false, dirty: false }];
  private region = 0;
  /** the region each recorded path operand was found in */
  private readonly operandRegions: number[] = [];

  snapshot(): DirectorySnapshot {
    return { current: this.current, failure: this.failure, changes: this.changes };
  }

  restore(snapshot: DirectorySnapshot): void {
    this.current = snapshot.current;
    this.failure = snapshot.failure;
    this.changes = snapshot.changes;
  }

  /** A statement ended: a cd before it may have failed, so either folder is possible. */
  settle(): void {
    if (this.failure === undefined) return;
    this.current = mergeDirectories(this.current, this.failure);
    this.failure = undefined;
  }

  /** A cd that succeeds moves to `next`; one that fails stays where it was. */
  changeTo(next: WorkingDirectory): void {
    this.failure = this.current;
    this.current = next;
    this.noteChange();
  }

  /** The folder can no longer be known (`popd`, a cd in a function that may be called later). */
  forget(): void {
    this.failure = undefined;
    this.current = null;
    this.noteChange();
  }

  private noteChange(): void {
    this.changes++;
    this.changedAnywhere = true;
  }

  /** Enters a loop body or deferred code; returns the region to go back to. */
  openRegion(deferred: boolean): number {
    const outer = this.region;
    this.regions.push({ parent: outer, deferred, dirty: false });
    this.region = this.regions.length - 1;
    return outer;
  }

  /** Leaves a region; `dirty` when its code may run again in another folder. */
  closeRegion(outer: number, dirty: boolean): void {
    const region = this.regions[this.region];
    if (region !== undefined && dirty) region.dirty = true;
    this.region = outer;
  }

  /** The region a path operand is recorded in; 0 outside any loop or deferred code. */
  get regionId(): number {
    return this.region;
  }

  noteOperand(region: number): void {
    this.operandRegions.push(region);
  }

  /**
   * Which recorded operands may have run in another folder than the one they were read from:
   * those in a dirty region, or in deferred code once any cd ran. One pass, parents first.
   * Undefined when the line has no loop or deferred code, the most common case: none can be.
   */
  unsettledOperands(): ((index: number, path: string | undefined) => boolean) | undefined {
    if (this.regions.length === 1) return undefined;
    const unsettled: boolean[] = [];
    for (const region of this.regions) {
      const own = region.dirty || (region.deferred && this.changedAnywhere);
      unsettled.push(own || (unsettled[region.parent] ?? false));
    }
    return (index, path) =>
      path !== undefined && isRelativePath(path) && (unsettled[this.operandRegions[index] ?? 0] ?? false);
  }
}
