import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { categorize, createGovernor, type RiskCategory } from '../../../src/index';
import { installed } from '../../support/realPrograms';
import { makeWorkspace } from '../../support/workspace';
import { expectFailClosed, expectOperands, outcome, type FailCase, type OperandCase } from '../support';

// Archivers and compressors (src/shell/programs/archives/: archiveSpecs.ts and the readers listed
// in archiveReaders.ts): what they read, write and extract, by their mode; and where extraction
// may write by the names the archive holds, checked against the real programs.

describe('archive tools read, write and extract by their mode', () => {
  it.each<OperandCase>([
    {
      name: 'writes the archive of tar -c and reads its members',
      command: 'tar -czf /tmp/x.tgz ~/.ssh',
      expected: [
        ['/tmp/x.tgz', 'overwrite'],
        ['~/.ssh', 'read'],
      ],
    },
    {
      name: 'reads the old-style tar czf cluster',
      command: 'tar czf out.tgz src',
      expected: [
        ['out.tgz', 'overwrite'],
        ['src', 'read'],
      ],
    },
    { name: 'writes nothing for tar -cf - (stdout)', command: 'tar -cf - src', expected: [['src', 'read']] },
    {
      name: 'overwrites the -C folder of tar -x',
      command: 'tar -xzf x.tgz -C /',
      expected: [
        ['x.tgz', 'read'],
        ['/', 'overwrite'],
      ],
    },
    {
      name: "overwrites any file below '.' for tar -x with no folder",
      command: 'tar -xf x.tar',
      expected: [
        ['x.tar', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'reads long tar options',
      command: 'tar --extract --file=x.tar --directory=out',
      expected: [
        ['x.tar', 'read'],
        ['out', 'overwrite'],
      ],
    },
    { name: 'only reads the archive of tar -t', command: 'tar -tf x.tar', expected: [['x.tar', 'read']] },
    {
      name: 'writes nothing but stdout for tar -xO',
      command: 'tar -xOf x.tar notes.txt',
      expected: [['x.tar', 'read']],
    },
    {
      name: 'appends to the archive of tar -r',
      command: 'tar -rf a.tar new.txt',
      expected: [
        ['a.tar', 'write'],
        ['new.txt', 'read'],
      ],
    },
    {
      name: 'reads the -C folder of tar -c as read',
      command: 'tar -czf o.tgz -C /etc .',
      expected: [
        ['o.tgz', 'overwrite'],
        ['/etc', 'read'],
        ['.', 'read'],
      ],
    },
    {
      name: 'reads the file list of tar -T',
      command: 'tar -cf o.tar -T list.txt',
      expected: [
        ['o.tar', 'overwrite'],
        ['list.txt', 'read'],
      ],
    },
    {
      name: 'writes the zip archive and reads its members',
      command: 'zip -r out.zip ~/.aws',
      expected: [
        ['out.zip', 'overwrite'],
        ['~/.aws', 'read'],
      ],
    },
    {
      name: 'reads zip -x patterns as no operands',
      command: 'zip -r out.zip src -x "*.o" "*.tmp"',
      expected: [
        ['out.zip', 'overwrite'],
        ['src', 'read'],
      ],
    },
    {
      name: 'deletes the members of zip -m',
      command: 'zip -m out.zip notes.txt',
      expected: [
        ['out.zip', 'overwrite'],
        ['notes.txt', 'delete'],
      ],
    },
    {
      name: 'skips the zip -P password',
      command: 'zip -P hunter2 out.zip f',
      expected: [
        ['out.zip', 'overwrite'],
        ['f', 'read'],
      ],
    },
    {
      name: 'overwrites the unzip -d folder',
      command: 'unzip x.zip -d /etc',
      expected: [
        ['x.zip', 'read'],
        ['/etc', 'overwrite'],
      ],
    },
    {
      name: "overwrites any file below '.' for unzip -o",
      command: 'unzip -o x.zip',
      expected: [
        ['x.zip', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: "writes any file below '.' without overwriting for unzip -n",
      command: 'unzip -n x.zip',
      expected: [
        ['x.zip', 'read'],
        ['*/*', 'write'],
      ],
    },
    { name: 'only reads the archive of unzip -l', command: 'unzip -l x.zip', expected: [['x.zip', 'read']] },
    {
      name: 'reads unzip members and -x names as no paths',
      command: 'unzip x.zip a.txt -x b.txt',
      expected: [
        ['x.zip', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    { name: 'deletes the input of gzip', command: 'gzip notes.txt', expected: [['notes.txt', 'delete']] },
    { name: 'only reads the input of gzip -k', command: 'gzip -k notes.txt', expected: [['notes.txt', 'read']] },
    { name: 'only reads the input of gzip -c', command: 'gzip -c notes.txt', expected: [['notes.txt', 'read']] },
    { name: 'deletes the input of gunzip', command: 'gunzip x.gz', expected: [['x.gz', 'delete']] },
    { name: 'only reads the input of gzip -l', command: 'gzip -l x.gz', expected: [['x.gz', 'read']] },
  ])('$name', expectOperands);
});

describe('extraction that keeps absolute or climbing member names writes somewhere unknown', () => {
  it.each<OperandCase>([
    {
      name: 'tar -xPf',
      command: 'tar -xPf x.tar',
      expected: [
        ['x.tar', 'read'],
        ['*/*', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: 'the old-style tar xPf cluster',
      command: 'tar xPf x.tar -C out',
      expected: [
        ['x.tar', 'read'],
        ['out', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: 'tar --absolute-names abbreviated as --abs',
      command: 'tar --abs -xf x.tar',
      expected: [
        ['x.tar', 'read'],
        ['*/*', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: 'bsdtar --insecure',
      command: 'bsdtar --insecure -xf x.tar',
      expected: [
        ['x.tar', 'read'],
        ['*/*', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: 'unzip -: with -o in one group',
      command: 'unzip -o: x.zip -d out',
      expected: [
        ['x.zip', 'read'],
        ['out', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: 'cpio -i without --no-absolute-filenames',
      command: 'cpio -idv < x.cpio',
      expected: [
        ['x.cpio', 'read'],
        ['*/*', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: 'cpio -p, whose names come from stdin',
      command: 'cpio -pdm dest',
      expected: [
        ['dest', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: 'pax -r',
      command: 'pax -r -f x.pax',
      expected: [
        ['x.pax', 'read'],
        ['*/*', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: "pax -rw of a file named with '..'",
      command: 'pax -rw ../notes dest',
      expected: [
        ['../notes', 'read'],
        ['dest', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
    {
      name: '7z x -spf',
      command: '7z x -spf x.7z -oout',
      expected: [
        ['x.7z', 'read'],
        ['out', 'overwrite'],
        [undefined, 'overwrite'],
      ],
    },
  ])('$name', expectOperands);

  it.each<OperandCase>([
    {
      name: 'tar --transform without -P (tar strips what it makes absolute)',
      command: "tar -xf x.tar --transform 's,^,../,'",
      expected: [
        ['x.tar', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'bsdtar -p (permissions, not names)',
      command: 'bsdtar -xpf x.tar',
      expected: [
        ['x.tar', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'cpio -i --no-absolute-filenames',
      command: 'cpio -i --no-absolute-filenames -F x.cpio',
      expected: [
        ['x.cpio', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    { name: 'cpio -t only lists', command: 'cpio -t -F x.cpio', expected: [['x.cpio', 'read']] },
    { name: 'cpio -o writes its -F archive', command: 'cpio -o -F out.cpio', expected: [['out.cpio', 'overwrite']] },
    {
      name: 'pax -rw of plain relative files',
      command: 'pax -rw src docs dest',
      expected: [
        ['src', 'read'],
        ['docs', 'read'],
        ['dest', 'overwrite'],
      ],
    },
    {
      name: 'pax -w writes its archive and reads its files',
      command: 'pax -w -f out.pax src',
      expected: [
        ['out.pax', 'overwrite'],
        ['src', 'read'],
      ],
    },
    { name: 'pax alone lists', command: 'pax -f x.pax', expected: [['x.pax', 'read']] },
    {
      name: '7z x writes its -o folder',
      command: '7z x x.7z -oout',
      expected: [
        ['x.7z', 'read'],
        ['out', 'overwrite'],
      ],
    },
    { name: '7z x -so writes to stdout', command: '7z x -so x.7z', expected: [['x.7z', 'read']] },
    { name: '7z l only reads', command: '7zz l x.7z', expected: [['x.7z', 'read']] },
    {
      name: '7z a -sdel deletes what it packs',
      command: '7za a -sdel out.7z notes.txt',
      expected: [
        ['out.7z', 'write'],
        ['notes.txt', 'delete'],
      ],
    },
    {
      name: 'tar --remove-files deletes what it packs',
      command: 'tar -czf out.tgz --remove-files src',
      expected: [
        ['out.tgz', 'overwrite'],
        ['src', 'delete'],
      ],
    },
    {
      name: 'tar --extract abbreviated as --extr',
      command: 'tar --extr --file=x.tar',
      expected: [
        ['x.tar', 'read'],
        ['*/*', 'overwrite'],
      ],
    },
    {
      name: 'bsdtar -I names a file list, not a command',
      command: 'bsdtar -cf out.tar -I list.txt',
      expected: [
        ['out.tar', 'overwrite'],
        ['list.txt', 'read'],
      ],
    },
  ])('keeps writes in the folder: $name', expectOperands);
});

/**
 * One archive built by the real program with a member named `../climb.txt` (relative to the
 * folder it is extracted in) or by the absolute path of a file outside the workspace.
 */
interface RealExtraction {
  readonly name: string;
  /** the programs the case needs */
  readonly programs: readonly string[];
  /** builds `../../ARCHIVE` from `ws/sub`, where `../climb.txt` and `ROOT/outside/abs.txt` exist */
  readonly build: (root: string) => string;
  /** extracts it, run in `ws/sub` */
  readonly extract: string;
  /** whether the member lands outside the folder extracted into */
  readonly escapes: boolean;
}

const CLIMBING_TAR = (): string => 'tar -cPf ../../a.tar ../climb.txt';
const ABSOLUTE_TAR = (root: string): string => `tar -cPf ../../a.tar ${root}/outside/abs.txt`;

const EXTRACTIONS: readonly RealExtraction[] = [
  {
    name: 'tar -xf strips a leading /',
    programs: ['tar'],
    build: ABSOLUTE_TAR,
    extract: 'tar -xf ../../a.tar',
    escapes: false,
  },
  {
    name: "tar -xf refuses '..'",
    programs: ['tar'],
    build: CLIMBING_TAR,
    extract: 'tar -xf ../../a.tar',
    escapes: false,
  },
  {
    name: 'tar -xPf keeps a leading /',
    programs: ['tar'],
    build: ABSOLUTE_TAR,
    extract: 'tar -xPf ../../a.tar',
    escapes: true,
  },
  { name: "tar xPf keeps '..'", programs: ['tar'], build: CLIMBING_TAR, extract: 'tar xPf ../../a.tar', escapes: true },
  {
    name: "tar --abs keeps '..'",
    programs: ['tar'],
    build: CLIMBING_TAR,
    extract: 'tar --abs -xf ../../a.tar',
    escapes: true,
  },
  {
    name: "tar --transform cannot add '..' without -P",
    programs: ['tar'],
    build: () => 'tar -cf ../../a.tar ../climb.txt --transform "s,^\\.\\./,,"',
    extract: "tar -xf ../../a.tar --transform 's,^,../,'",
    escapes: false,
  },
  {
    name: "bsdtar -xf refuses '..'",
    programs: ['tar', 'bsdtar'],
    build: CLIMBING_TAR,
    extract: 'bsdtar -xf ../../a.tar',
    escapes: false,
  },
  {
    name: "bsdtar -xPf keeps '..'",
    programs: ['tar', 'bsdtar'],
    build: CLIMBING_TAR,
    extract: 'bsdtar -xPf ../../a.tar',
    escapes: true,
  },
  {
    name: "bsdtar --insecure keeps '..'",
    programs: ['tar', 'bsdtar'],
    build: CLIMBING_TAR,
    extract: 'bsdtar --insecure -xf ../../a.tar',
    escapes: true,
  },
  {
    name: "unzip strips '../'",
    programs: ['zip', 'unzip'],
    build: () => 'zip -q ../../a.zip ../climb.txt',
    extract: 'unzip -q ../../a.zip',
    escapes: false,
  },
  {
    name: "unzip -: keeps '../'",
    programs: ['zip', 'unzip'],
    build: () => 'zip -q ../../a.zip ../climb.txt',
    extract: 'unzip -q -: ../../a.zip',
    escapes: true,
  },
  {
    name: "cpio -i keeps '..'",
    programs: ['cpio'],
    build: () => "printf '../climb.txt\\n' | cpio -o -H newc --quiet > ../../a.cpio",
    extract: 'cpio -i --quiet < ../../a.cpio',
    escapes: true,
  },
  {
    name: "cpio -i --no-absolute-filenames strips '..'",
    programs: ['cpio'],
    build: () => "printf '../climb.txt\\n' | cpio -o -H newc --quiet > ../../a.cpio",
    extract: 'cpio -i --quiet --no-absolute-filenames < ../../a.cpio',
    escapes: false,
  },
  {
    name: "pax -r keeps '..'",
    programs: ['pax'],
    build: () => 'pax -w -f ../../a.pax ../climb.txt',
    extract: 'pax -r -f ../../a.pax',
    escapes: true,
  },
  {
    name: '7z x strips a leading /',
    programs: ['7zz'],
    build: (root) => `7zz a -bso0 -spf ../../a.7z ${root}/outside/abs.txt`,
    extract: '7zz x -bso0 ../../a.7z',
    escapes: false,
  },
  {
    name: '7z x -spf keeps a leading /',
    programs: ['7zz'],
    build: (root) => `7zz a -bso0 -spf ../../a.7z ${root}/outside/abs.txt`,
    extract: '7zz x -bso0 -spf ../../a.7z',
    escapes: true,
  },
];

/** Builds the case's archive in a fresh folder, extracts it for real, and says whether the member left the folder. */
function escapesForReal({ build, extract }: RealExtraction): boolean {
  const root = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'archive-'));
  const folder = path.join(root, 'ws', 'sub');
  const climbing = path.join(root, 'ws', 'climb.txt');
  const absolute = path.join(root, 'outside', 'abs.txt');
  mkdirSync(folder, { recursive: true });
  mkdirSync(path.dirname(absolute));
  writeFileSync(climbing, 'climb\n');
  writeFileSync(absolute, 'absolute\n');
  const built = spawnSync('bash', ['-c', build(root)], { cwd: folder, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  rmSync(climbing);
  rmSync(absolute);
  // a refused member makes the program exit non-zero: where the files are is what counts
  spawnSync('bash', ['-c', extract], { cwd: folder, stdio: 'ignore' });
  const escaped = existsSync(climbing) || existsSync(absolute);
  rmSync(root, { recursive: true, force: true });
  return escaped;
}

/** Whether the analysis reads the line as a write somewhere it cannot place. */
const writesSomewhereUnknown = (command: string): boolean =>
  analyzeShell(command).pathOperands.some((operand) => operand.path === undefined && operand.role !== 'read');

describe('where the real programs write an archive member named by an absolute or climbing path', () => {
  it.each(EXTRACTIONS)('$name: the analysis says so', ({ extract, escapes }) => {
    expect(writesSomewhereUnknown(extract)).toBe(escapes);
  });

  it.each(EXTRACTIONS.filter((item) => item.programs.every(installed)))('$name: the real program does so', (item) => {
    expect(escapesForReal(item)).toBe(item.escapes);
  });
});

const EVERYDAY: readonly RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

describe('a member that may land anywhere is outside every scope, and named', () => {
  const root = makeWorkspace({
    intentsYaml: 'active_intents:\n  - id: INT-1\n    name: Sources\n    owned_scope: [src/**]\n',
  });
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'a.tar'), '');

  function decide(command: string): { verdict: string; code: string | undefined } {
    const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
    governor.userPrompt('unpack the sources');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
    governor.approveSession([...EVERYDAY]);
    const decision = governor.handleToolCall('execute_command', { command });
    return { verdict: decision.verdict, code: decision.code };
  }

  it.each([
    { name: 'tar -xPf into the scope', command: 'tar -xPf a.tar -C src' },
    { name: 'unzip -: into the scope', command: 'unzip -: a.zip -d src' },
    { name: 'cpio -i into the scope', command: 'cpio -i -D src -F a.cpio' },
  ])('refuses $name with the everyday approvals given', ({ command }) => {
    expect(decide(command)).toEqual({ verdict: 'deny', code: 'scope_violation' });
  });

  it('lets tar -xf into the scope run with the everyday approvals given', () => {
    expect(decide('tar -xf a.tar -C src')).toEqual({ verdict: 'allow', code: 'destructive_in_scope' });
  });

  it('names the members and their archive as FS_OUTSIDE_WORKSPACE', () => {
    const risk = categorize('shell', { command: 'tar -xPf a.tar -C src' }, { workspaceRoot: root });
    expect(
      risk.evidence.filter((item) => item.category === 'FS_OUTSIDE_WORKSPACE').map((item) => item.details),
    ).toEqual([['members of a.tar (tar -P)', '', 'overwrite']]);
  });
});

describe('TAR_OPTIONS gives every later tar its options', () => {
  it.each<FailCase>([
    {
      name: 'a prefix assignment keeping absolute names',
      command: 'TAR_OPTIONS=--absolute-names tar xf a.tar',
      reason: "TAR_OPTIONS gives every later tar '--absolute-names'",
    },
    { name: 'an export before the tar', command: 'export TAR_OPTIONS=-P; tar xf a.tar', reason: "'-P'" },
    {
      name: 'a checkpoint action that runs a command',
      command: "TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=id' tar cf a.tar src",
      reason: "'--checkpoint-action=exec=id'",
    },
    { name: 'another folder to extract into', command: 'TAR_OPTIONS="-C /etc" tar xf a.tar', reason: "'-C'" },
    { name: 'an abbreviation', command: 'TAR_OPTIONS=--abs tar xf a.tar', reason: "'--abs'" },
    { name: 'a value built at run time', command: 'TAR_OPTIONS=$OPTS tar xf a.tar', reason: 'built at run time' },
  ])('fails closed on $name', expectFailClosed);

  it.each([
    { name: 'verbosity and ownership', command: 'TAR_OPTIONS="-v --no-same-owner" tar xf a.tar' },
    {
      name: 'a warning and an exclusion',
      command: 'export TAR_OPTIONS="--warning=no-timestamp --exclude=*.o"; tar xf a.tar',
    },
  ])('reads plain options as plain: $name', ({ command }) => {
    expect(outcome(command).failedClosed).toBe(false);
  });

  it.runIf(installed('tar'))('TAR_OPTIONS=-P does make the real tar write a member by its climbing name', () => {
    const extraction: RealExtraction = {
      name: 'TAR_OPTIONS=-P',
      programs: ['tar'],
      build: CLIMBING_TAR,
      extract: 'TAR_OPTIONS=-P tar -xf ../../a.tar',
      escapes: true,
    };
    expect(escapesForReal(extraction)).toBe(true);
    expect(outcome(extraction.extract).failedClosed).toBe(true);
  });
});
