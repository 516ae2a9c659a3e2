import { describe, expect, it } from 'vitest';
import { createSignInCodes } from '../../src/console/signInCodes';

describe('one-time sign-in codes', () => {
  it('work once', () => {
    const codes = createSignInCodes({ ttlMs: 1000, maxCodes: 4 });
    const code = codes.issue();
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(codes.redeem(code)).toBe(true);
    expect(codes.redeem(code)).toBe(false);
  });

  it('expire, and a code past its time is used up too', () => {
    let time = 0;
    const codes = createSignInCodes({ ttlMs: 1000, maxCodes: 4, now: () => time });
    const code = codes.issue();
    time = 1000;
    expect(codes.redeem(code)).toBe(false);
  });

  it('keep only the newest codes', () => {
    const codes = createSignInCodes({ ttlMs: 1000, maxCodes: 2 });
    const [first, second, third] = [codes.issue(), codes.issue(), codes.issue()];
    expect([first, second, third].map((code) => codes.redeem(code))).toEqual([false, true, true]);
  });

  it('refuse anything that was not issued', () => {
    const codes = createSignInCodes({ ttlMs: 1000, maxCodes: 2 });
    codes.issue();
    expect(['', 'x', 'a'.repeat(32)].map((code) => codes.redeem(code))).toEqual([false, false, false]);
  });
});
