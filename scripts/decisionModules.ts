// Which source modules one decision passes through: V8's precise coverage, taken around a
// single handleToolCall after a warm-up call, lists every module with a function that ran.
// Run with `npx tsx scripts/decisionModules.ts ['git push origin main']`.
import { Session } from 'node:inspector/promises';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGovernor } from '../src/index';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

interface FunctionCoverage {
  readonly ranges: readonly { readonly count: number }[];
}

interface ScriptCoverage {
  readonly url: string;
  readonly functions: readonly FunctionCoverage[];
}

/** The project modules (under src/ or machines/) in which a function ran during the decision. */
function modulesThatRan(result: readonly ScriptCoverage[]): string[] {
  const modules = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith('file://')) continue;
    const file = fileURLToPath(script.url);
    const relative = path.relative(ROOT, file);
    if (!relative.startsWith('src/') && !relative.startsWith('machines/')) continue;
    // modules were loaded before coverage started, so a count here is a call made by the decision
    const ran = script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0);
    if (ran) modules.add(relative);
  }
  return [...modules].sort();
}

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'git push origin main';
  const workspace = mkdtempSync(path.join(tmpdir(), 'intentgate-modules-'));
  mkdirSync(path.join(workspace, '.orchestration'));
  const session = new Session();
  session.connect();
  try {
    const governor = createGovernor({
      workspaceRoot: workspace,
      intents: [{ id: 'INT-1', name: 'x', owned_scope: ['src/**'] }],
    });
    governor.userPrompt('go');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
    // a first call loads and warms every module on the path
    governor.isToolAllowed('execute_command', { command });
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    governor.isToolAllowed('execute_command', { command });
    const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
    await session.post('Profiler.stopPreciseCoverage');
    const modules = modulesThatRan(result);
    console.log(`one decision of execute_command ${JSON.stringify(command)} ran code in ${modules.length} modules:`);
    for (const module of modules) console.log(`  ${module}`);
  } finally {
    session.disconnect();
    rmSync(workspace, { recursive: true, force: true });
  }
}

await main();
