import { IntentGateError } from './IntentGateError';

/** A trace file to audit or replay is missing or cannot be read. */
export class TraceUnreadableError extends IntentGateError {
  readonly file: string;

  constructor(file: string, problem: string, cause?: unknown) {
    super('trace_unreadable', `cannot read the trace ${file}: ${problem}`, cause === undefined ? undefined : { cause });
    this.name = 'TraceUnreadableError';
    this.file = file;
  }
}
