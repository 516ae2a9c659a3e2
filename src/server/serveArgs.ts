import { parseArgs } from 'node:util';
import { DEFAULT_HOST, DEFAULT_PORT } from './createGovernanceServer';

/** What `npm start` was asked for. */
export interface ServeArgs {
  readonly port: number;
  readonly host: string;
  readonly prefix: string;
  /** the governed folder as given, relative to the current directory; undefined for the current directory */
  readonly workspace?: string;
  /** no JSON log lines on stderr */
  readonly quiet: boolean;
  readonly help: boolean;
}

/** The parsed arguments, or the problem to print with the usage (exit 2). */
export type ServeArgsResult =
  { readonly ok: true; readonly args: ServeArgs } | { readonly ok: false; readonly problem: string };

/** The usage text of scripts/serve.ts. */
export const SERVE_USAGE = `usage: npm start -- [--port N] [--host H] [--prefix /path] [--workspace DIR] [--quiet]
  --port N          port to listen on, 0 for any free one (default: $PORT, else ${DEFAULT_PORT})
  --host H          address to listen on (default ${DEFAULT_HOST})
  --prefix /p       path prefix of every route, like /slavik (default none)
  --workspace DIR   the governed folder, with its .orchestration/ (default the current directory)
  --quiet           no JSON log lines on stderr
  -h, --help        show this text
The approval token is $INTENTGATE_APPROVAL_TOKEN, else a random one printed at startup.`;

function parsePort(text: string, source: string): number | string {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  return Number.isInteger(port) && port <= 65535 ? port : `${source} must be an integer from 0 to 65535, got '${text}'`;
}

/** Parses `--port`, `--host`, `--prefix`, `--workspace`, `--quiet` and `--help`; `PORT` from the environment is the port's fallback. */
export function parseServeArgs(argv: readonly string[], env: NodeJS.ProcessEnv): ServeArgsResult {
  let values: { port?: string; host?: string; prefix?: string; workspace?: string; quiet?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        prefix: { type: 'string' },
        workspace: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
  const portText = values.port ?? (env.PORT === undefined || env.PORT === '' ? undefined : env.PORT);
  const port =
    portText === undefined ? DEFAULT_PORT : parsePort(portText, values.port === undefined ? 'PORT' : '--port');
  if (typeof port === 'string') return { ok: false, problem: port };
  if (values.host === '') return { ok: false, problem: '--host must not be empty' };
  return {
    ok: true,
    args: {
      port,
      host: values.host ?? DEFAULT_HOST,
      prefix: values.prefix ?? '',
      ...(values.workspace !== undefined && { workspace: values.workspace }),
      quiet: values.quiet ?? false,
      help: values.help ?? false,
    },
  };
}
