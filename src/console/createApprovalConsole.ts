import type { IncomingMessage, ServerResponse } from 'node:http';
import { lifecycleMachine } from '../../machines/lifecycle';
import type { ApprovalTokens } from '../server/approvalTokens';
import { createRouter } from '../server/router';
import type { SessionEvents } from '../server/sessionEvents';
import type { ToolKindSpec } from '../tools/toolKinds';
import type { ConsoleViewSettings, SessionLister } from './consoleSessionViews';
import { checkStateChange } from '../server/webSafety';
import { createConsoleAccess, type ConsoleAccess } from './consoleAccess';
import type { ConsoleContainment } from './consoleContainment';
import { createConsoleAssets } from './consoleAssets';
import { CONSOLE_ROUTES, isConsolePath, type ConsoleParts } from './consoleRoutes';
import { createEventStreams, EVENT_STREAM_DEFAULTS } from './eventStreams';
import { statechartGraph } from './statechartGraph';

/** What the console is built over. */
export interface ApprovalConsoleOptions {
  /** the service's route prefix, '' for none */
  readonly prefix: string;
  readonly approvalToken: string;
  /** every token that signs in, by name; default `approvalToken` alone */
  readonly tokens?: ApprovalTokens;
  readonly sessions: SessionLister;
  readonly events: SessionEvents;
  /** where the page's files are; default: next to this module, or in the package's dist/console */
  readonly assetDir?: string;
  readonly maxStreams?: number;
  readonly keepAliveMs?: number;
  readonly now?: () => number;
  /** the service's containment status and where its governors work: each session's view shows its profile */
  readonly containment?: ConsoleContainment;
  /** the governors' heldCallTtlMs, so a held call past it shows as expired (default the governor's default) */
  readonly heldCallTtlMs?: number | undefined;
  /** the host's tool kinds, so a held call of a host tool that writes files shows what it writes */
  readonly toolKinds?: Readonly<Record<string, ToolKindSpec>> | undefined;
}

/** The approval console: a web page on the governance service where a person answers held calls. */
export interface ApprovalConsole {
  /** Answers a request for the console's page, API or events; false when the path is not the console's. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  /** who is signed in, for the approval routes */
  readonly access: ConsoleAccess;
  /** A path, prefix included, whose fragment signs a browser in once: `/#sign-in=<code>`. */
  signInPath(): string;
  /** Ends every event stream and sign-in. */
  close(): void;
}

/** What the sessions' views are read with, from the console's options. */
function viewSettings(options: ApprovalConsoleOptions): ConsoleViewSettings {
  return {
    ...(options.now && { now: options.now }),
    ...(options.heldCallTtlMs !== undefined && { heldCallTtlMs: options.heldCallTtlMs }),
    ...(options.toolKinds !== undefined && { toolKinds: options.toolKinds }),
  };
}

/**
 * Creates the console of a governance service. It listens to the service's session events:
 * it tells every open page what changed.
 */
export function createApprovalConsole(options: ApprovalConsoleOptions): ApprovalConsole {
  const access = createConsoleAccess({
    approvalToken: options.approvalToken,
    ...(options.tokens && { tokens: options.tokens }),
    cookiePath: options.prefix || '/',
    ...(options.now && { now: options.now }),
  });
  const streams = createEventStreams({
    maxStreams: options.maxStreams ?? EVENT_STREAM_DEFAULTS.maxStreams,
    keepAliveMs: options.keepAliveMs ?? EVENT_STREAM_DEFAULTS.keepAliveMs,
    isLive: access.isLive,
  });
  const unsubscribe = options.events.subscribe((event) => streams.broadcast(event));
  const parts: ConsoleParts = {
    access,
    asset: createConsoleAssets(options.assetDir),
    streams,
    sessions: options.sessions,
    chart: statechartGraph(lifecycleMachine.root),
    view: viewSettings(options),
    ...(options.containment && { containment: options.containment }),
  };
  const route = createRouter(CONSOLE_ROUTES, options.prefix);

  return {
    async serve(req, res, pathname) {
      const { prefix } = options;
      if (prefix !== '' && pathname === prefix) {
        // the page's relative links need the trailing slash
        res.writeHead(308, { Location: `${prefix}/`, 'Content-Length': 0 }).end();
        return true;
      }
      if (!pathname.startsWith(prefix) || !isConsolePath(pathname.slice(prefix.length))) return false;
      const method = req.method ?? 'GET';
      const { route: matched, params } = route(method, pathname);
      checkStateChange(method, req.headers);
      const query = new URL(req.url ?? '/', 'http://console.invalid').searchParams;
      await matched.handler({ req, res, params, query, parts });
      return true;
    },
    access,
    signInPath: () => `${options.prefix}/#sign-in=${access.issueCode()}`,
    close() {
      unsubscribe();
      streams.close();
      access.clear();
    },
  };
}
