// The entry of an analysis worker thread: answers each work the pool sends with its analysis.
import { parentPort } from 'node:worker_threads';
import { analyseShellWork } from './analyseShellWork';
import { ANALYSIS_READY, type AnalysisReply } from './analysisMessages';

const port = parentPort;
if (port === null) throw new Error('the analysis worker runs as a worker thread of an analysis pool');

port.on('message', (message: unknown) => {
  const id: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'id') : undefined;
  const input: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'input') : undefined;
  const reply: AnalysisReply = { type: 'answer', id: typeof id === 'number' ? id : -1, answer: analyseShellWork(input) };
  port.postMessage(reply);
});
port.postMessage({ type: ANALYSIS_READY } satisfies AnalysisReply);
