import { describe, expect, it } from 'vitest';
import { EXEC, expectOperands, outcome, type OperandCase } from '../support';

// Search tools and file readers (src/shell/programs/search/: searchSpecs.ts, fileReaderSpecs.ts):
// they read the files they name and print what they find; each reads its own options.

describe('search tools read their options by their own rules', () => {
  it.each<OperandCase>([
    {
      name: 'reads grep -r as a flag, so the folder after the pattern is read',
      command: 'grep -r BEGIN ~/.ssh',
      expected: [['~/.ssh', 'read']],
    },
    { name: 'reads grep -R as a flag', command: 'grep -R AWS_SECRET ~/.aws', expected: [['~/.aws', 'read']] },
    { name: 'reads grep -r over /etc', command: 'grep -r x /etc', expected: [['/etc', 'read']] },
    { name: 'reads grep -r over .env', command: 'grep -r x .env', expected: [['.env', 'read']] },
    { name: 'reads grep -T as a flag', command: 'grep -T x ~/.ssh/id_rsa', expected: [['~/.ssh/id_rsa', 'read']] },
    { name: 'reads grep -i, -n and -l as flags', command: 'grep -inl x src', expected: [['src', 'read']] },
    {
      name: 'skips the values of grep -m, -A, -B and -C',
      command: 'grep -m 3 -A 2 -B 1 -C 4 x log.txt',
      expected: [['log.txt', 'read']],
    },
    { name: 'skips the values of grep -d and -D', command: 'grep -d skip -D read x dir', expected: [['dir', 'read']] },
    {
      name: 'reads the pattern file of grep -f',
      command: 'grep -f patterns.txt notes.md',
      expected: [
        ['patterns.txt', 'read'],
        ['notes.md', 'read'],
      ],
    },
    {
      name: 'reads every grep operand as a file after -e',
      command: 'grep -e a -e b src README.md',
      expected: [
        ['src', 'read'],
        ['README.md', 'read'],
      ],
    },
    {
      name: 'takes no separate value for grep --color',
      command: 'grep --color always x f',
      expected: [
        ['x', 'read'],
        ['f', 'read'],
      ],
    },
    {
      name: 'reads an attached --include value as no operand',
      command: 'grep --include=*.ts -rn x src',
      expected: [['src', 'read']],
    },
    {
      name: 'reads egrep and fgrep like grep',
      command: 'egrep -r x ~/.ssh; fgrep -r y ~/.aws',
      expected: [
        ['~/.ssh', 'read'],
        ['~/.aws', 'read'],
      ],
    },
    { name: 'skips the value of rg -r (replace)', command: 'rg -r NEW old src', expected: [['src', 'read']] },
    {
      name: 'skips the values of rg -t and -g',
      command: 'rg -t py -g "*.py" x ~/.ssh',
      expected: [['~/.ssh', 'read']],
    },
    { name: 'skips the value of rg -T (type-not)', command: 'rg -T js x .', expected: [['.', 'read']] },
    { name: 'skips the values of rg -j, -M and -m', command: 'rg -j 4 -M 100 -m 2 x src', expected: [['src', 'read']] },
    {
      name: 'reads rg --files operands as folders, no pattern',
      command: 'rg --files ~/.aws',
      expected: [['~/.aws', 'read']],
    },
    { name: 'reads ag -r as a flag', command: 'ag -r foo ~/.ssh', expected: [['~/.ssh', 'read']] },
    { name: 'skips the value of ag -G', command: 'ag -G ts foo src', expected: [['src', 'read']] },
    {
      name: 'reads ag -g operands as folders, the value being the pattern',
      command: 'ag -g spec src',
      expected: [['src', 'read']],
    },
    { name: 'skips the value of ack -t', command: 'ack -t python foo src', expected: [['src', 'read']] },
    { name: 'reads ack -f operands as folders, no pattern', command: 'ack -f ~/.aws', expected: [['~/.aws', 'read']] },
  ])('$name', expectOperands);
});

describe('readers skip the values of their options', () => {
  it.each<OperandCase>([
    {
      name: 'skips the value of less -p',
      command: 'less -p BEGIN ~/.ssh/id_rsa',
      expected: [['~/.ssh/id_rsa', 'read']],
    },
    {
      name: 'reads less -o as a log file written',
      command: 'less -o log.txt big.txt',
      expected: [
        ['log.txt', 'overwrite'],
        ['big.txt', 'read'],
      ],
    },
    {
      name: 'skips the value of diff -I',
      command: 'diff -I x ~/.ssh/config b',
      expected: [
        ['~/.ssh/config', 'read'],
        ['b', 'read'],
      ],
    },
    {
      name: 'reads the exclude file of diff -X',
      command: 'diff -X ignore.txt a b',
      expected: [
        ['ignore.txt', 'read'],
        ['a', 'read'],
        ['b', 'read'],
      ],
    },
    { name: 'skips the value of od -t', command: 'od -t x1 ~/.ssh/id_rsa', expected: [['~/.ssh/id_rsa', 'read']] },
    { name: 'skips the values of od -N and -j', command: 'od -N 16 -j 4 f', expected: [['f', 'read']] },
    { name: 'skips the value of strings -n', command: 'strings -n 8 /etc/shadow', expected: [['/etc/shadow', 'read']] },
    {
      name: 'reads the second xxd operand as the file written',
      command: 'xxd -r dump.hex ~/.bashrc',
      expected: [
        ['dump.hex', 'read'],
        ['~/.bashrc', 'overwrite'],
      ],
    },
    { name: 'skips the values of xxd -c and -l', command: 'xxd -c 16 -l 64 f', expected: [['f', 'read']] },
    { name: 'skips the head -c count', command: 'head -c 100 ~/.ssh/id_rsa', expected: [['~/.ssh/id_rsa', 'read']] },
    {
      name: 'skips the cut -d and -f values',
      command: 'cut -d : -f 1 /etc/shadow',
      expected: [['/etc/shadow', 'read']],
    },
    {
      name: 'skips the sort -k value',
      command: 'sort -k 2 ~/.ssh/known_hosts',
      expected: [['~/.ssh/known_hosts', 'read']],
    },
    {
      name: 'reads the script file of sed -f',
      command: 'sed -f script.sed in.txt',
      expected: [
        ['script.sed', 'read'],
        ['in.txt', 'read'],
      ],
    },
    {
      name: 'reads the awk program as code, not a path',
      command: "awk '/foo/ {print}' a.txt",
      expected: [['a.txt', 'read']],
    },
    {
      name: 'reads the program file of awk -f and skips -F',
      command: 'awk -F: -f prog.awk /etc/passwd',
      expected: [
        ['prog.awk', 'read'],
        ['/etc/passwd', 'read'],
      ],
    },
    {
      name: 'reads awk var=value operands as assignments',
      command: "awk -v n=1 '{print n}' x=2 data.txt",
      expected: [['data.txt', 'read']],
    },
  ])('$name', expectOperands);
});

// find reads its starting points and the reference files its tests compare times with; its
// patterns, numbers and formats are data, never paths; wc reads its operands and its stdin.
describe('find and wc read their operands', () => {
  it.each<OperandCase>([
    {
      name: 'reads find -newer as a reference file, the pattern as data',
      command: "find . -name '*.py' -newer x",
      expected: [
        ['x', 'read'],
        ['.', 'read'],
      ],
    },
    {
      name: 'reads each starting point of find',
      command: 'find src tests -type f',
      expected: [
        ['src', 'read'],
        ['tests', 'read'],
      ],
    },
    {
      name: 'reads a pruned find expression as data',
      command: "find . -path ./node_modules -prune -o -name '*.js' -print",
      expected: [['.', 'read']],
    },
    {
      name: 'reads the word after -name as its pattern, even one spelled as a primary',
      command: 'find . -name -delete',
      expected: [['.', 'read']],
    },
    {
      name: 'reads -newerXY as a file, and as a date with t',
      command: "find . -newermt '2024-01-01' -newerma ref -samefile a",
      expected: [
        ['ref', 'read'],
        ['a', 'read'],
        ['.', 'read'],
      ],
    },
    {
      name: 'reads -fprintf as a file written and its format as data',
      command: "find . -fprintf out '-delete %p'",
      expected: [
        ['out', 'overwrite'],
        ['.', 'read'],
      ],
    },
    {
      name: 'reads -files0-from as the list read and starting points unknown here',
      command: 'find -files0-from list -delete',
      expected: [
        ['list', 'read'],
        [undefined, 'delete'],
      ],
    },
    { name: 'reads wc operands through a glob', command: 'wc -l src/*.py', expected: [['src/*.py', 'read']] },
    { name: 'reads the file wc counts from stdin', command: 'wc -c < file', expected: [['file', 'read']] },
  ])('$name', expectOperands);

  it.each([
    "find . -name '*.py' -newer x",
    'find src tests -type f',
    'wc -l src/*.py',
    'wc -c < file',
    "find . -path ./node_modules -prune -o -name '*.js' -print",
  ])('raises only EXEC_ARBITRARY for %s', (command) => {
    expect(outcome(command)).toEqual({ categories: [EXEC], failedClosed: false });
  });
});

// find's spec (findSpec.ts) says what each primary's word is and what its starting points are;
// its reader walks the expression with that table.
describe("find reads its expression by its spec's table", () => {
  it.each<OperandCase>([
    { name: 'reads -newerXY with a time Y as a date', command: 'find . -newerBt yesterday', expected: [['.', 'read']] },
    {
      name: 'reads -newerXY with a file Y as a reference file',
      command: 'find . -newercB ref',
      expected: [
        ['ref', 'read'],
        ['.', 'read'],
      ],
    },
    {
      name: 'reads -anewer as a reference file',
      command: 'find . -anewer stamp -type f',
      expected: [
        ['stamp', 'read'],
        ['.', 'read'],
      ],
    },
    {
      name: 'reads the options before the starting points',
      command: 'find -L -O3 -D tree src -type f',
      expected: [['src', 'read']],
    },
    {
      name: 'reads -fls and -fprint0 as files written',
      command: 'find . -fls list -fprint0 names',
      expected: [
        ['list', 'overwrite'],
        ['names', 'overwrite'],
        ['.', 'read'],
      ],
    },
    { name: 'reads -printf as a format', command: "find . -printf '%p rm -delete'", expected: [['.', 'read']] },
    {
      name: 'reads -maxdepth and -user as data',
      command: 'find src -maxdepth 2 -user root',
      expected: [['src', 'read']],
    },
    {
      name: 'deletes the starting point -delete assumes',
      command: 'find -name x -delete',
      expected: [['.', 'delete']],
    },
    { name: 'reads no starting point when none is given', command: "find -name '*.md'", expected: [] },
    {
      name: 'deletes after an -exec command ends',
      command: 'find src -exec true {} \\; -delete',
      expected: [['src', 'delete']],
    },
    {
      name: 'reads a -delete inside an -exec command as its word',
      command: 'find src -exec echo -delete \\;',
      expected: [['src', 'read']],
    },
  ])('$name', expectOperands);

  it.each([
    { name: 'a pattern', command: "find . -iname '*.log' -print0" },
    { name: 'a time and a size', command: 'find . -mmin -5 -size +1M -empty' },
    { name: 'a date', command: "find . -newermt '2024-01-01' -ls" },
  ])('raises only EXEC_ARBITRARY for $name, every primary known', ({ command }) => {
    expect(outcome(command)).toEqual({ categories: [EXEC], failedClosed: false });
  });
});
