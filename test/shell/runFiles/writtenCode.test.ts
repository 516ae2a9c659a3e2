import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PathAnalysis } from '../../../src/paths/analyzePath';
import type { PathRole, ShellPathOperand } from '../../../src/shell/catalog/shellAnalysis';
import { unreachedByGit, writeIntoGit } from '../../../src/shell/programs/git/gitWrites';
import {
  collectWrites,
  firstWrite,
  noWrites,
  writeInto,
  writeOver,
  writesNothing,
  type WrittenPaths,
} from '../../../src/shell/runFiles/writtenCode';

// what a command line writes, as the files of code it runs are checked against it: the
// mechanism names no program, and a family says what its own writes cannot reach (git's
// work-tree writes never reach the hooks in its .git, gitWrites.ts).

const ROOT = '/w';

/** An analyzer that joins a path to its base, as the decision's would for a tree without links. */
const analyze = (input: string, base = ROOT): PathAnalysis => {
  const absolute = path.resolve(base, input);
  const relative = path.relative(ROOT, absolute);
  const inside = !relative.startsWith('..');
  return {
    input,
    absolute,
    relative: inside ? relative : undefined,
    insideWorkspace: inside,
    reasons: [],
    valid: true,
  };
};

function operand(
  pathText: string | undefined,
  role: PathRole,
  command: string,
  contentAnalysed?: true,
): ShellPathOperand {
  return { path: pathText, source: pathText ?? '$f', role, command, ...(contentAnalysed && { contentAnalysed }) };
}

function writesOf(operands: readonly ShellPathOperand[]): WrittenPaths {
  const writes = noWrites();
  collectWrites(operands, { base: ROOT, analyze }, writes);
  return writes;
}

describe('the writes of a command line', () => {
  it('keeps each write and overwrite with the command that makes it, and no read or delete', () => {
    const writes = writesOf([
      operand('a.sh', 'write', 'tee a.sh'),
      operand('b.sh', 'overwrite', 'cp x b.sh'),
      operand('c.sh', 'read', 'cat c.sh'),
      operand('d.sh', 'delete', 'rm d.sh'),
    ]);
    expect(writes).toEqual({
      absolute: [
        { path: '/w/a.sh', command: 'tee a.sh' },
        { path: '/w/b.sh', command: 'cp x b.sh' },
      ],
      unknown: undefined,
    });
  });

  it('keeps the first write whose place is unknown, and skips one whose content was read', () => {
    const writes = writesOf([
      operand('.git/config', 'write', 'git config core.pager less', true),
      operand(undefined, 'overwrite', 'cp x "$f"'),
    ]);
    expect({ writes, nothing: writesNothing(writes) }).toEqual({
      writes: { absolute: [], unknown: '$f' },
      nothing: false,
    });
  });

  it('writes nothing for a line that only reads', () => {
    expect(writesNothing(writesOf([operand('a', 'read', 'cat a')]))).toBe(true);
  });
});

describe('which write may change a file of code', () => {
  const writes: WrittenPaths = {
    absolute: [
      { path: '/w/build', command: 'make -C build' },
      { path: '/w', command: 'git stash' },
    ],
    unknown: undefined,
  };

  it.each([
    { name: 'the file itself', file: '/w/build/run.sh', expected: '/w/build' },
    { name: 'a folder above it', file: '/w/scripts/x.sh', expected: '/w' },
    {
      name: 'a hook, by a work-tree write, with no family to say otherwise',
      file: '/w/.git/hooks/pre-commit',
      expected: '/w',
    },
  ])('finds $name', ({ file, expected }) => {
    expect(writeOver(file, writes)).toBe(expected);
  });

  it("passes over a write the family says cannot reach the file: git's work tree never holds its hooks", () => {
    expect({
      hook: writeOver('/w/.git/hooks/pre-commit', writes, unreachedByGit),
      script: writeOver('/w/scripts/x.sh', writes, unreachedByGit),
    }).toEqual({ hook: undefined, script: '/w' });
  });

  it('still finds a write into .git itself, by git or any other command', () => {
    const intoGit: WrittenPaths = {
      absolute: [{ path: '/w/.git/hooks', command: 'git config core.hooksPath x' }],
      unknown: undefined,
    };
    expect(writeOver('/w/.git/hooks/pre-commit', intoGit, unreachedByGit)).toBe('/w/.git/hooks');
  });

  it('answers with the unknown write wherever the file is', () => {
    const unknown: WrittenPaths = { absolute: [], unknown: '"$f"' };
    expect([writeOver('/w/a.sh', unknown, unreachedByGit), writeInto('/w/bin', unknown)]).toEqual(['"$f"', '"$f"']);
  });
});

describe('writes into a folder', () => {
  const writes: WrittenPaths = {
    absolute: [
      { path: '/w/bin/tool', command: 'cp x bin/tool' },
      { path: '/w/.git/hooks/pre-commit', command: 'tee .git/hooks/pre-commit' },
    ],
    unknown: undefined,
  };

  it('finds a write below the folder, and none below another', () => {
    expect([writeInto('/w/bin', writes), writeInto('/w/lib', writes)]).toEqual(['/w/bin/tool', undefined]);
  });

  it('finds the first write a test passes', () => {
    expect(firstWrite(writes, (written) => written.command.startsWith('tee'))).toBe('/w/.git/hooks/pre-commit');
  });

  it('finds a write into a .git folder, which every git command reads', () => {
    expect([writeIntoGit(writes), writeIntoGit({ absolute: [writes.absolute[0]!], unknown: undefined })]).toEqual([
      '/w/.git/hooks/pre-commit',
      undefined,
    ]);
  });
});
