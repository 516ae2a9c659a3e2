import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { expectFailClosed, expectOperands, type FailCase, type OperandCase } from '../support';

// zip's spec (src/shell/programs/archives/zipSpec.ts) says its options, the roles of its archive
// and files and the test command it runs; its reader leaves out the names of -x and -i lists.

describe("zip reads its line by its spec's table", () => {
  it.each<OperandCase>([
    {
      name: 'reads a cluster of flags and a level',
      command: 'zip -r9q out.zip src',
      expected: [
        ['out.zip', 'overwrite'],
        ['src', 'read'],
      ],
    },
    {
      name: 'reads the single-dash long flags whole',
      command: 'zip -FS -sf -ll out.zip src',
      expected: [
        ['out.zip', 'overwrite'],
        ['src', 'read'],
      ],
    },
    {
      name: 'writes the -O archive and only reads the one named',
      command: 'zip -O new.zip old.zip notes.txt',
      expected: [
        ['new.zip', 'overwrite'],
        ['old.zip', 'read'],
        ['notes.txt', 'read'],
      ],
    },
    {
      name: 'names entries of the archive with -d',
      command: 'zip -d out.zip notes.txt',
      expected: [['out.zip', 'overwrite']],
    },
    {
      name: 'writes the -lf log file',
      command: 'zip -lf zip.log out.zip f',
      expected: [
        ['zip.log', 'overwrite'],
        ['out.zip', 'overwrite'],
        ['f', 'read'],
      ],
    },
    {
      name: 'leaves out an -x list before the archive',
      command: "zip -x '*.o' build -r out.zip src",
      expected: [
        ['out.zip', 'overwrite'],
        ['src', 'read'],
      ],
    },
    {
      name: 'deletes the files of -m, not the names of its -x list',
      command: 'zip -m out.zip notes.txt -x secret.txt',
      expected: [
        ['out.zip', 'overwrite'],
        ['notes.txt', 'delete'],
      ],
    },
    {
      name: 'skips the values of -t, -n and -s',
      command: 'zip -t 01012024 -n .gz:.png -s 2g out.zip src',
      expected: [
        ['out.zip', 'overwrite'],
        ['src', 'read'],
      ],
    },
    { name: 'writes stdout for the archive -', command: 'zip -r - src', expected: [['src', 'read']] },
    {
      name: 'reads the names -@ gives on stdin as no operand',
      command: 'zip -@ out.zip',
      expected: [['out.zip', 'overwrite']],
    },
    {
      name: 'analyses the -TT test command as shell code',
      command: "zip -T -TT 'rm -rf build' out.zip f",
      expected: [
        ['out.zip', 'overwrite'],
        ['f', 'read'],
        ['build', 'delete'],
      ],
    },
    {
      name: 'reads the files as possible writes after an option the catalog does not know',
      command: 'zip -Q out.zip notes.txt',
      expected: [
        ['out.zip', 'overwrite'],
        ['notes.txt', 'overwrite'],
      ],
    },
  ])('$name', expectOperands);

  it.each([
    { name: 'a privileged command', command: 'zip -T --unzip-command "sudo unzip -t" out.zip f', category: 'SUDO' },
  ])('raises what the -TT test command raises: $name', ({ command, category }) => {
    expect(analyzeShell(command).findings.map((finding) => finding.category)).toContain(category);
  });

  it.each<FailCase>([
    { name: 'a -TT command built at run time', command: 'zip -T -TT "$CHECK" out.zip f', reason: 'zip -TT command' },
  ])('fails closed on $name', expectFailClosed);
});
