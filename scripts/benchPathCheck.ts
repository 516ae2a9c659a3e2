// The path check of a decision against the work it cannot avoid: the real location of the path
// (realpath of its nearest existing ancestor), its place below the workspace and one glob match.
// Used by scripts/bench.ts on the built package; run alone with `npx tsx scripts/benchPathCheck.ts`
// (the built package when dist/ exists, else the sources).
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import picomatch from 'picomatch';
import { createHarness, percentile, type Pair } from './benchHarness';
import { COMMAND_CLASSIFICATION } from './benchSeedBaseline';
import { BUILT_LIBRARY, loadBuiltLibrary, loadSources, type IntentgateLibrary } from './benchLibrary';
import type { Governor, Intent } from '../src/index';

/** The highest acceptable ratio of the governor's decision to the plain check. */
export const PATH_CHECK_TARGET = 2.5;

const INTENTS: Intent[] = [
  { id: 'INT-001', name: 'JWT authentication', owned_scope: ['src/auth/**', 'tests/auth/**'] },
  { id: 'INT-002', name: 'API documentation', owned_scope: ['docs/**'] },
];

interface ScopedCall {
  readonly tool: string;
  readonly args: { readonly path: string; readonly content?: string };
}

// an edit of a file, a new file in a folder out of scope, a read and a diff of an existing file
const SCOPED_CALLS: readonly ScopedCall[] = [
  { tool: 'write_to_file', args: { path: 'src/auth/jwt.ts', content: 'x' } },
  { tool: 'write_to_file', args: { path: 'src/billing/invoice.ts', content: 'x' } },
  { tool: 'read_file', args: { path: 'src/auth/login.ts' } },
  { tool: 'apply_diff', args: { path: 'tests/auth/jwt.test.ts' } },
];
const SCOPED_MASK = SCOPED_CALLS.length - 1;

// the files the calls name exist, as they would in a project, except the one a write creates
const EXISTING_FILES = ['src/auth/jwt.ts', 'src/auth/login.ts', 'tests/auth/jwt.test.ts'] as const;
const EXISTING_FOLDERS = ['.orchestration', 'src/billing'] as const;

/** A workspace holding the files the calls name; the caller removes it. */
export function createPathCheckWorkspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-bench-path-'));
  for (const folder of EXISTING_FOLDERS) mkdirSync(path.join(root, folder), { recursive: true });
  for (const file of EXISTING_FILES) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), 'export {};\n');
  }
  return root;
}

/** The real location of the nearest existing ancestor, with the rest appended: what any careful check must learn. */
function realLocation(absolute: string): string {
  let ancestor = absolute;
  // existsSync reports a missing path without building an error, the cheapest walk up
  while (!existsSync(ancestor)) {
    const parent = path.dirname(ancestor);
    if (parent === ancestor) return absolute;
    ancestor = parent;
  }
  const real = realpathSync.native(ancestor);
  return ancestor === absolute ? real : path.join(real, path.relative(ancestor, absolute));
}

/** The plain check: the class, the real location, path.relative and one precompiled picomatch match, for every call. */
function plainPathCheck(realRoot: string, matcher: (relative: string) => boolean, call: ScopedCall): number {
  const safe = (COMMAND_CLASSIFICATION.get(call.tool) || 'DESTRUCTIVE') === 'SAFE';
  const relative = path.relative(realRoot, realLocation(path.resolve(realRoot, call.args.path)));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return 0;
  // a read still has its path matched once: against the ignore rules instead of the scope
  return matcher(relative) || safe ? 1 : relative.length;
}

function loopPlain(realRoot: string, matcher: (relative: string) => boolean, iterations: number): number {
  let acc = 0;
  for (let i = 0; i < iterations; i++)
    acc += plainPathCheck(realRoot, matcher, SCOPED_CALLS[i & SCOPED_MASK] as ScopedCall);
  return acc;
}

function loopGovernor(governor: Governor, iterations: number): number {
  let acc = 0;
  for (let i = 0; i < iterations; i++) {
    const call = SCOPED_CALLS[i & SCOPED_MASK] as ScopedCall;
    const decision = governor.isToolAllowed(call.tool, call.args);
    acc += decision.allowed ? 1 : (decision.reason?.length ?? 0);
  }
  return acc;
}

/** A governor of `library` in ACTION with INT-001 active, in `root`. */
export function actionGovernor(library: IntentgateLibrary, root: string): Governor {
  const governor = library.createGovernor({ workspaceRoot: root, intents: INTENTS });
  governor.userPrompt('benchmark');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  if (governor.state !== 'ACTION')
    throw new Error(`bench setup: expected ACTION after select_active_intent, got ${governor.state}`);
  return governor;
}

/** isToolAllowed(name, {path}) of `library` in ACTION against the plain check, in a workspace of its own (ns per call). */
export function measurePathCheck(library: IntentgateLibrary, keep: (result: number) => void): Pair {
  const root = createPathCheckWorkspace();
  try {
    const governor = actionGovernor(library, root);
    const matcher = picomatch(['src/auth/**', 'tests/auth/**'], { dot: true });
    const realRoot = realpathSync.native(root);
    const { comparePair } = createHarness(keep);
    return comparePair(
      (n) => loopGovernor(governor, n),
      (n) => loopPlain(realRoot, matcher, n),
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// run alone: several measurements, with their spread
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let sink = 0;
  const runs = Number(process.env.RUNS ?? 5);
  const built = existsSync(BUILT_LIBRARY);
  const library = built ? await loadBuiltLibrary() : await loadSources();
  console.log(
    built ? 'the built package (dist/index.js)' : 'the sources under tsx: no dist/index.js (run `npm run build`)',
  );
  const ratios: number[] = [];
  for (let run = 0; run < runs; run++) {
    const pair = measurePathCheck(library, (result) => {
      sink += result;
    });
    ratios.push(pair.value / pair.baseline);
    console.log(
      `isToolAllowed(name, {path}), ACTION: ${(pair.value / 1000).toFixed(2)} µs, plain ` +
        `${(pair.baseline / 1000).toFixed(2)} µs, ${(pair.value / pair.baseline).toFixed(2)}x`,
    );
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(
    `ratio median ${percentile(sorted, 0.5).toFixed(2)}x, min ${(sorted[0] ?? 0).toFixed(2)}x, ` +
      `max ${(sorted[runs - 1] ?? 0).toFixed(2)}x (target <= ${PATH_CHECK_TARGET}); sink ${sink}`,
  );
}
