import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runContained } from '../../src/containment/runContained';
import { GIT_ENV } from '../support/realPrograms';
import { BWRAP, contained, makeRepository, profileFor } from './sandboxSupport';

// In-scope git work needs .git's index, objects and refs; its hooks and config stay read-only.

let root: string;

beforeEach(() => {
  root = makeRepository().root;
  writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 2;\n');
});

const GIT_WORK = [
  { name: 'git add', command: 'git add src/a.ts && git diff --cached --name-only', shows: 'src/a.ts' },
  { name: 'git commit', command: 'git commit -qam change && git log --oneline | wc -l', shows: '2' },
  { name: 'git checkout -- file', command: 'git checkout -- src/a.ts && cat src/a.ts', shows: 'a = 1' },
  { name: 'git restore', command: 'git restore src/a.ts && cat src/a.ts', shows: 'a = 1' },
  { name: 'git stash', command: 'git stash -q && cat src/a.ts && git stash list | wc -l', shows: 'a = 1' },
  { name: 'git rm --cached', command: 'git rm -q --cached src/a.ts && git status --short src', shows: 'D  src/a.ts' },
  {
    name: 'git from a folder in scope',
    command: 'cd src && git add a.ts && git diff --cached --name-only',
    shows: 'src/a.ts',
  },
];

describe.skipIf(BWRAP === undefined)('git in a contained command', () => {
  it.each(GIT_WORK)('$name works on files in scope', async ({ command, shows }) => {
    const outcome = await contained(profileFor(root), command);
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain(shows);
  });

  it.each([
    { name: 'a hook', command: 'echo "touch /tmp/x" > .git/hooks/post-commit', file: '.git/hooks/post-commit' },
    { name: 'the hooks folder by rename', command: 'mv .git/hooks .git/hooks-old', file: '.git/hooks-old' },
    {
      name: 'a hook through git config',
      command: 'git config core.hooksPath src && git config --get core.hooksPath',
      file: '.git/config',
    },
    { name: 'info/attributes', command: 'echo "* filter=x" > .git/info/attributes', file: '.git/info/attributes' },
  ])('cannot change $name', async ({ command, file }) => {
    const target = path.join(root, file);
    const before = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    const outcome = await contained(profileFor(root), command);
    expect(outcome.code).not.toBe(0);
    expect(existsSync(target) ? readFileSync(target, 'utf8') : undefined).toBe(before);
  });

  it('fails, without reading it, a commit -a that meets a tracked masked file', async () => {
    await contained(profileFor(root, { ignored: { paths: [] } }), 'git add src/server.pem && git commit -qm pem');
    const outcome = await contained(profileFor(root), 'git commit -qam change');
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toContain('src/server.pem');
    expect(readFileSync(path.join(root, 'src', 'server.pem'), 'utf8')).toBe('PEM-IN-SCOPE\n');
  });

  it("leaves no .git/commondir that would point the host's git at a configuration in scope", async () => {
    const plant = [
      'mkdir -p src/evil && git init -q --bare src/evil/common',
      'printf "[core]\\n\\trepositoryformatversion = 0\\n\\tfsmonitor = \\"echo PLANTED >&2; false\\"\\n" > src/evil/common/config',
      'echo ../src/evil/common > .git/commondir',
    ].join(' && ');
    const result = await runContained(profileFor(root), plant, { bwrap: BWRAP ?? '', stdio: 'ignore' });
    expect(result).toMatchObject({ ok: true, run: { exitCode: 0, removed: [path.join(root, '.git', 'commondir')] } });
    expect(existsSync(path.join(root, '.git', 'commondir'))).toBe(false);
    const status = spawnSync('git', ['status', '--short'], {
      cwd: root,
      env: { ...process.env, ...GIT_ENV },
      encoding: 'utf8',
    });
    expect(status.stdout).toContain('src/');
    expect(status.stderr).not.toContain('PLANTED');
  });

  it('keeps .git read-only where it already has a commondir', () => {
    writeFileSync(path.join(root, '.git', 'commondir'), '.\n');
    const profile = profileFor(root);
    expect(profile.writable.map((place) => path.relative(root, place.path))).toEqual(['src']);
    expect(profile.notes.join('\n')).toContain('.git/commondir');
  });

  it('cannot restore a file outside the scope through pathspec magic', async () => {
    writeFileSync(path.join(root, 'docs', 'readme.md'), 'edited by a person\n');
    const outcome = await contained(profileFor(root), 'cd src && git checkout -- :/docs/readme.md');
    expect(outcome.code).not.toBe(0);
    expect(readFileSync(path.join(root, 'docs', 'readme.md'), 'utf8')).toBe('edited by a person\n');
  });
});
