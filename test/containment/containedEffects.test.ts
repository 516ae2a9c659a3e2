import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContainmentProfile } from '../../src/containment/containmentProfile';
import { BWRAP, contained, INTENTS_FILE_TEXT, makeRepository, profileFor, treeState } from './sandboxSupport';

// What the kernel enforces, asserted by its effect on the disk, never by the arguments.

interface Layout {
  readonly root: string;
  readonly outside: string;
  readonly profile: ContainmentProfile;
}

let layout: Layout;

beforeAll(() => {
  const { root, outside } = makeRepository();
  symlinkSync('../docs/readme.md', path.join(root, 'src', 'link-in'));
  symlinkSync(path.join(outside, 'outside.txt'), path.join(root, 'src', 'link-out'));
  const forged = path.join(outside, 'forged.yaml');
  writeFileSync(forged, 'active_intents:\n  - id: INT-1\n    name: forged\n    owned_scope: ["**"]\n');
  // an archive whose member is the intents file by its absolute name, as `tar -xP` restores it
  const intents = path.join(root, '.orchestration', 'active_intents.yaml');
  execFileSync(
    'tar',
    ['-cPf', path.join(root, 'src', 'forged.tar'), `--transform=s|^forged.yaml$|${intents}|`, 'forged.yaml'],
    { cwd: outside },
  );
  layout = { root, outside, profile: profileFor(root) };
});

interface WriteCase {
  readonly name: string;
  /** the file the command tries to change, relative to the workspace ('~/' for the home folder) */
  readonly target: string;
  readonly command: string;
  /** the program reports the failure but exits 0 (perl -pi skips a file it cannot replace) */
  readonly exitsZero?: boolean;
}

const home = (name: string): string => path.join(homedir(), name);
const HOME_PROBE = `intentgate-contained-${process.pid}`;

const refusedWrites: WriteCase[] = [
  { name: 'a file outside the scope', target: 'docs/readme.md', command: 'echo changed > docs/readme.md' },
  {
    name: 'the intents file',
    target: '.orchestration/active_intents.yaml',
    command: 'echo "active_intents: []" > .orchestration/active_intents.yaml',
  },
  { name: '.intentignore', target: '.intentignore', command: ': > .intentignore' },
  {
    name: 'a new git hook',
    target: '.git/hooks/pre-commit',
    command: 'printf "#!/bin/sh\\ntouch /tmp/pwned\\n" > .git/hooks/pre-commit',
  },
  { name: "git's config", target: '.git/config', command: 'git config core.hooksPath src' },
  { name: 'the home folder', target: `~/${HOME_PROBE}`, command: `echo x > ~/${HOME_PROBE}` },
  {
    name: 'the intents file through tar -xPf of an absolute member',
    target: '.orchestration/active_intents.yaml',
    command: 'tar -xPf src/forged.tar',
  },
  {
    name: 'a file outside the scope through a link in scope',
    target: 'docs/readme.md',
    command: 'echo changed > src/link-in',
  },
  {
    name: 'a file outside the workspace through a link in scope',
    target: '../outside/outside.txt',
    command: 'echo changed > src/link-out',
  },
  {
    name: 'the intents file by rename over it',
    target: '.orchestration/active_intents.yaml',
    command: 'echo x > src/t && mv src/t .orchestration/active_intents.yaml',
  },
  {
    name: 'the orchestration folder through git sparse-checkout',
    target: '.orchestration/active_intents.yaml',
    command: 'git sparse-checkout set src',
  },
  {
    name: '.intentignore through git clean of the whole tree',
    target: '.intentignore',
    command: 'cd src && git clean -fdxq :/',
  },
  {
    name: 'a file outside the scope through perl -pi',
    target: 'docs/readme.md',
    command: "perl -pi -e 's/docs/changed/' docs/readme.md",
    exitsZero: true,
  },
];

const absolute = (target: string): string =>
  target.startsWith('~/') ? home(target.slice(2)) : path.resolve(layout.root, target);
const snapshot = (target: string): string | undefined =>
  existsSync(absolute(target)) ? readFileSync(absolute(target), 'utf8') : undefined;

describe.skipIf(BWRAP === undefined)('a contained command', () => {
  it('writes a file inside the scope', async () => {
    const outcome = await contained(layout.profile, 'echo inside > src/new.ts');
    expect(outcome.code).toBe(0);
    expect(readFileSync(path.join(layout.root, 'src', 'new.ts'), 'utf8')).toBe('inside\n');
  });

  it.each(refusedWrites)('cannot change $name', async ({ target, command, exitsZero }) => {
    const before = snapshot(target);
    const outcome = await contained(layout.profile, command);
    if (exitsZero === true) expect(outcome.stderr).toContain('Read-only file system');
    else expect(outcome.code).not.toBe(0);
    expect(snapshot(target)).toBe(before);
    expect(readFileSync(path.join(layout.root, '.orchestration', 'active_intents.yaml'), 'utf8')).toBe(
      INTENTS_FILE_TEXT,
    );
  });

  it.each([
    { name: 'an ignored folder', command: 'cat secrets/key', secret: 'TOP-SECRET-KEY' },
    { name: 'an ignored file inside the scope', command: 'cat src/server.pem', secret: 'PEM-IN-SCOPE' },
    { name: "Claude Code's project settings", command: 'cat .claude/settings.json', secret: 'hooks' },
    {
      name: 'an ignored folder after trying to unmount its mask',
      command: 'umount secrets; umount -l secrets; cat secrets/key',
      secret: 'TOP-SECRET-KEY',
    },
    {
      name: 'an ignored folder from a new user namespace',
      command: 'unshare -Urm sh -c "umount secrets; cat secrets/key"',
      secret: 'TOP-SECRET-KEY',
    },
  ])('cannot read $name', async ({ command, secret }) => {
    const outcome = await contained(layout.profile, command);
    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).not.toContain(secret);
  });

  it('cannot make an ignored file readable by remounting its mask', async () => {
    const outcome = await contained(layout.profile, 'mount -o remount,rw secrets; chmod 755 secrets; ls secrets');
    expect(outcome.code).not.toBe(0);
    expect(outcome.stdout).not.toContain('key');
  });

  it("cannot write the kernel's settings", async () => {
    // the same value written back: harmless if the write went through
    const outcome = await contained(
      layout.profile,
      'h=$(cat /proc/sys/kernel/hostname) && echo "$h" > /proc/sys/kernel/hostname',
    );
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toContain('Read-only file system');
  });

  it('gains no privilege through sudo', async () => {
    const outcome = await contained(layout.profile, 'sudo true');
    expect(outcome.code).not.toBe(0);
  });

  it('sees only its own processes', async () => {
    const outcome = await contained(layout.profile, 'ps -e -o comm=');
    expect(outcome.code).toBe(0);
    const names = outcome.stdout.trim().split('\n');
    expect(names).not.toContain('node');
    expect(names.length).toBeLessThanOrEqual(4);
  });

  it('ends its background children with it', async () => {
    const marker = `${31_000 + (process.pid % 1000)}.5`;
    const outcome = await contained(layout.profile, `sleep ${marker} & disown; echo started`);
    expect(outcome.stdout).toContain('started');
    const left = execFileSync('ps', ['-e', '-o', 'args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() === `sleep ${marker}`);
    expect(left).toEqual([]);
  });

  it('changes nothing in REASONING, even inside the scope', async () => {
    const before = treeState([layout.root]);
    const outcome = await contained(
      profileFor(layout.root, { state: 'REASONING' }),
      'echo x > src/a.ts; touch src/b.ts; rm -f src/a.ts',
    );
    expect(outcome.code).not.toBe(0);
    expect(treeState([layout.root])).toEqual(before);
  });
});

describe.skipIf(BWRAP === undefined)('a whole-workspace scope', () => {
  it('leaves no agent settings a command created', async () => {
    const { root } = makeRepository();
    rmSync(path.join(root, '.claude'), { recursive: true });
    const outcome = await contained(
      profileFor(root, { ownedScope: ['**'] }),
      'mkdir .claude && echo "{\\"disableAllHooks\\":true}" > .claude/settings.json && echo "{}" > .mcp.json && echo ok > made.txt',
    );
    expect(outcome.code).toBe(0);
    expect(existsSync(path.join(root, '.claude'))).toBe(false);
    expect(existsSync(path.join(root, '.mcp.json'))).toBe(false);
    expect(readFileSync(path.join(root, 'made.txt'), 'utf8')).toBe('ok\n');
  });
});

describe.skipIf(BWRAP === undefined)('a control file that is a link into the scope', () => {
  it.each([
    { name: '.intentignore', link: '.intentignore', target: 'src/ignore-rules', text: 'secrets/\n' },
    {
      name: 'the intents file',
      link: '.orchestration/active_intents.yaml',
      target: 'src/intents.yaml',
      text: INTENTS_FILE_TEXT,
    },
  ])('keeps $name read-only through its target', async ({ link, target, text }) => {
    const { root } = makeRepository();
    const linkPath = path.join(root, link);
    rmSync(linkPath);
    writeFileSync(path.join(root, target), text);
    symlinkSync(path.join(root, target), linkPath);
    const outcome = await contained(profileFor(root), `echo "widened: true" >> ${target}`);
    expect(outcome.code).not.toBe(0);
    expect(readFileSync(path.join(root, target), 'utf8')).toBe(text);
  });
});
