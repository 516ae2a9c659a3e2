import { describe, expect, it } from 'vitest';
import { pathBelow } from '../../src/paths/pathBelow';

const cases: readonly {
  readonly name: string;
  readonly root: string;
  readonly target: string;
  readonly expected: string | undefined;
}[] = [
  { name: 'gives the root itself as empty', root: '/ws', target: '/ws', expected: '' },
  { name: 'gives a file below the root', root: '/ws', target: '/ws/src/a.ts', expected: 'src/a.ts' },
  {
    name: 'refuses a sibling sharing the root as a string prefix',
    root: '/ws',
    target: '/ws-evil/a.ts',
    expected: undefined,
  },
  { name: 'refuses a parent', root: '/ws/project', target: '/ws', expected: undefined },
  { name: 'compares case-sensitively', root: '/ws', target: '/WS/a', expected: undefined },
  { name: 'puts everything below the filesystem root', root: '/', target: '/etc/passwd', expected: 'etc/passwd' },
];

describe('pathBelow', () => {
  it.each(cases)('$name', ({ root, target, expected }) => {
    expect(pathBelow(root, target)).toBe(expected);
  });
});
