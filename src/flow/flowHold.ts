import type { FlowHoldCode } from '../decision/reasons';
import type { FlowKind, FlowMarks, FlowSource } from './flowMarks';
import type { FlowSink } from './flowSinks';

/** A call the flow rules hold: the code, the mark it is held for, and the sentence naming the source and the sink. */
export interface FlowHold {
  readonly code: FlowHoldCode;
  readonly kind: FlowKind;
  readonly source: FlowSource;
  /** `this session read .env at call 12 (read_file); this call sends to collector.example` */
  readonly problem: string;
}

// bounded: the sentence is kept with a held call in snapshots, whose fields have limits
const MAX_PART = 256;
const clip = (text: string): string => (text.length <= MAX_PART ? text : `${text.slice(0, MAX_PART - 1)}…`);

const sourceText = (source: FlowSource, what: string): string =>
  `this session read ${clip(what)} at call ${source.call} (${clip(source.tool)})`;

/**
 * The flow rules, checked after the per-call decision let a call run: after a secret read, a
 * call that sends data out is held; after untrusted content, a write of code that runs or
 * steers an agent is held. The secret rule comes first: a leak cannot be undone.
 */
export function flowHoldOf(marks: FlowMarks, sinks: readonly FlowSink[]): FlowHold | undefined {
  const { secret, untrusted } = marks;
  const egress = sinks.find((sink) => sink.kind === 'egress');
  if (secret !== undefined && egress?.kind === 'egress')
    return {
      code: 'flow_secret_to_egress',
      kind: 'secret',
      source: secret,
      problem: `${sourceText(secret, secret.what)}; this call sends to ${clip(egress.to)}`,
    };
  const code = sinks.find((sink) => sink.kind === 'code');
  if (untrusted !== undefined && code?.kind === 'code')
    return {
      code: 'flow_untrusted_to_code',
      kind: 'untrusted',
      source: untrusted,
      problem: `${sourceText(untrusted, `untrusted content from ${untrusted.what}`)}; this call writes ${clip(code.path)}, which runs code or steers an agent`,
    };
  return undefined;
}
