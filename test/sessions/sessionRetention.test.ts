import { describe, expect, it } from 'vitest';
import { keptUntil } from '../../src/sessions/sessionRetention';

const retention = { idleTtlMs: 10, endedTtlMs: 100 };

const cases: readonly {
  name: string;
  usedAt: number;
  endedAt: number | undefined;
  retention?: { idleTtlMs: number; endedTtlMs: number };
  expected: number;
}[] = [
  {
    name: 'keeps a running session the idle time after its last use',
    usedAt: 1_000,
    endedAt: undefined,
    expected: 1_010,
  },
  { name: 'keeps an ended session the retention time after its end', usedAt: 1_000, endedAt: 1_000, expected: 1_100 },
  {
    name: 'keeps an ended session a human used late at least the idle time after that use',
    usedAt: 1_095,
    endedAt: 1_000,
    expected: 1_105,
  },
  {
    name: 'never forgets an ended session sooner than an idle one, whatever the retention',
    usedAt: 1_000,
    endedAt: 1_000,
    retention: { idleTtlMs: 50, endedTtlMs: 5 },
    expected: 1_050,
  },
];

describe('keptUntil', () => {
  it.each(cases)('$name', ({ usedAt, endedAt, expected, ...rest }) => {
    expect(keptUntil(usedAt, endedAt, rest.retention ?? retention)).toBe(expected);
  });
});
