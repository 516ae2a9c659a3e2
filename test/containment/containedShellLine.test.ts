import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandOfContainedLine, containedShellLine } from '../../src/containment/containedShellLine';
import type { ContainmentProfile } from '../../src/containment/containmentProfile';
import type { MaskSources } from '../../src/containment/maskSources';
import { stableMaskSources } from '../../src/containment/stableMaskSources';
import { GIT_ENV } from '../support/realPrograms';
import { BWRAP, INTENTS_FILE_TEXT, makeRepository, profileFor } from './sandboxSupport';

// The line an agent's shell tool runs: real bash runs it, and real bwrap (where it runs) the
// command in it. Effects are read from the disk after the line has ended.

const scratch = (prefix: string): string => mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), prefix));

/** Runs one line as an agent's shell does: `bash -c LINE`, in `cwd`. */
function runLine(
  line: string,
  cwd: string,
): { readonly status: number | null; readonly stdout: string; readonly stderr: string } {
  const run = spawnSync('bash', ['-c', line], { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let masks: MaskSources;
let root: string;
let profile: ContainmentProfile;

beforeAll(() => {
  masks = stableMaskSources({ XDG_CACHE_HOME: scratch('cache-') });
  ({ root } = makeRepository());
  profile = profileFor(root);
});

/** The line of `command` under the workspace's profile, or the test fails with the reason. */
function lineOf(command: string, of: ContainmentProfile = profile, cwd?: string): string {
  if (BWRAP === undefined) throw new Error('no bwrap');
  const made = containedShellLine(of, command, { bwrap: BWRAP, masks, ...(cwd !== undefined && { cwd }) });
  if (!made.ok) throw new Error(made.reason);
  return made.line;
}

describe('containedShellLine quotes every word for bash', () => {
  // a stand-in for bwrap that prints the words it got, NUL-terminated: what bash made of the line
  let echoArgs = '';
  beforeAll(() => {
    echoArgs = path.join(scratch('argv-'), 'print-argv');
    writeFileSync(echoArgs, '#!/bin/bash\nprintf \'%s\\0\' "$@"\n', { mode: 0o755 });
  });

  it('hands bwrap the command as one word, whatever its characters', () => {
    // any string without NUL (which no argument can hold), unicode beyond the BMP included
    const commands = fc
      .string({
        unit: fc.oneof(
          fc.constantFrom("'", '"', '\\', '$', '`', '\n', ' ', ';', '*', '!', '~', '=', '#', '%'),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
        ),
        minLength: 1,
        maxLength: 30,
      })
      .filter((text) => !text.includes('\0') && text.trim() !== '');
    fc.assert(
      fc.property(commands, (command) => {
        const made = containedShellLine(profile, command, { bwrap: echoArgs, masks });
        if (!made.ok) throw new Error(made.reason);
        const run = runLine(made.line, root);
        const words = run.stdout.split('\0').slice(0, -1);
        expect(words.slice(-3)).toEqual(['bash', '-c', command]);
        expect(words).toContain('--chdir');
        // and a hook reads the command back out of the line an agent reports it ran
        expect(commandOfContainedLine(made.line)).toBe(command);
      }),
      { numRuns: 200 },
    );
  });

  it('reads back the command of a line with removeAfter places, and nothing out of other lines', () => {
    const open = profileFor(root, { ownedScope: ['**'] });
    const made = containedShellLine(open, "echo 'a;b'", { bwrap: echoArgs, masks });
    expect(made.ok && made.line).toContain('; (exit "$intentgate_contained_status")');
    expect(made.ok && commandOfContainedLine(made.line)).toBe("echo 'a;b'");
    for (const other of [
      'ls',
      "bwrap -- bash -c 'ls'",
      "/usr/bin/bwrap --die-with-parent x -- bash -c 'ls'; rm -rf /",
      "/usr/bin/bwrap --die-with-parent -- bash -c 'ls' && rm -rf /",
    ]) {
      expect(commandOfContainedLine(other), other).toBeUndefined();
    }
  });

  it('refuses a command with a NUL character, an empty one, and an incomplete profile', () => {
    expect(containedShellLine(profile, 'echo a\0b', { bwrap: echoArgs, masks })).toEqual({
      ok: false,
      reason: 'the command contains a NUL character',
    });
    expect(containedShellLine(profile, '  ', { bwrap: echoArgs, masks })).toEqual({
      ok: false,
      reason: 'the command is empty',
    });
    const incomplete: ContainmentProfile = {
      ...profile,
      complete: false,
      refused: [{ path: root, reason: 'the walk stopped' }],
    };
    expect(containedShellLine(incomplete, 'true', { bwrap: echoArgs, masks })).toEqual({
      ok: false,
      reason: 'the profile is incomplete: the walk stopped',
    });
  });

  it('refuses a working folder the profile masks', () => {
    const made = containedShellLine(profile, 'ls', { bwrap: echoArgs, masks, cwd: path.join(root, 'secrets') });
    expect(made.ok).toBe(false);
    expect(made.ok === false && made.reason).toContain('is masked');
  });
});

describe.skipIf(BWRAP === undefined)('containedShellLine in real bash and bwrap', () => {
  const cases = [
    {
      name: 'a write in the scope lands',
      command: 'echo in > src/in.txt',
      status: 0,
      file: 'src/in.txt',
      content: 'in\n',
    },
    {
      name: 'a write outside the scope fails',
      command: 'echo out > docs/out.txt',
      status: 1,
      file: 'docs/out.txt',
      content: undefined,
    },
    {
      name: 'inline code cannot write outside the scope',
      command: `python3 -c "open('docs/py.txt','w').write('y')"`,
      status: 1,
      file: 'docs/py.txt',
      content: undefined,
    },
    {
      name: 'the intents file stays as it was',
      command: 'echo forged > .orchestration/active_intents.yaml',
      status: 1,
      file: '.orchestration/active_intents.yaml',
      content: INTENTS_FILE_TEXT,
    },
  ];

  it.each(cases)('$name', ({ command, status, file, content }) => {
    const run = runLine(lineOf(command), root);
    expect(run.status, run.stderr).toBe(status);
    const target = path.join(root, file);
    expect(existsSync(target) ? readFileSync(target, 'utf8') : undefined).toBe(content);
  });

  it('keeps a masked file unreadable', () => {
    const run = runLine(lineOf('cat secrets/key'), root);
    expect(run.status).not.toBe(0);
    expect(run.stdout).not.toContain('TOP-SECRET-KEY');
    expect(run.stderr).toContain('Permission denied');
  });

  it("ends with the command's own status, and with the shell's 128 + n for a signal", () => {
    expect(runLine(lineOf('exit 7'), root).status).toBe(7);
    expect(runLine(lineOf('kill -TERM $$'), root).status).toBe(143);
  });

  it('runs the command in the given folder', () => {
    const run = runLine(lineOf('pwd; echo here > here.txt', profile, path.join(root, 'src')), root);
    expect(run.stdout.trim()).toBe(path.join(root, 'src'));
    expect(readFileSync(path.join(root, 'src', 'here.txt'), 'utf8')).toBe('here\n');
  });

  it("removes the profile's removeAfter places when the sandbox has ended, keeping the command's status", () => {
    // the whole workspace in scope: agent settings a command creates at the root are removed after it
    const { root: wide } = makeRepository();
    const open = profileFor(wide, { ownedScope: ['**'] });
    const codex = path.join(wide, '.codex');
    expect(open.removeAfter.map((place) => place.path)).toEqual(
      expect.arrayContaining([codex, path.join(wide, '.git', 'commondir')]),
    );
    const run = runLine(
      lineOf(
        'mkdir .codex && echo x > .codex/config.toml && echo ../src > .git/commondir && test -f .codex/config.toml && exit 3',
        open,
      ),
      wide,
    );
    expect(run.status, run.stderr).toBe(3);
    expect(existsSync(codex)).toBe(false);
    expect(existsSync(path.join(wide, '.git', 'commondir'))).toBe(false);
    expect(existsSync(path.join(wide, '.git', 'config'))).toBe(true);
  });

  it('lets a shell that runs more after the line go on, with its status', () => {
    const { root: wide } = makeRepository();
    const open = profileFor(wide, { ownedScope: ['**'] });
    const run = runLine(`${lineOf('exit 4', open)}; echo "after $?"`, wide);
    expect(run.stdout).toBe('after 4\n');
  });
});

describe('stableMaskSources', () => {
  it('makes an owner-only folder with a mode-000 folder and file, and keeps it', () => {
    const cache = scratch('cache-');
    const first = stableMaskSources({ XDG_CACHE_HOME: cache });
    expect(first).toEqual({
      dir: path.join(cache, 'intentgate', 'masks', 'dir'),
      file: path.join(cache, 'intentgate', 'masks', 'file'),
    });
    const mode = (file: string): string => spawnSync('stat', ['-c', '%a', file], { encoding: 'utf8' }).stdout.trim();
    expect([mode(path.dirname(first.dir)), mode(first.dir), mode(first.file)]).toEqual(['700', '0', '0']);
    const inode = spawnSync('stat', ['-c', '%i', path.dirname(first.dir)], { encoding: 'utf8' }).stdout;
    expect(stableMaskSources({ XDG_CACHE_HOME: cache })).toEqual(first);
    expect(spawnSync('stat', ['-c', '%i', path.dirname(first.dir)], { encoding: 'utf8' }).stdout).toBe(inode);
  });

  it('replaces a mask file someone made readable and filled', () => {
    const cache = scratch('cache-');
    const { file } = stableMaskSources({ XDG_CACHE_HOME: cache });
    chmodSync(file, 0o644);
    writeFileSync(file, 'not a mask');
    stableMaskSources({ XDG_CACHE_HOME: cache });
    expect(spawnSync('stat', ['-c', '%a %s', file], { encoding: 'utf8' }).stdout.trim()).toBe('0 0');
  });

  it('refuses a cache folder others can write to', () => {
    const cache = scratch('cache-');
    stableMaskSources({ XDG_CACHE_HOME: cache });
    chmodSync(path.join(cache, 'intentgate'), 0o777);
    expect(() => stableMaskSources({ XDG_CACHE_HOME: cache })).toThrow(/writable by others/);
  });
});
