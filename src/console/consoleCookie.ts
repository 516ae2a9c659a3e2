import type { IncomingMessage } from 'node:http';

/** The header the console page sends its CSRF token in, on every change of state. */
export const CSRF_HEADER = 'x-intentgate-csrf';

// browsers send cookies to every port of a host: a name per port keeps two services apart
const COOKIE_PREFIX = 'intentgate_console_';

/** The console cookie's name for the port a request came in on. */
export function consoleCookieName(req: Pick<IncomingMessage, 'socket'>): string {
  return `${COOKIE_PREFIX}${req.socket.localPort ?? 0}`;
}

/** The value of cookie `name` in a Cookie header; the first one when it is sent twice. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Whether the browser reached the service over https (directly, or through a proxy that says so). */
export function isHttps(req: Pick<IncomingMessage, 'socket' | 'headers'>): boolean {
  const encrypted = Reflect.get(req.socket, 'encrypted') === true;
  const forwarded = req.headers['x-forwarded-proto'];
  return encrypted || (typeof forwarded === 'string' && forwarded.split(',')[0]?.trim().toLowerCase() === 'https');
}

/** What a console cookie is set or cleared with. */
export interface CookieSpec {
  readonly name: string;
  /** the session id; empty clears the cookie */
  readonly value: string;
  readonly path: string;
  readonly secure: boolean;
  /** 0 clears the cookie; without it the cookie ends with the browser */
  readonly maxAgeSeconds?: number;
}

/** A Set-Cookie value: HttpOnly (no script reads it), SameSite=Strict (no other site sends it), Secure over https. */
export function setCookieHeader(spec: CookieSpec): string {
  return [
    `${spec.name}=${spec.value}`,
    `Path=${spec.path}`,
    ...(spec.maxAgeSeconds === undefined ? [] : [`Max-Age=${spec.maxAgeSeconds}`]),
    'HttpOnly',
    'SameSite=Strict',
    ...(spec.secure ? ['Secure'] : []),
  ].join('; ');
}
