// Requests to the service: same origin, JSON bodies, and on every change of state the CSRF
// token the sign-in answered, which lives only in this module's memory.

let csrf = '';

/** A request the service refused: its HTTP status and error code. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function read(response) {
  const text = await response.text();
  let body = {};
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    body = {};
  }
  if (!response.ok) {
    const error = body && typeof body.error === 'object' ? body.error : {};
    throw new ApiError(response.status, error.code ?? 'http_error', error.message ?? `HTTP ${response.status}`);
  }
  return body;
}

function get(path) {
  return fetch(path, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'application/json' } }).then(
    read,
  );
}

function send(method, path, body) {
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  if (csrf !== '') headers['x-intentgate-csrf'] = csrf;
  return fetch(path, {
    method,
    credentials: 'same-origin',
    cache: 'no-store',
    headers,
    body: JSON.stringify(body),
  }).then(read);
}

const post = (path, body) => send('POST', path, body);

const segment = (text) => encodeURIComponent(text);

/** Signs in with the approval token or a one-time code; keeps the CSRF token. */
export async function signIn(credential) {
  const { csrf: token } = await post('console/sign-in', credential);
  csrf = String(token ?? '');
}

/** Whether this browser is signed in (the cookie); keeps the CSRF token when it is. */
export async function resume() {
  const { signed_in: signedIn, csrf: token } = await get('console/api/me');
  csrf = signedIn === true ? String(token ?? '') : '';
  return signedIn === true;
}

export async function signOut() {
  try {
    await post('console/sign-out', {});
  } finally {
    csrf = '';
  }
}

export const labels = () => get('console/labels.json');
export const sessions = () => get('console/api/sessions');

/** The statechart as SVG text, with `state` lit. */
export async function statechart(state) {
  const response = await fetch(`console/api/statechart.svg?state=${segment(state)}`, {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (!response.ok) throw new ApiError(response.status, 'statechart', `HTTP ${response.status}`);
  return response.text();
}

/** Answers a held call: 'continue', 'cancel', 'details' or { edit: args }; the decision. */
export const answer = (sessionId, approvalId, value) =>
  post(`sessions/${segment(sessionId)}/approvals/${segment(approvalId)}`, { answer: value });

/** Approves categories for one session; the categories now approved. */
export const approve = (sessionId, categories) => post('approve-session', { session_id: sessionId, categories });

/** Gives a grant (a held call's suggestion: categories, narrowing, until) in one session. */
export const grant = (sessionId, suggestion) => post('approve-session', { session_id: sessionId, ...suggestion });

/** Ends a grant at once. */
export const revoke = (sessionId, grantId) =>
  send('DELETE', `sessions/${segment(sessionId)}/grants/${segment(grantId)}`, {});

/** Widens an intent's scope (the session's active intent when `intentId` is empty) by scope globs; the new scope. */
export const widenScope = (sessionId, intentId, entries) =>
  post(`sessions/${segment(sessionId)}/widen-scope`, { ...(intentId ? { intent_id: intentId } : {}), entries });
