import { parseGovernorOptions, type GovernorOptions } from '../governor/governorOptions';
import { traceNoteWriter, type TraceNoteWriter } from '../trace/traceNote';

/**
 * What a hook route reads of the options its sessions' governors are made with: how long a
 * human's Cancel refuses the identical retry (the policy's `heldCallTtlMs`), and the trace its
 * own notes go to (a report no credential vouches for, a refused retry, a tampered record).
 */
export interface HookGovernorSettings {
  readonly heldCallTtlMs: number;
  readonly traceNote: TraceNoteWriter;
}

/** The settings of governors made with `options`, paths read from `cwd` as the governors read them. */
export function hookGovernorSettings(options: GovernorOptions, cwd: string): HookGovernorSettings {
  const config = parseGovernorOptions(options, cwd);
  return {
    heldCallTtlMs: config.heldCallTtlMs,
    traceNote: traceNoteWriter({ trace: config.trace, traceFile: config.traceFile, toolKinds: config.toolKinds }),
  };
}
