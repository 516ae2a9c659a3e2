import type { ShellWorkAnswer } from './analyseShellWork';
import type { ShellWorkInput } from './shellWork';

/** The first message of a worker: it has loaded and takes work. */
export const ANALYSIS_READY = 'ready';

/** What the pool sends a worker: one work, numbered. */
export interface AnalysisRequest {
  readonly id: number;
  readonly input: ShellWorkInput;
}

/** What a worker sends the pool: that it is ready, or the answer to a numbered work. */
export type AnalysisReply =
  | { readonly type: typeof ANALYSIS_READY }
  | { readonly type: 'answer'; readonly id: number; readonly answer: ShellWorkAnswer };

/** Whether a message from a worker is a reply of this protocol; the answer's risk is the worker's own code's value, not checked deeply. */
export function isAnalysisReply(message: unknown): message is AnalysisReply {
  if (typeof message !== 'object' || message === null) return false;
  const type: unknown = Reflect.get(message, 'type');
  if (type === ANALYSIS_READY) return true;
  const answer: unknown = Reflect.get(message, 'answer');
  return (
    type === 'answer' &&
    typeof Reflect.get(message, 'id') === 'number' &&
    typeof answer === 'object' &&
    answer !== null &&
    typeof Reflect.get(answer, 'ok') === 'boolean'
  );
}
