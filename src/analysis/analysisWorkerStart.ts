/** Where an analysis worker starts from, and the data it starts with. */
export interface AnalysisWorkerStart {
  readonly file: URL;
  readonly workerData?: unknown;
}

/**
 * How to start an analysis worker from where this module runs: the built worker beside the
 * package's files (`.js` or `.cjs`, as this module), or from the sources (`.ts`, under tsx or
 * vitest) the worker's TypeScript through a small loader that registers tsx in the thread.
 */
export function analysisWorkerStart(): AnalysisWorkerStart {
  const here = import.meta.url;
  const bare = here.split(/[?#]/, 1)[0] ?? here;
  if (bare.endsWith('.ts'))
    return {
      file: new URL('./loadTypeScriptWorker.mjs', bare),
      workerData: { entry: new URL('./analysisWorker.ts', bare).href },
    };
  return { file: new URL(bare.endsWith('.cjs') ? './analysisWorker.cjs' : './analysisWorker.js', bare) };
}
