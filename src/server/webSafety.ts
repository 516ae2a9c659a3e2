import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from './httpError';
import { JSON_MEDIA_TYPE } from './readJsonBody';

/** The host names every service answers to: the loopback names a browser on this machine uses. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

// methods a browser may send across sites without asking first; they change nothing here
const READING_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host name of a Host header or an origin's host (`[::1]:8787` is `::1`), lowercased; undefined when it is not one. */
export function hostNameOf(host: string): string | undefined {
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/i.exec(host);
  if (bracketed?.[1] !== undefined) return bracketed[1].toLowerCase();
  const plain = /^([a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host);
  return plain?.[1]?.toLowerCase().replace(/\.$/, '');
}

function refusedHost(host: string | undefined): HttpError {
  const shown = host === undefined ? '(none)' : `'${host.slice(0, 200)}'`;
  return new HttpError({
    status: 421,
    code: 'host_not_allowed',
    message:
      `Host ${shown} is not a name this service answers to; a page from another name could be ` +
      `rebinding DNS to it. Add the name to allowedHosts (serve --allowed-host) if it is yours.`,
  });
}

function refusedOrigin(origin: string): HttpError {
  return new HttpError({
    status: 403,
    code: 'origin_not_allowed',
    message:
      `Origin '${origin.slice(0, 200)}' is not this service: a web page of another site may ` +
      `not change its state. Send the request from the service's own console, or from a client that is not a browser.`,
  });
}

/** Whether a request that changes state comes from the service's own origin, as far as the browser says. */
function checkOrigin(headers: IncomingHttpHeaders, host: string): void {
  const origin = headers.origin;
  if (origin !== undefined) {
    let originHost: string | undefined;
    try {
      const url = new URL(origin);
      originHost = url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
    } catch {
      originHost = undefined;
    }
    // `Origin: null` (a sandboxed frame, a file: page) and every other site are refused alike
    if (originHost?.toLowerCase() !== host.toLowerCase()) throw refusedOrigin(origin);
  }
  // a browser that sends no Origin still says where the request came from
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw refusedOrigin(`${site} (Sec-Fetch-Site)`);
}

/**
 * A request that changes state declares a JSON body: a browser sends that only from a page of
 * the service's own origin (any other page needs a CORS preflight, which is never granted), so
 * no form or bodyless POST from another site changes anything.
 */
function checkJsonDeclared(headers: IncomingHttpHeaders): void {
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  if (JSON_MEDIA_TYPE.test(type)) return;
  throw new HttpError({
    status: 415,
    code: 'json_body_required',
    message:
      `a request that changes state must send a JSON body with Content-Type: application/json ` +
      `(got '${type || '(none)'}'); send {} when there is nothing to say`,
  });
}

/** The Host header names this service (421 otherwise): a page on another name may have rebound its DNS to it. */
export function checkHost(headers: IncomingHttpHeaders, allowedHosts: ReadonlySet<string>): void {
  const host = headers.host;
  const name = host === undefined ? undefined : hostNameOf(host);
  if (host === undefined || name === undefined || !allowedHosts.has(name)) throw refusedHost(host);
}

/** A request that changes state comes from no other origin (403) and declares a JSON body (415). */
export function checkStateChange(method: string, headers: IncomingHttpHeaders): void {
  if (READING_METHODS.has(method)) return;
  checkOrigin(headers, headers.host ?? '');
  checkJsonDeclared(headers);
}
