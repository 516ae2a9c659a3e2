// The entry of an analysis worker thread: answers each work the pool sends with its analysis.
import { tmpdir } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { analyseShellWork } from './analyseShellWork';
import { ANALYSIS_READY, type AnalysisReply } from './analysisMessages';

const port = parentPort;
if (port === null) throw new Error('the analysis worker runs as a worker thread of an analysis pool');

port.on('message', (message: unknown) => {
  const id: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'id') : undefined;
  const input: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'input') : undefined;
  const reply: AnalysisReply = {
    type: 'answer',
    id: typeof id === 'number' ? id : -1,
    answer: analyseShellWork(input),
  };
  port.postMessage(reply);
});
// one analysis before the worker says it is ready, outside any work's budget: a fresh worker's
// first analysis otherwise loads the program specs and runs cold code, which on a busy machine
// took a short command past a tight budget
analyseShellWork({
  command: 'cd src && git status && ls -la | grep x',
  workspaceRoot: tmpdir(),
  sandboxRoot: tmpdir(),
  controlPaths: [],
});
port.postMessage({ type: ANALYSIS_READY } satisfies AnalysisReply);
