import { describe, expect, it } from 'vitest';
import { readCookie, setCookieHeader } from '../../src/console/consoleCookie';

describe('the console cookie', () => {
  it.each([
    { name: 'no header', header: undefined, expected: undefined },
    { name: 'the only cookie', header: 'intentgate_console_1=abc', expected: 'abc' },
    { name: 'among others, with spaces', header: 'a=1; intentgate_console_1=abc ; b=2', expected: 'abc' },
    { name: 'the first of two', header: 'intentgate_console_1=abc; intentgate_console_1=def', expected: 'abc' },
    { name: 'another port only', header: 'intentgate_console_2=abc', expected: undefined },
    { name: 'a name that only ends alike', header: 'xintentgate_console_1=abc', expected: undefined },
    { name: 'a name without a value', header: 'intentgate_console_1', expected: undefined },
  ])('reads $name', ({ header, expected }) => {
    expect(readCookie(header, 'intentgate_console_1')).toBe(expected);
  });

  it.each([
    { name: 'over http', secure: false, maxAgeSeconds: undefined, expected: 'n=v; Path=/p; HttpOnly; SameSite=Strict' },
    {
      name: 'over https',
      secure: true,
      maxAgeSeconds: undefined,
      expected: 'n=v; Path=/p; HttpOnly; SameSite=Strict; Secure',
    },
    {
      name: 'when cleared',
      secure: false,
      maxAgeSeconds: 0,
      expected: 'n=v; Path=/p; Max-Age=0; HttpOnly; SameSite=Strict',
    },
  ])('is set $name', ({ secure, maxAgeSeconds, expected }) => {
    expect(
      setCookieHeader({
        name: 'n',
        value: 'v',
        path: '/p',
        secure,
        ...(maxAgeSeconds !== undefined && { maxAgeSeconds }),
      }),
    ).toBe(expected);
  });
});
