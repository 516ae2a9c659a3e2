import { describe, expect, it } from 'vitest';
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
