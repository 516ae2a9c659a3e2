import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor } from '../../../src/index';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { sedEffects } from '../../../src/shell/programs/fileUtilities/sed';
import type { PathRole } from '../../../src/shell/catalog/shellAnalysis';

// File utilities (src/shell/programs/fileUtilities/: fileUtilitySpecs.ts, sed.ts,
// fileUtilityReaders.ts): what they delete, overwrite, write and read, and what a sed script runs.

/** [path, role, source] of each operand, in the order found. */
type Operand = readonly [string | undefined, PathRole, string];

function operands(command: string): Operand[] {
  return analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.role, operand.source] as const);
}

describe('file utilities name the files they change', () => {
  it.each<{ name: string; command: string; expected: readonly Operand[] }>([
    {
      name: 'reads rm operands as deletes',
      command: 'rm -rf -- ../outside dist',
      expected: [
        ['../outside', 'delete', '../outside'],
        ['dist', 'delete', 'dist'],
      ],
    },
    {
      name: 'reads rmdir, unlink and shred as deletes',
      command: 'rmdir a; unlink b; shred -n 3 c',
      expected: [
        ['a', 'delete', 'a'],
        ['b', 'delete', 'b'],
        ['c', 'delete', 'c'],
      ],
    },
    {
      name: 'reads truncate as an overwrite',
      command: 'truncate -s 0 data.db',
      expected: [['data.db', 'overwrite', 'data.db']],
    },
    {
      name: 'reads mv sources as deletes and the destination as overwrite',
      command: 'mv a.txt b.txt dest/',
      expected: [
        ['a.txt', 'delete', 'a.txt'],
        ['b.txt', 'delete', 'b.txt'],
        ['dest/', 'overwrite', 'dest/'],
      ],
    },
    {
      name: 'reads mv -t as the destination',
      command: 'mv -t dest a b',
      expected: [
        ['dest', 'overwrite', 'dest'],
        ['a', 'delete', 'a'],
        ['b', 'delete', 'b'],
      ],
    },
    {
      name: 'reads cp sources and destination',
      command: 'cp -r .env /tmp/leak',
      expected: [
        ['.env', 'read', '.env'],
        ['/tmp/leak', 'overwrite', '/tmp/leak'],
      ],
    },
    {
      name: 'reads the ln destination as overwrite',
      command: 'ln -sf ~/.ssh/id_rsa notes.txt',
      expected: [
        ['~/.ssh/id_rsa', 'read', '~/.ssh/id_rsa'],
        ['notes.txt', 'overwrite', 'notes.txt'],
      ],
    },
    {
      name: 'reads install -m MODE SRC DST',
      command: 'install -m 755 bin/x /usr/local/bin/x',
      expected: [
        ['bin/x', 'read', 'bin/x'],
        ['/usr/local/bin/x', 'overwrite', '/usr/local/bin/x'],
      ],
    },
    {
      name: 'reads tee files as overwrite',
      command: 'echo x | tee a.txt b.txt',
      expected: [
        ['a.txt', 'overwrite', 'a.txt'],
        ['b.txt', 'overwrite', 'b.txt'],
      ],
    },
    {
      name: 'reads tee -a files as write',
      command: 'echo x | sudo tee -a /etc/hosts',
      expected: [['/etc/hosts', 'write', '/etc/hosts']],
    },
    {
      name: 'reads sed -i files as overwrite',
      command: "sed -i.bak -e 's/a/b/' one.txt two.txt",
      expected: [
        ['one.txt', 'overwrite', 'one.txt'],
        ['two.txt', 'overwrite', 'two.txt'],
      ],
    },
    {
      name: 'reads sed without -i as a read',
      command: "sed 's/a/b/' in.txt",
      expected: [['in.txt', 'read', 'in.txt']],
    },
    {
      name: 'reads dd of= as overwrite and if= as read',
      command: 'dd if=in.img of=out.img',
      expected: [
        ['in.img', 'read', 'if=in.img'],
        ['out.img', 'overwrite', 'of=out.img'],
      ],
    },
    {
      name: 'reads touch and mkdir as writes',
      command: 'touch ../../.npmrc && mkdir -p -m 700 d',
      expected: [
        ['../../.npmrc', 'write', '../../.npmrc'],
        ['d', 'write', 'd'],
      ],
    },
    {
      name: 'reads chmod, chown and chgrp operands after the mode as writes',
      command: 'chmod -R 755 bin; chown user:g f; chgrp -R g d',
      expected: [
        ['bin', 'write', 'bin'],
        ['f', 'write', 'f'],
        ['d', 'write', 'd'],
      ],
    },
    {
      name: 'reads a chmod mode that looks like an option',
      command: 'chmod -x run.sh',
      expected: [['run.sh', 'write', 'run.sh']],
    },
    {
      name: 'reads the sed w command as overwrite',
      command: "sed -n 'w out.txt' in.txt",
      expected: [
        ['out.txt', 'overwrite', 'out.txt'],
        ['in.txt', 'read', 'in.txt'],
      ],
    },
  ])('$name', ({ command, expected }) => {
    expect(operands(command)).toEqual(expected);
  });
});

describe('sed scripts', () => {
  it.each([
    {
      name: 'finds an e command after an address',
      script: '1e sudo id',
      effects: { commands: ['sudo id'], runsPatternSpace: false, writes: [] },
    },
    { name: 'finds s///e', script: 's/.*/id/e', effects: { commands: [], runsPatternSpace: true, writes: [] } },
    {
      name: 'finds a w file',
      script: '/x/w out.txt',
      effects: { commands: [], runsPatternSpace: false, writes: ['out.txt'] },
    },
    {
      name: 'finds s///w',
      script: 's/a/b/gw out.txt',
      effects: { commands: [], runsPatternSpace: false, writes: ['out.txt'] },
    },
    {
      name: 'reads a plain substitution as harmless',
      script: 's/e/E/g;/^e/d',
      effects: { commands: [], runsPatternSpace: false, writes: [] },
    },
    {
      name: 'reads escaped delimiters',
      script: 's/a\\/e/b/;p',
      effects: { commands: [], runsPatternSpace: false, writes: [] },
    },
    {
      name: 'reads labels and branches',
      script: ':e\nb e',
      effects: { commands: [], runsPatternSpace: false, writes: [] },
    },
    {
      name: 'reads an appended text line',
      script: '1i echo e',
      effects: { commands: [], runsPatternSpace: false, writes: [] },
    },
  ])('$name', ({ script, effects }) => {
    expect(sedEffects(script)).toEqual(effects);
  });
});

// A move, copy or link into a folder (`mv a archive/`, `cp -r a out/`, `ln -s x dir/`, `-t dir`, or
// several sources) never turns the folder's own name into a link: with a trailing slash the
// kernel refuses any target but a folder (`mv link dir/` fails with ENOTDIR when dir is missing),
// and with several sources or -t the target must already be a folder. What it moves in lands
// at `archive/a`, which may be a link, so a later path going on into the folder is not known
// before the line runs, while one that only names it (`mv b archive/`) is. A link another
// command of the line makes at that name (`ln -s /etc x; mv y x/`) still leaves it unknown.

/** The link mark of each written operand the line names: where a later path may meet a link. */
function linkMarks(command: string): (readonly [string, true | 'inside' | undefined])[] {
  return analyzeShell(command)
    .pathOperands.filter((operand) => operand.role !== 'read' && operand.role !== 'delete')
    .map((operand) => [operand.source, operand.placesLinks] as const);
}

describe('moves, copies and links into a folder place links inside it', () => {
  it.each<{ name: string; command: string; expected: readonly (readonly [string, true | 'inside' | undefined])[] }>([
    { name: 'mv into a folder named with a slash', command: 'mv a archive/', expected: [['archive/', 'inside']] },
    { name: 'mv of several sources', command: 'mv a b archive', expected: [['archive', 'inside']] },
    { name: 'mv -t', command: 'mv -t archive a', expected: [['archive', 'inside']] },
    { name: 'mv onto a name', command: 'mv a archive', expected: [['archive', true]] },
    { name: 'mv -T, whose target is a name', command: 'mv -T a archive/', expected: [['archive/', true]] },
    { name: 'mv --exchange, which swaps the two', command: 'mv --exchange a archive/', expected: [['archive/', true]] },
    { name: 'cp -r into a folder', command: 'cp -r a out/', expected: [['out/', 'inside']] },
    { name: 'a plain cp, which places no link', command: 'cp a out/', expected: [['out/', undefined]] },
    { name: 'ln -s into a folder', command: 'ln -s x dir/', expected: [['dir/', 'inside']] },
    { name: 'ln -s onto a name', command: 'ln -s x l', expected: [['l', true]] },
    { name: 'ln -n of several sources', command: 'ln -sn a b dir', expected: [['dir', true]] },
  ])('marks $name', ({ command, expected }) => {
    expect(linkMarks(command)).toEqual(expected);
  });
});

interface FolderCase {
  readonly name: string;
  readonly command: string;
  readonly verdict: 'allow' | 'deny';
  /** what running it for real does: true when the effect the case claims happened */
  readonly effect?: (root: string) => boolean;
}

const outside = (root: string): boolean => existsSync(path.join(root, '..', 'outside', 'b'));

const INTO_FOLDERS: readonly FolderCase[] = [
  { name: 'two moves into one folder', command: 'mv a archive/; mv b archive/', verdict: 'allow' },
  {
    name: 'moves into a folder the line makes',
    command: 'mkdir -p archive && mv a archive/ && mv b archive/',
    verdict: 'allow',
  },
  { name: 'a copy and a move into one folder', command: 'cp -r a out/ && mv b out/', verdict: 'allow' },
  {
    name: 'a move into a link the line makes',
    command: 'ln -s ../outside x; mv b x/',
    verdict: 'deny',
    effect: outside,
  },
  {
    name: 'a move onto a name, then into it',
    command: 'mv l archive; mv b archive/',
    verdict: 'deny',
    effect: outside,
  },
  { name: 'a read going on into the folder', command: 'mv l archive/; cat archive/l/x', verdict: 'deny' },
];

function folderWorkspace(): string {
  const top = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'into-folder-'));
  const root = path.join(top, 'ws');
  mkdirSync(path.join(top, 'outside'));
  mkdirSync(path.join(root, '.orchestration'), { recursive: true });
  writeFileSync(
    path.join(root, '.orchestration', 'active_intents.yaml'),
    "active_intents:\n  - id: A\n    owned_scope: ['**']\n",
  );
  for (const name of ['a', 'b']) writeFileSync(path.join(root, name), `${name}\n`);
  symlinkSync('../outside', path.join(root, 'l'));
  return root;
}

describe('a line that moves into a folder it names', () => {
  it.each(INTO_FOLDERS)('$name: $verdict', ({ command, verdict }) => {
    const governor = createGovernor({ workspaceRoot: folderWorkspace(), safeMode: true, trace: () => undefined });
    governor.userPrompt('tidy up');
    governor.handleToolCall('select_active_intent', { intent_id: 'A' });
    governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    expect(governor.handleToolCall('execute_command', { command }).verdict).toBe(verdict);
  });

  it.each(INTO_FOLDERS.filter((item) => item.effect !== undefined))(
    '$name moves a file out of the workspace when run for real',
    ({ command, effect }) => {
      const root = folderWorkspace();
      spawnSync('bash', ['-c', command], { cwd: root, timeout: 10_000 });
      expect(effect?.(root)).toBe(true);
    },
  );

  it.each(['mv l archive/', 'cp -a l archive/', 'ln -s ../outside archive/'])(
    'never makes the folder named with a slash a link: %s',
    (command) => {
      const root = folderWorkspace();
      spawnSync('bash', ['-c', command], { cwd: root, timeout: 10_000 });
      expect(existsSync(path.join(root, 'archive')) && lstatSync(path.join(root, 'archive')).isSymbolicLink()).toBe(
        false,
      );
    },
  );
});

describe("split: coreutils' FILE PREFIX, or Split.io's RESOURCE VERB NAME", () => {
  /** The categories a line raises, and the [path, role] of its operands. */
  const read = (command: string) => {
    const analysis = analyzeShell(command);
    return {
      categories: analysis.findings.map((finding) => finding.category),
      paths: analysis.pathOperands.map((operand) => [operand.path, operand.role]),
    };
  };

  it.each([
    { name: 'splits delete', command: 'split splits delete my-split --workspace my-workspace' },
    { name: 'splits kill', command: 'split splits kill my-split --workspace my-workspace' },
    { name: 'segments delete', command: 'split segments delete beta-users' },
    { name: 'traffic-types delete', command: 'split traffic-types delete user' },
    { name: 'workspaces delete', command: 'split workspaces delete my-workspace' },
  ])("reads Split.io's $name as SYSTEM_IMPACT, writing no file", ({ command }) => {
    expect(read(command)).toEqual({ categories: ['EXEC_ARBITRARY', 'SYSTEM_IMPACT'], paths: [] });
  });

  it.each([
    { name: 'splits list', command: 'split splits list --workspace my-workspace' },
    { name: 'environments get', command: 'split environments get production' },
  ])("reads Split.io's $name as a plain run, writing no file", ({ command }) => {
    expect(read(command)).toEqual({ categories: ['EXEC_ARBITRARY'], paths: [] });
  });

  it('reads three operands with a destroying verb as Split.io, whatever the resource', () => {
    expect(read('split rollouts delete my-rollout').categories).toEqual(['EXEC_ARBITRARY', 'SYSTEM_IMPACT']);
  });

  it.each([
    {
      name: 'FILE PREFIX',
      command: 'split big.txt part_',
      paths: [
        ['big.txt', 'read'],
        ['part_', 'write'],
      ],
    },
    {
      name: 'options after the file',
      command: 'split big.txt -l 10 part_',
      paths: [
        ['big.txt', 'read'],
        ['part_', 'write'],
      ],
    },
    {
      name: 'FILE alone, writing x.. here',
      command: 'split -l 100 big.txt',
      paths: [
        ['big.txt', 'read'],
        ['x', 'write'],
      ],
    },
    {
      name: 'two operands that are verbs',
      command: 'split delete kill',
      paths: [
        ['delete', 'read'],
        ['kill', 'write'],
      ],
    },
  ])("reads coreutils' $name as files", ({ command, paths }) => {
    expect(read(command)).toEqual({ categories: ['EXEC_ARBITRARY'], paths });
  });
});
