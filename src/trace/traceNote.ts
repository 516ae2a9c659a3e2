import type { Decision } from '../decision/decision';
import type { ToolKindSpec } from '../tools/toolKinds';
import { redactArguments } from './redactArguments';
import { openTraceFile, type TraceFileOptions } from './traceFile';
import { traceRecordOf, type TraceRecord, type TraceSink } from './traceRecord';

/** A decision a route makes about a session without its governor deciding a call: a report, a refused retry, a tampered record. */
export interface TraceNote {
  readonly sessionId: string;
  readonly decision: Decision;
  /** the call's arguments, redacted as the governor's records are */
  readonly args?: unknown;
  /** the held question the note is about */
  readonly approvalId?: string | undefined;
  /** the note was made without reading the session's governor: its record names no lifecycle state */
  readonly withoutState?: true;
}

/** Where a route's notes go: the trace its sessions' governors write, as their options name it. */
export interface TraceNoteTarget {
  readonly trace: string | TraceSink;
  readonly traceFile?: TraceFileOptions | undefined;
  readonly toolKinds?: Readonly<Record<string, ToolKindSpec>> | undefined;
}

/** Writes one note; false with why when the trace cannot be written (the note's answer stands). */
export type TraceNoteWriter = (
  note: TraceNote,
) => { readonly ok: true } | { readonly ok: false; readonly problem: string };

/**
 * A writer of notes to a governors' trace: each note is one record in the trace's format,
 * appended to the same file (another writer may only add to it, so the governors' own watch of
 * the file is not disturbed) or handed to the host's sink.
 */
export function traceNoteWriter(target: TraceNoteTarget): TraceNoteWriter {
  return (note) => {
    try {
      const redaction =
        note.args === undefined
          ? undefined
          : redactArguments(note.decision.tool, note.args, {
              ...(target.toolKinds && { toolKinds: target.toolKinds }),
            });
      const full = traceRecordOf(note.decision, note.sessionId, new Date(), {
        args: redaction?.args,
        redacted: redaction?.redacted,
        approvalId: note.approvalId,
      });
      const { state: _unread, ...stateless } = full;
      const record: TraceRecord = note.withoutState === true ? stateless : full;
      if (typeof target.trace === 'function') target.trace(record);
      else openTraceFile(target.trace, target.traceFile).append(record);
      return { ok: true };
    } catch (error) {
      return { ok: false, problem: error instanceof Error ? error.message : String(error) };
    }
  };
}
