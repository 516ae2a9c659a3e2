/** What the service logs: its start and stop, each request, and what went wrong. */
export type ServiceLogEntry =
  | { readonly event: 'listening'; readonly url: string }
  | { readonly event: 'stopped' }
  /** `route` is the route's pattern (`/sessions/:id/prompt`), never the path with its ids; `status` is 'aborted' when no answer was sent */
  | {
      readonly event: 'request';
      readonly method: string;
      readonly route: string;
      readonly status: number | 'aborted';
      readonly ms: number;
    }
  /** a connection Node's HTTP parser refused or timed out; `status` is what it was answered with, if anything */
  | { readonly event: 'client_error'; readonly code: string; readonly status?: number }
  /** an error answered with 500, or one a listener threw */
  | { readonly event: 'error'; readonly name: string; readonly message: string; readonly stack?: string };

/** A logged entry with its time and level, as a JSON line carries it. */
export type ServiceLogRecord = ServiceLogEntry & { readonly time: string; readonly level: 'info' | 'warn' | 'error' };

/** Receives every log record; it must not throw (the service ignores it when it does). */
export type ServiceLogSink = (record: ServiceLogRecord) => void;

/** Where text goes: a stream or a test's buffer. */
export interface LogOutput {
  write(text: string): unknown;
}

// client errors are someone else's mistake: a warning, not the service failing
const LEVELS: Readonly<Record<ServiceLogEntry['event'], ServiceLogRecord['level']>> = {
  listening: 'info',
  stopped: 'info',
  request: 'info',
  client_error: 'warn',
  error: 'error',
};

/** The service's logger: stamps each entry and hands it to the sink; a sink that throws is ignored. */
export type ServiceLogger = (entry: ServiceLogEntry) => void;

/**
 * A logger over `sink`; without one, a logger that does nothing. The entries carry no header,
 * body, token or sign-in code: only what their types name.
 */
export function createServiceLogger(
  sink: ServiceLogSink | undefined,
  now: () => Date = () => new Date(),
): ServiceLogger {
  if (sink === undefined) return () => undefined;
  return (entry) => {
    try {
      sink({ time: now().toISOString(), level: LEVELS[entry.event], ...entry });
    } catch {
      // a failing log must not fail the request it describes
    }
  };
}

/**
 * A sink writing one JSON object per line to `output` (stderr for `intentgate serve`).
 *
 * @example
 * createGovernanceServer({ log: jsonLinesLog(process.stderr) });
 */
export function jsonLinesLog(output: LogOutput): ServiceLogSink {
  return (record) => void output.write(`${JSON.stringify(record)}\n`);
}

/** The log entry of an unexpected error: its name, message and stack, nothing of the request. */
export function errorEntry(error: unknown): ServiceLogEntry {
  if (error instanceof Error)
    return {
      event: 'error',
      name: error.name,
      message: error.message,
      ...(error.stack !== undefined && { stack: error.stack }),
    };
  return { event: 'error', name: typeof error, message: String(error) };
}
