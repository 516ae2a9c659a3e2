import { describe, it } from 'vitest';
import { expectOperands, type OperandCase } from '../support';

// Archivers and compressors (src/shell/programs/archives/: archiveSpecs.ts, archiveReaders.ts):
// what they read, write and extract, by their mode.

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
      name: "overwrites '.' for tar -x with no folder",
      command: 'tar -xf x.tar',
      expected: [
        ['x.tar', 'read'],
        ['.', 'overwrite'],
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
      name: "overwrites '.' for unzip -o",
      command: 'unzip -o x.zip',
      expected: [
        ['x.zip', 'read'],
        ['.', 'overwrite'],
      ],
    },
    {
      name: "writes '.' without overwriting for unzip -n",
      command: 'unzip -n x.zip',
      expected: [
        ['x.zip', 'read'],
        ['.', 'write'],
      ],
    },
    { name: 'only reads the archive of unzip -l', command: 'unzip -l x.zip', expected: [['x.zip', 'read']] },
    {
      name: 'reads unzip members and -x names as no paths',
      command: 'unzip x.zip a.txt -x b.txt',
      expected: [
        ['x.zip', 'read'],
        ['.', 'overwrite'],
      ],
    },
    { name: 'deletes the input of gzip', command: 'gzip notes.txt', expected: [['notes.txt', 'delete']] },
    { name: 'only reads the input of gzip -k', command: 'gzip -k notes.txt', expected: [['notes.txt', 'read']] },
    { name: 'only reads the input of gzip -c', command: 'gzip -c notes.txt', expected: [['notes.txt', 'read']] },
    { name: 'deletes the input of gunzip', command: 'gunzip x.gz', expected: [['x.gz', 'delete']] },
    { name: 'only reads the input of gzip -l', command: 'gzip -l x.gz', expected: [['x.gz', 'read']] },
  ])('$name', expectOperands);
});
