import { symlinkSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContainmentProfile } from '../../src/containment/containmentProfile';
import { isWithin } from '../../src/containment/profilePaths';
import { BWRAP, contained, makeRepository, profileFor, treeState } from './sandboxSupport';

// No write command from a small alphabet changes anything outside the writable set: src/ and
// .git's database. The whole tree (workspace and a folder beside it) is hashed before and after.

const OPERATIONS = [
  (target: string) => `echo generated > ${target}`,
  (target: string) => `echo generated >> ${target}`,
  (target: string) => `rm -rf ${target}`,
  (target: string) => `touch ${target}`,
  (target: string) => `mkdir -p ${target}/made`,
  (target: string) => `mv ${target} ${target}.moved`,
  (target: string) => `cp /etc/hostname ${target}`,
  (target: string) => `ln -sf /etc/passwd ${target}`,
  (target: string) => `chmod 777 ${target}`,
  (target: string) => `truncate -s 0 ${target}`,
  (target: string) => `sed -i s/a/b/ ${target}`,
  (target: string) => `tar -cf src/t.tar docs && tar -xf src/t.tar -C ${target}`,
] as const;

const TARGETS = [
  'src/a.ts',
  'src/new.txt',
  'src/link-in',
  'src/link-out',
  'src/server.pem',
  'docs/readme.md',
  'docs',
  '.orchestration/active_intents.yaml',
  '.orchestration',
  '.intentignore',
  '.git/config',
  '.git/hooks/pre-commit',
  '.git/info/exclude',
  'secrets/key',
  '.claude/settings.json',
  '../outside/outside.txt',
  '.',
] as const;

const command = fc
  .array(fc.tuple(fc.constantFrom(...OPERATIONS), fc.constantFrom(...TARGETS)), { minLength: 1, maxLength: 3 })
  .map((steps) => steps.map(([operation, target]) => operation(target)).join('; '));

let root: string;
let outside: string;
let profile: ContainmentProfile;

beforeAll(() => {
  ({ root, outside } = makeRepository());
  symlinkSync('../docs/readme.md', path.join(root, 'src', 'link-in'));
  symlinkSync(path.join(outside, 'outside.txt'), path.join(root, 'src', 'link-out'));
  profile = profileFor(root);
});

/** The writable set: src/ (its masked file excepted) and .git but its hooks, config and info. */
function writable(file: string): boolean {
  const git = path.join(root, '.git');
  const guarded = ['hooks', 'config', 'info'].some((name) => isWithin(file, path.join(git, name)));
  const inGit = isWithin(file, git) && file !== git && !guarded;
  return inGit || (isWithin(file, path.join(root, 'src')) && file !== path.join(root, 'src', 'server.pem'));
}

describe.skipIf(BWRAP === undefined)('contained write commands', () => {
  it('change nothing outside the writable set', async () => {
    await fc.assert(
      fc.asyncProperty(command, async (line) => {
        const before = treeState([root, outside], writable);
        await contained(profile, line);
        expect(treeState([root, outside], writable), line).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });
});
