import { TEST_TOKEN } from '../server/serviceHarness';

/** A signed-in console, as a browser holds it: the cookie and the CSRF token. */
export interface ConsoleLogin {
  /** `name=value`, ready for a Cookie header */
  readonly cookie: string;
  readonly setCookie: string;
  readonly csrf: string;
}

/** Signs in over HTTP with the approval token (or a one-time code), as the page does. */
export async function signIn(
  url: string,
  credential: { token: string } | { code: string } = { token: TEST_TOKEN },
  headers: Record<string, string> = {},
): Promise<ConsoleLogin> {
  const response = await fetch(`${url}/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(credential),
  });
  const setCookie = response.headers.get('set-cookie') ?? '';
  const body = (await response.json()) as { csrf?: unknown; error?: { code?: unknown } };
  if (response.status !== 200 || typeof body.csrf !== 'string')
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return { cookie: setCookie.split(';')[0] ?? '', setCookie, csrf: body.csrf };
}

/** A console request with the login's cookie, and for a POST its JSON body and CSRF header. */
export function consoleFetch(
  url: string,
  login: ConsoleLogin | undefined,
  init: { body?: unknown; csrf?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...(login && { cookie: login.cookie }), ...init.headers };
  if (init.body === undefined) return fetch(url, { headers });
  const csrf = init.csrf ?? login?.csrf;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(csrf !== undefined && { 'x-intentgate-csrf': csrf }),
      ...headers,
    },
    body: JSON.stringify(init.body),
  });
}

/** The error code of a JSON error response. */
export async function errorCode(response: Response): Promise<unknown> {
  const body = (await response.json()) as { error?: { code?: unknown } };
  return body.error?.code;
}
