// A read's latency on the governance service while another session's 1 MB shell command is
// analysed, against the same read on an idle service. Used by scripts/bench.ts.
import { createGovernanceServer, type Intent } from '../src/index';
import { median } from './benchHarness';

const MEGABYTE = 1024 * 1024;
const HOSTILE = `${'x|'.repeat(MEGABYTE / 2 - 1)}x`;
const IDLE_READS = 30;

export interface ServiceLatency {
  /** median ms of a read in an idle service */
  readonly idleMs: number;
  /** median ms of the same read in another session while the 1 MB command is analysed */
  readonly busyMs: number;
  /** reads answered during the analysis */
  readonly reads: number;
  /** ms the 1 MB command took to be decided, its analysis on a worker thread */
  readonly hostileMs: number;
}

/** Measures on a service over `root` (a workspace with an orchestration folder) with one analysis worker. */
export async function measureServiceLatency(root: string, intents: readonly Intent[]): Promise<ServiceLatency> {
  const service = createGovernanceServer({
    governor: { workspaceRoot: root, intents: [...intents], trace: () => undefined },
    maxBodyBytes: 2 * MEGABYTE,
    analysisWorkers: 1,
    analysisBudgetMs: 60_000,
  });
  const { url } = await service.listen(0, '127.0.0.1');
  const post = async (route: string, body: unknown): Promise<unknown> => {
    const reply = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return reply.json();
  };
  const timedRead = async (): Promise<number> => {
    const start = performance.now();
    await post('/sessions/reader/tool-calls', { tool: 'read_file', args: { path: 'src/auth/login.ts' } });
    return performance.now() - start;
  };
  try {
    for (const id of ['reader', 'hostile']) {
      await post(`/sessions/${id}/prompt`, { text: 'benchmark' });
      await post(`/sessions/${id}/tool-calls`, { tool: 'select_active_intent', args: { intent_id: intents[0]?.id } });
    }
    // the worker loads on the first command
    await post('/sessions/hostile/tool-calls', { tool: 'execute_command', args: { command: 'ls' } });
    const idle: number[] = [];
    for (let read = 0; read < IDLE_READS; read += 1) idle.push(await timedRead());
    let done = false;
    const start = performance.now();
    const hostile = post('/sessions/hostile/tool-calls', { tool: 'execute_command', args: { command: HOSTILE } }).then(
      () => {
        done = true;
        return performance.now() - start;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const busy: number[] = [];
    while (!done) {
      const ms = await timedRead();
      if (!done) busy.push(ms);
    }
    return { idleMs: median(idle), busyMs: median(busy), reads: busy.length, hostileMs: await hostile };
  } finally {
    await service.close();
  }
}
