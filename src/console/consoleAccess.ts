import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import {
  approvalTokens,
  DEFAULT_TOKEN_NAME,
  sameToken,
  SIGN_IN_LINK_NAME,
  type ApprovalTokens,
} from '../server/approvalTokens';
import { parseBody } from '../server/bodySchemas';
import type { JsonResponse } from '../server/errorResponse';
import { HttpError } from '../server/httpError';
import { createAttemptLimit } from './attemptLimit';
import { consoleCookieName, CSRF_HEADER, isHttps, readCookie, setCookieHeader } from './consoleCookie';
import { createConsoleSessions, type ConsoleSession } from './consoleSessions';
import { createSignInCodes } from './signInCodes';

/** How the console signs people in. */
export interface ConsoleAccessOptions {
  readonly approvalToken: string;
  /** every token that signs in, by name; default `approvalToken` alone, named 'default' */
  readonly tokens?: ApprovalTokens;
  /** the cookie's Path: the service's prefix, or `/` */
  readonly cookiePath: string;
  readonly idleTtlMs?: number;
  readonly codeTtlMs?: number;
  readonly now?: () => number;
}

/** Defaults: a console session ends after 12 idle hours, a one-time code after 10 minutes. */
export const CONSOLE_ACCESS_DEFAULTS = Object.freeze({
  idleTtlMs: 12 * 60 * 60 * 1000,
  codeTtlMs: 10 * 60 * 1000,
  maxSessions: 64,
  maxCodes: 16,
  maxFailures: 10,
  failureWindowMs: 60_000,
});

/** The request parts access is judged on. */
export type AccessRequest = Pick<IncomingMessage, 'headers' | 'socket'>;

/** Signing in and out of the console, and who a request comes from. */
export interface ConsoleAccess {
  /** `POST /console/sign-in` with `{ token }` or `{ code }`: sets the cookie, answers the CSRF token. */
  signIn(req: AccessRequest, body: unknown): JsonResponse;
  /** `POST /console/sign-out`: ends the session and clears the cookie. */
  signOut(req: AccessRequest): JsonResponse;
  /** The request's console session; 401 without one, and for a change of state 403 unless its CSRF header matches. */
  require(req: AccessRequest, changesState: boolean): ConsoleSession;
  /** The request's live console session, if any, with no checks. */
  findSession(req: AccessRequest): ConsoleSession | undefined;
  /** Whether the request carries a console cookie at all (live or not). */
  hasCookie(req: AccessRequest): boolean;
  /** Whether a console session is still signed in. */
  isLive(key: string): boolean;
  /** A new one-time sign-in code for the printed link. */
  issueCode(): string;
  clear(): void;
}

const signInBodySchema = z.union([
  z.strictObject({ token: z.string().min(1).max(1024) }),
  z.strictObject({ code: z.string().min(1).max(256) }),
]);

function unauthorized(message: string): HttpError {
  return new HttpError({ status: 401, code: 'unauthorized', message });
}

/** Creates the console's access rules over the service's approval token. */
export function createConsoleAccess(options: ConsoleAccessOptions): ConsoleAccess {
  const now = options.now ?? Date.now;
  const defaults = CONSOLE_ACCESS_DEFAULTS;
  const sessions = createConsoleSessions({
    idleTtlMs: options.idleTtlMs ?? defaults.idleTtlMs,
    maxSessions: defaults.maxSessions,
    now,
  });
  const codes = createSignInCodes({ ttlMs: options.codeTtlMs ?? defaults.codeTtlMs, maxCodes: defaults.maxCodes, now });
  const failures = createAttemptLimit(defaults.maxFailures, defaults.failureWindowMs, now);
  const tokens = options.tokens ?? approvalTokens([{ name: DEFAULT_TOKEN_NAME, token: options.approvalToken }]);
  const cookie = (req: AccessRequest, value: string, clear: boolean): string =>
    setCookieHeader({
      name: consoleCookieName(req),
      value,
      path: options.cookiePath,
      secure: isHttps(req),
      ...(clear && { maxAgeSeconds: 0 }),
    });
  const cookieId = (req: AccessRequest): string | undefined => readCookie(req.headers.cookie, consoleCookieName(req));

  return {
    signIn(req, body) {
      const wait = failures.waitMs();
      if (wait > 0) {
        const seconds = Math.max(1, Math.ceil(wait / 1000));
        throw new HttpError({
          status: 429,
          code: 'too_many_attempts',
          message: `too many failed sign-ins: try again in ${seconds} s`,
          headers: { 'Retry-After': String(seconds) },
        });
      }
      const given = parseBody(signInBodySchema, body);
      // the session answers as the token's holder; the printed link is the sign-in link's
      const approver =
        'token' in given ? tokens.nameOf(given.token) : codes.redeem(given.code) ? SIGN_IN_LINK_NAME : undefined;
      if (approver === undefined) {
        failures.fail();
        throw unauthorized(
          'token' in given
            ? 'the approval token is wrong'
            : 'the sign-in link is used up or expired: sign in with the approval token, or restart the service for a new link',
        );
      }
      const { id, session } = sessions.create(approver);
      return { status: 200, body: { csrf: session.csrf }, headers: { 'Set-Cookie': cookie(req, id, false) } };
    },
    signOut(req) {
      const session = sessions.find(cookieId(req));
      if (session) sessions.end(session.key);
      return {
        status: 200,
        body: { signed_out: session !== undefined },
        headers: { 'Set-Cookie': cookie(req, '', true) },
      };
    },
    require(req, changesState) {
      const session = sessions.find(cookieId(req));
      if (!session)
        throw unauthorized('the console is not signed in, or its session expired: sign in with the approval token');
      if (changesState) {
        const sent = req.headers[CSRF_HEADER];
        if (typeof sent !== 'string' || !sameToken(sent, session.csrf)) {
          throw new HttpError({
            status: 403,
            code: 'csrf_token_invalid',
            message: `a change of state from the console must send the page's CSRF token in the ${CSRF_HEADER} header`,
          });
        }
      }
      return session;
    },
    findSession: (req) => sessions.find(cookieId(req)),
    hasCookie: (req) => cookieId(req) !== undefined,
    isLive: (key) => sessions.isLive(key),
    issueCode: () => codes.issue(),
    clear() {
      sessions.clear();
      codes.clear();
    },
  };
}
