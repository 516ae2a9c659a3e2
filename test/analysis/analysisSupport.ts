import type { AnalysisWorkerStart } from '../../src/analysis/analysisWorkerStart';
import type { RiskContext } from '../../src/risk/riskContext';

export const MEGABYTE = 1024 * 1024;

/** One of the bench's hostile shapes: a 1 MB pipeline of one unknown program, about a second of analysis. */
export const MEGABYTE_PIPELINE = `${'x|'.repeat(MEGABYTE / 2 - 1)}x`;

/** A worker of the fixtures that fails as `fails` says once given work. */
export function failingWorker(fails: 'exit' | 'throw' | 'garbage' | 'wrong-id'): AnalysisWorkerStart {
  return { file: new URL('./fixtures/failingWorker.mjs', import.meta.url), workerData: { fails } };
}

/** A worker of the fixtures that throws while it loads. */
export const BROKEN_WORKER: AnalysisWorkerStart = { file: new URL('./fixtures/brokenWorker.mjs', import.meta.url) };

/** A risk context over `root` with the built-in catalog. */
export function riskContextOf(root: string): RiskContext {
  return { workspaceRoot: root, sandboxRoot: root, toolKinds: {}, controlPaths: [`${root}/.orchestration`] };
}
