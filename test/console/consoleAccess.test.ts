import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createConsoleAccess, type AccessRequest } from '../../src/console/consoleAccess';
import { HttpError } from '../../src/server/httpError';

const TOKEN = 'console-access-token-0123456789';
const PORT = 8787;

function requestWith(headers: Record<string, string>): AccessRequest {
  return { headers, socket: { localPort: PORT } } as unknown as AccessRequest;
}

function statusOf(work: () => unknown): number {
  try {
    work();
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

/** Signs in with the token; the cookie header and CSRF token a browser would then hold. */
function signedIn(access: ReturnType<typeof createConsoleAccess>): { cookie: string; csrf: string } {
  const answer = access.signIn(requestWith({}), { token: TOKEN });
  const cookie = (answer.headers?.['Set-Cookie'] ?? '').split(';')[0] ?? '';
  return { cookie, csrf: String((answer.body as { csrf: unknown }).csrf) };
}

describe('console access', () => {
  it.each([
    { name: 'the token', body: { token: TOKEN }, status: 200 },
    { name: 'a wrong token', body: { token: `${TOKEN}x` }, status: 401 },
    { name: 'a code never issued', body: { code: 'abc' }, status: 401 },
    { name: 'both a token and a code', body: { token: TOKEN, code: 'abc' }, status: 400 },
    { name: 'an empty body', body: {}, status: 400 },
    { name: 'a token that is not a string', body: { token: 42 }, status: 400 },
  ])('answers a sign-in with $name with $status', ({ body, status }) => {
    expect(
      statusOf(() => createConsoleAccess({ approvalToken: TOKEN, cookiePath: '/' }).signIn(requestWith({}), body)),
    ).toBe(status);
  });

  it('names the cookie after the port and lets it pass with its CSRF token', () => {
    const access = createConsoleAccess({ approvalToken: TOKEN, cookiePath: '/' });
    const { cookie, csrf } = signedIn(access);
    expect(cookie.startsWith(`intentgate_console_${PORT}=`)).toBe(true);
    expect(statusOf(() => access.require(requestWith({ cookie, 'x-intentgate-csrf': csrf }), true))).toBe(200);
    expect(statusOf(() => access.require(requestWith({ cookie }), false))).toBe(200);
  });

  it('refuses every CSRF header but its own on a change of state', () => {
    const access = createConsoleAccess({ approvalToken: TOKEN, cookiePath: '/' });
    const { cookie, csrf } = signedIn(access);
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }).filter((sent) => sent !== csrf),
        (sent) => {
          expect(statusOf(() => access.require(requestWith({ cookie, 'x-intentgate-csrf': sent }), true))).toBe(403);
        },
      ),
    );
  });

  it('refuses every cookie value it did not give out', () => {
    const access = createConsoleAccess({ approvalToken: TOKEN, cookiePath: '/' });
    const { cookie } = signedIn(access);
    const given = cookie.split('=')[1];
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/).filter((value) => value !== given),
        (value) => {
          expect(
            statusOf(() => access.require(requestWith({ cookie: `intentgate_console_${PORT}=${value}` }), false)),
          ).toBe(401);
        },
      ),
    );
  });

  it('ends a session that stays idle past its time, and one signed out', () => {
    let time = 0;
    const access = createConsoleAccess({ approvalToken: TOKEN, cookiePath: '/', idleTtlMs: 1000, now: () => time });
    const idle = signedIn(access);
    const out = signedIn(access);
    time = 999;
    expect(statusOf(() => access.require(requestWith({ cookie: out.cookie }), false))).toBe(200);
    access.signOut(requestWith({ cookie: out.cookie }));
    expect(statusOf(() => access.require(requestWith({ cookie: out.cookie }), false))).toBe(401);
    time = 1000;
    expect(statusOf(() => access.require(requestWith({ cookie: idle.cookie }), false))).toBe(401);
  });

  it('signs in once with a code, which expires unused after its time', () => {
    let time = 0;
    const access = createConsoleAccess({ approvalToken: TOKEN, cookiePath: '/', codeTtlMs: 1000, now: () => time });
    const [used, late] = [access.issueCode(), access.issueCode()];
    expect(statusOf(() => access.signIn(requestWith({}), { code: used }))).toBe(200);
    expect(statusOf(() => access.signIn(requestWith({}), { code: used }))).toBe(401);
    time = 1000;
    expect(statusOf(() => access.signIn(requestWith({}), { code: late }))).toBe(401);
  });
});
