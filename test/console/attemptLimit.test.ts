import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAttemptLimit } from '../../src/console/attemptLimit';

describe('the failed sign-in limit', () => {
  it('allows attempts until the limit, then makes the caller wait until the oldest failure leaves the window', () => {
    let time = 0;
    const limit = createAttemptLimit(3, 1000, () => time);
    for (const at of [0, 100, 200]) {
      time = at;
      expect(limit.waitMs()).toBe(0);
      limit.fail();
    }
    time = 300;
    expect(limit.waitMs()).toBe(700);
    time = 1000;
    expect(limit.waitMs()).toBe(0);
  });

  it('never lets more than the limit of failures through in any window', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 60 }), (gaps) => {
        let time = 0;
        const limit = createAttemptLimit(5, 1000, () => time);
        const failures: number[] = [];
        for (const gap of gaps) {
          time += gap;
          if (limit.waitMs() > 0) continue;
          limit.fail();
          failures.push(time);
        }
        for (const at of failures)
          expect(failures.filter((other) => other >= at && other < at + 1000).length).toBeLessThanOrEqual(5);
      }),
    );
  });
});
