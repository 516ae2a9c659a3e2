import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSettledListings } from '../../src/files/settledListings';

const root = mkdtempSync(path.join(tmpdir(), 'intentgate-listings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let made = 0;
/** A new folder holding `names`, each an empty file. */
function folderWith(names: readonly string[]): string {
  const folder = path.join(root, `folder-${made++}`);
  mkdirSync(folder);
  for (const name of names) writeFileSync(path.join(folder, name), '');
  return folder;
}

/** Listings whose clock runs `aheadMs` before the wall clock, counting the folders read. */
function countingListings(aheadMs: number, options: { readonly maxFolders?: number } = {}) {
  const read: string[] = [];
  const listings = createSettledListings({
    ...options,
    now: () => Date.now() + aheadMs,
    readFolder: (folder) => {
      read.push(folder);
      return readdirSync(folder);
    },
  });
  return { listings, read };
}

// a clock this far ahead sees every folder as settled
const SETTLED = 60_000;

// longer than a tick of the clock the kernel stamps change times with
const pastOneTick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 30));

describe('createSettledListings', () => {
  it.each([
    { name: 'lists the names of a folder', make: () => folderWith(['a.py', 'b']), listed: ['a.py', 'b'] },
    { name: 'lists nothing for a missing folder', make: () => path.join(root, 'missing'), listed: [] },
    { name: 'lists nothing for a file', make: () => path.join(folderWith(['x']), 'x'), listed: [] },
  ])('$name', ({ make, listed }) => {
    const { listings } = countingListings(SETTLED);
    expect([...listings.list(make())].sort()).toEqual(listed);
  });

  it('reads a settled folder once while it is unchanged', () => {
    const folder = folderWith(['json.py']);
    const { listings, read } = countingListings(SETTLED);
    const first = listings.list(folder);
    expect(listings.list(folder)).toBe(first);
    expect(listings.list(folder)).toEqual(['json.py']);
    expect(read).toEqual([folder]);
  });

  it('reads a settled folder again once a name is added, removed or renamed', async () => {
    const folder = folderWith(['a.py']);
    const { listings, read } = countingListings(SETTLED);
    expect(listings.list(folder)).toEqual(['a.py']);
    await pastOneTick();
    writeFileSync(path.join(folder, 'json.py'), '');
    expect([...listings.list(folder)].sort()).toEqual(['a.py', 'json.py']);
    await pastOneTick();
    rmSync(path.join(folder, 'a.py'));
    expect(listings.list(folder)).toEqual(['json.py']);
    expect(read).toHaveLength(3);
  });

  it('reads a folder replaced by another of the same name afresh', () => {
    const folder = folderWith(['a.py']);
    const { listings, read } = countingListings(SETTLED);
    expect(listings.list(folder)).toEqual(['a.py']);
    rmSync(folder, { recursive: true });
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'os.py'), '');
    expect(listings.list(folder)).toEqual(['os.py']);
    expect(read).toHaveLength(2);
  });

  it('reads a folder that changed within the settling time afresh each time', () => {
    // the wall clock as it is: the folder was made just now, so a change within this tick could hide
    const folder = folderWith(['a.py']);
    const { listings, read } = countingListings(0);
    for (let round = 0; round < 3; round++) expect(listings.list(folder)).toEqual(['a.py']);
    expect(read).toHaveLength(3);
  });

  it('keeps no listing of a folder on a file system whose times it does not stamp', () => {
    const { listings, read } = countingListings(SETTLED);
    listings.list('/proc/self');
    listings.list('/proc/self');
    expect(read).toEqual(['/proc/self', '/proc/self']);
  });

  it('drops the listing used longest ago past its bound', () => {
    const [a, b, c] = [folderWith(['a']), folderWith(['b']), folderWith(['c'])];
    const { listings, read } = countingListings(SETTLED, { maxFolders: 2 });
    for (const folder of [a, b, a, c, a, b]) listings.list(folder);
    // b, used longest ago when c came, was dropped; a stayed
    expect(read).toEqual([a, b, c, b]);
  });

  it('gives a kept listing that cannot be changed by its caller', () => {
    const folder = folderWith(['a.py']);
    const { listings } = countingListings(SETTLED);
    listings.list(folder);
    const kept = listings.list(folder) as string[];
    expect(() => kept.push('x.py')).toThrow(TypeError);
  });
});
