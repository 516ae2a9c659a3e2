import type { IncomingMessage, ServerResponse } from 'node:http';
import { RISK_CATEGORIES } from '../categories/riskCategories';
import { HttpError } from '../server/httpError';
import { readJsonBody } from '../server/readJsonBody';
import type { RouteSpec } from '../server/router';
import type { ConsoleAccess } from './consoleAccess';
import { isConsoleAssetName, type ConsoleAsset, type ConsoleAssetName } from './consoleAssets';
import { sendAsset, sendConsoleJson, sendText } from './consoleHeaders';
import { consoleWords } from './consoleLabels';
import type { ConsoleContainment } from './consoleContainment';
import { consoleSessionViews, type ConsoleViewSettings, type SessionLister } from './consoleSessionViews';
import type { EventStreams } from './eventStreams';
import { chartStateIds, type ChartGraph } from './statechartGraph';
import { statechartSvg } from './statechartSvg';

/** What the console's routes work with. */
export interface ConsoleParts {
  readonly access: ConsoleAccess;
  readonly asset: (name: ConsoleAssetName) => ConsoleAsset;
  readonly streams: EventStreams;
  readonly sessions: SessionLister;
  readonly chart: ChartGraph;
  /** what each session's view says of containment; none when the service does not tell */
  readonly containment?: ConsoleContainment;
  /** the clock and governor options the sessions' views are read with */
  readonly view?: ConsoleViewSettings;
}

/** One console request. */
export interface ConsoleRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly parts: ConsoleParts;
}

/** A console route's work: it answers the request itself (a page, JSON or a stream). */
export type ConsoleHandler = (request: ConsoleRequest) => void | Promise<void>;

// sign-in bodies are a token or a code: a few hundred bytes at most
const MAX_SIGN_IN_BYTES = 4096;

const page: ConsoleHandler = ({ req, res, parts }) => sendAsset(res, parts.asset('index.html'), req.method ?? 'GET');

const asset: ConsoleHandler = ({ req, res, params, parts }) => {
  const name = params.file ?? '';
  if (!isConsoleAssetName(name))
    throw new HttpError({
      status: 404,
      code: 'route_not_found',
      message: `the console has no file '${name.slice(0, 100)}'`,
    });
  sendAsset(res, parts.asset(name), req.method ?? 'GET');
};

const labels: ConsoleHandler = ({ res }) => sendConsoleJson(res, { status: 200, body: consoleWords() });

const signIn: ConsoleHandler = async ({ req, res, parts }) => {
  const body = await readJsonBody(req, MAX_SIGN_IN_BYTES);
  sendConsoleJson(res, parts.access.signIn(req, body));
};

const signOut: ConsoleHandler = async ({ req, res, parts }) => {
  await readJsonBody(req, MAX_SIGN_IN_BYTES);
  const session = parts.access.findSession(req);
  if (session) parts.streams.endSession(session.key);
  sendConsoleJson(res, parts.access.signOut(req));
};

// asking whether one is signed in is not an error either way
const me: ConsoleHandler = ({ req, res, parts }) => {
  const session = parts.access.findSession(req);
  sendConsoleJson(res, { status: 200, body: session ? { signed_in: true, csrf: session.csrf } : { signed_in: false } });
};

const sessions: ConsoleHandler = async ({ req, res, parts }) => {
  parts.access.require(req, false);
  const views = await consoleSessionViews(parts.sessions, parts.containment, parts.view);
  sendConsoleJson(res, { status: 200, body: { sessions: views, categories: RISK_CATEGORIES } });
};

const statechart: ConsoleHandler = ({ req, res, query, parts }) => {
  parts.access.require(req, false);
  // one state per region, space-separated: `ACTION.ready flow.secretRead`
  const lit = query.get('state')?.split(' ') ?? [];
  const unknown = lit.find((state) => !chartStateIds(parts.chart).includes(state));
  if (unknown !== undefined) {
    throw new HttpError({
      status: 400,
      code: 'unknown_state',
      message: `unknown state '${unknown.slice(0, 100)}'; the states are ${chartStateIds(parts.chart).join(', ')}`,
    });
  }
  sendText(res, 'image/svg+xml; charset=utf-8', statechartSvg(parts.chart, lit));
};

const events: ConsoleHandler = ({ req, res, parts }) => {
  const session = parts.access.require(req, false);
  parts.streams.open(res, session.key);
};

/** The console's routes, paths without the service's prefix. */
export const CONSOLE_ROUTES: readonly RouteSpec<ConsoleHandler>[] = [
  { method: 'GET', path: '/', handler: page },
  { method: 'GET', path: '/console/labels.json', handler: labels },
  { method: 'POST', path: '/console/sign-in', handler: signIn },
  { method: 'POST', path: '/console/sign-out', handler: signOut },
  { method: 'GET', path: '/console/api/me', handler: me },
  { method: 'GET', path: '/console/api/sessions', handler: sessions },
  { method: 'GET', path: '/console/api/statechart.svg', handler: statechart },
  { method: 'GET', path: '/console/events', handler: events },
  { method: 'GET', path: '/console/:file', handler: asset },
];

/** Whether a path (without the prefix) is the console's: the page at `/` and everything under `/console/`. */
export function isConsolePath(path: string): boolean {
  return path === '/' || path === '/console' || path.startsWith('/console/');
}
