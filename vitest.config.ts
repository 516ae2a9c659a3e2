import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// The tests in layers, one vitest project each, so a failure names its layer (docs/testing.md).
// Every budget is a count (cases, commands, sessions); the timeouts here are backstops sized for
// a loaded 2-core machine, never the measure of a test: a test that would pass given more time
// must not fail for lack of it, and one that hangs still ends.

/** Files that replace modules or globals (vi.mock, vi.spyOn...): each gets a module graph of its own. */
const MOCKING = [
  'test/trace/traceFsync.test.ts',
  'test/trace/traceLostWrite.test.ts',
  'test/server/serviceLog.test.ts',
  'test/integrations/aiSdk/offlineExample.test.ts',
  'test/integrations/openaiAgents/offlineExample.test.ts',
  'test/server/servicePeersMissing.test.ts',
];
/** Properties, corpora, model-based and differential suites: fixed case counts, much CPU. */
const WORK = [
  'test/**/*.property.test.ts',
  'test/properties*.test.ts',
  'test/corpus/**/*.test.ts',
  'test/machines/**/*.test.ts',
  'test/differential/**/*.test.ts',
  'test/friction/**/*.test.ts',
];
/** The real agent CLIs (Claude Code, Codex, Gemini CLI) driven against a scripted model server. */
const AGENTS = ['test/hooks/agents/*.e2e.test.ts', 'test/hooks/install/*.e2e.test.ts'];
/** A real browser (Debian's chromium) against the console. */
const BROWSER = ['test/**/*.browser.test.ts'];
/** Real processes the suite starts and waits on: the CLI, the service, MCP servers, redis-server, inspected scripts, trace writers. */
const PROCESSES = [
  'test/cli/**/*.test.ts',
  'test/inspect/**/*.test.ts',
  'test/server/serve.test.ts',
  'test/server/redisInstances.test.ts',
  'test/sessions/redisSessionStore.test.ts',
  'test/sessions/fileSessionsConcurrency.test.ts',
  'test/integrations/mcpProxy/mcpProxyStdio.test.ts',
  'test/trace/traceRotation.processes.test.ts',
  'test/trace/traceRotation.governors.test.ts',
  'test/containment/**/*.test.ts',
  'test/scripts/testUnderLoad.test.ts',
  'test/server/serveCredentials.test.ts',
  'test/server/redisDeadline.test.ts',
  'test/server/agentPreset.test.ts',
  'test/server/hookRouteAuthority.test.ts',
  'test/sessions/redisDeadline.test.ts',
  'test/server/redisTampering.test.ts',
  'test/security/**/*.test.ts',
];
/** The analysis timed against itself (n against 4n), in CPU time with a single-threaded collector. */
const TIMING = ['test/shell/performance.test.ts'];

/** Backstops, not budgets: long enough for a machine running two other CPU-bound jobs. */
const UNIT_BACKSTOP_MS = 120_000;
const HEAVY_BACKSTOP_MS = 300_000;

/**
 * The order the layers' groups run in. The work-heavy layers come after the others, so CI can run
 * them, and only them, beside CPU-bound processes (INTENTGATE_TEST_BURNERS,
 * test/support/loadBesideReporter.ts); the timing layer comes last, alone.
 */
const FIRST = 0;
const WORK_HEAVY = 1;
const ALONE = 2;

function layer(
  name: string,
  include: readonly string[],
  groupOrder: number,
  backstopMs: number,
  test: TestProjectInlineConfiguration['test'] = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include: [...include],
      sequence: { groupOrder },
      testTimeout: backstopMs,
      hookTimeout: backstopMs,
      ...test,
    },
  };
}

export default defineConfig({
  test: {
    globalSetup: ['test/support/globalSetup.ts'],
    // the run's duration and slowest file; CPU-bound processes beside the work-heavy layers when asked
    reporters: ['default', './test/support/durationReporter.ts', './test/support/loadBesideReporter.ts'],
    // full case names in table tests instead of 40-character stubs
    chaiConfig: { truncateThreshold: 0 },
    // one test file per core: vitest's default leaves one core idle, which on two cores runs the
    // files one at a time, and the end-to-end files spend much of their time waiting on the
    // agent CLIs, browser and servers they drive
    maxWorkers: availableParallelism(),
    projects: [
      // the in-process tests share a worker's modules across files: importing the sources
      // afresh for each of 170 files took more time than their tests
      layer('unit', ['test/**/*.test.ts'], FIRST, UNIT_BACKSTOP_MS, {
        exclude: [...configDefaults.exclude, ...MOCKING, ...WORK, ...AGENTS, ...BROWSER, ...PROCESSES, ...TIMING],
        isolate: false,
      }),
      layer('mocking', MOCKING, FIRST, UNIT_BACKSTOP_MS),
      layer('processes', PROCESSES, FIRST, HEAVY_BACKSTOP_MS),
      layer('work', WORK, WORK_HEAVY, HEAVY_BACKSTOP_MS),
      layer('agents', AGENTS, WORK_HEAVY, HEAVY_BACKSTOP_MS),
      layer('browser', BROWSER, WORK_HEAVY, HEAVY_BACKSTOP_MS),
      layer('timing', TIMING, ALONE, HEAVY_BACKSTOP_MS, { execArgv: ['--single-threaded-gc'] }),
    ],
  },
});
