// Starts a worker thread from TypeScript sources: Node 20 does not apply `--import tsx` given in
// a worker's execArgv to its entry, so tsx is registered here before the entry is imported.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
