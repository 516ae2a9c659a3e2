import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { describeValue } from '../text/describeValue';
import type { TraceAnswer } from '../trace/traceRecord';
import type { TracedCall } from './decisionTrace';

/** Who gave an answer or an approval, as the host knows it (the service: the name of the approval token used). */
export interface ApprovedBy {
  /** a name of 1 to 128 printable characters */
  readonly approver?: string | undefined;
}

/** The longest approver name the trace keeps. */
export const MAX_APPROVER_LENGTH = 128;

/** The approver named in `by`, checked; undefined when none is named. */
export function approverOf(method: string, by: unknown): string | undefined {
  if (by === undefined) return undefined;
  if (typeof by !== 'object' || by === null)
    throw new InvalidArgumentError(`${method}: the last argument must be { approver }, got ${describeValue(by)}`);
  const approver: unknown = Reflect.get(by, 'approver');
  if (approver === undefined) return undefined;
  if (
    typeof approver !== 'string' ||
    approver.length === 0 ||
    approver.length > MAX_APPROVER_LENGTH ||
    !/^[\x20-\x7e\u00a0-\uffff]+$/.test(approver)
  ) {
    throw new InvalidArgumentError(
      `${method}: the approver must be a name of 1 to ${MAX_APPROVER_LENGTH} printable characters, ` +
        `got ${describeValue(approver)}; pass { approver: 'alice' } or nothing`,
    );
  }
  return approver;
}

/** How the trace names an answer: a held call's buttons, or accept and reject for a held control-file change; 'details' decides nothing. */
function traceAnswerOf(answer: unknown, isControlFileChange: boolean): TraceAnswer | undefined {
  if (answer === 'continue') return isControlFileChange ? 'accept' : 'continue';
  if (answer === 'cancel') return isControlFileChange ? 'reject' : 'cancel';
  return typeof answer === 'object' && answer !== null && 'edit' in answer ? 'edit' : undefined;
}

/** What the trace records of the decisions a human's answer makes: the answer, the approver and the question answered. */
export function answeredCall(
  approvalId: string,
  answer: unknown,
  approver: string | undefined,
  isControlFileChange: boolean,
): TracedCall {
  const traced = traceAnswerOf(answer, isControlFileChange);
  return { approvalId, ...(traced !== undefined && { answer: traced }), ...(approver !== undefined && { approver }) };
}
