// Heap per live governor, measured in a process of its own so nothing else the bench made is
// counted: `node --expose-gc scripts/benchHeapChild.mjs MODULE WORKSPACE` prints one JSON line.
// MODULE is the built library (dist/index.js) or, under `--import tsx`, the sources.
import { pathToFileURL } from 'node:url';

const GOVERNORS = 10_000;
const WARM_UP = 200;
const INTENTS = [
  { id: 'INT-001', name: 'JWT authentication', owned_scope: ['src/auth/**', 'tests/auth/**'] },
  { id: 'INT-002', name: 'API documentation', owned_scope: ['docs/**'] },
];

const [moduleFile, workspaceRoot] = process.argv.slice(2);
const { createGovernor } = await import(pathToFileURL(moduleFile).href);
const gc = globalThis.gc;
if (typeof gc !== 'function') throw new Error('run with node --expose-gc');

// traced to a function, as a host that keeps one governor per session does: one trace file would see every governor's appends
const noTrace = () => {};

/** A prompt, the intent selected, a write in scope, and a push held for a human. */
function work(governor) {
  governor.userPrompt('add login');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  governor.handleToolCall('write_to_file', { path: 'src/auth/jwt.ts', content: 'x' });
  const held = governor.handleToolCall('execute_command', { command: 'git push origin main' });
  if (held.code !== 'needs_approval') throw new Error(`bench setup: expected the push to be held, got ${held.code}`);
}

function measure(make) {
  for (let i = 0; i < WARM_UP; i++) make().stop();
  let governors = [];
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  for (let i = 0; i < GOVERNORS; i++) governors.push(make());
  const ns = Number(process.hrtime.bigint() - start) / GOVERNORS;
  gc();
  gc();
  const bytes = (process.memoryUsage().heapUsed - before) / governors.length;
  // let the next measure start from an empty heap
  governors = [];
  gc();
  return { bytes, ns };
}

const fresh = measure(() => createGovernor({ workspaceRoot, intents: INTENTS }));
const worked = measure(() => {
  const governor = createGovernor({ workspaceRoot, intents: INTENTS, trace: noTrace });
  work(governor);
  return governor;
});
console.log(
  JSON.stringify({
    governors: GOVERNORS,
    freshBytes: fresh.bytes,
    workedBytes: worked.bytes,
    createNs: fresh.ns,
    workNs: worked.ns,
  }),
);
