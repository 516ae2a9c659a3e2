import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_POOL_DEFAULTS } from '../../src/analysis/analysisPool';
import { InvalidOptionsError } from '../../src/errors/InvalidOptionsError';
import { registerHookAdapter } from '../../src/hooks/hookAdapters';
import { parseServerOptions } from '../../src/server/serverOptions';
import { RISK_CATEGORIES } from '../../src/categories/riskCategories';
import { MEGABYTE_PIPELINE } from '../analysis/analysisSupport';
import { testHookAdapter } from '../hooks/testHookAdapter';
import { post, request, startService, type RunningService } from './serviceHarness';

// The service analyses shell commands on worker threads, within a time budget: a hostile
// command keeps no other session waiting, and one past the budget is refused.

const MIB = 1024 * 1024;
const SLOW = 120_000;
const services: RunningService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map(({ service }) => service.close()));
});

async function serviceWith(
  options: { analysisBudgetMs?: number; analysisWorkers?: number } = {},
): Promise<RunningService> {
  const running = await startService({ maxBodyBytes: 2 * MIB, ...options });
  services.push(running);
  return running;
}

/** Starts a session and takes it to ACTION under INT-001 (`src/**`). */
async function sessionInAction(url: string, id: string): Promise<void> {
  await post(`${url}/sessions/${id}/prompt`, { text: 'work' });
  await post(`${url}/sessions/${id}/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
}

const runCommand = (url: string, id: string, command: string) =>
  post(`${url}/sessions/${id}/tool-calls`, { tool: 'execute_command', args: { command } });

/** How long one read in `id` takes to be answered, in ms. */
async function readLatency(url: string, id: string): Promise<number> {
  const start = performance.now();
  const reply = await post(`${url}/sessions/${id}/tool-calls`, { tool: 'read_file', args: { path: 'src/a.ts' } });
  expect(reply.json.code).toBe('safe_tool');
  return performance.now() - start;
}

describe('shell analysis off the event loop', () => {
  it(
    'answers reads in another session while a 1 MB command is analysed, before its analysis ends',
    async () => {
      const { url, service } = await serviceWith({ analysisBudgetMs: SLOW, analysisWorkers: 1 });
      await sessionInAction(url, 'hostile');
      await sessionInAction(url, 'reader');
      // the worker loads on the first command, which is not what is measured
      expect((await runCommand(url, 'hostile', 'ls')).status).toBe(200);
      let finished = false;
      const hostile = runCommand(url, 'hostile', MEGABYTE_PIPELINE).then((reply) => {
        finished = true;
        return reply;
      });
      // the 1 MB body is sent and its analysis has begun on the worker
      await new Promise((resolve) => setTimeout(resolve, 150));
      const latencies: number[] = [];
      for (let read = 0; read < 5; read += 1) latencies.push(await readLatency(url, 'reader'));
      const readsEndedFirst = !finished;
      const decided = await hostile;
      // analysed whole on the worker: the pipeline's one category, not the nine of a refusal
      // the order is the assertion: an analysis on the event loop would answer the reads only after it ended
      expect({
        readsEndedFirst,
        reads: latencies.length,
        categories: decided.json.categories,
        threads: service.analysis.threads,
      }).toEqual({
        readsEndedFirst: true,
        reads: 5,
        categories: ['EXEC_ARBITRARY'],
        threads: 1,
      });
    },
    SLOW,
  );

  it(
    'refuses a command whose analysis runs past the budget, traces it, and decides the next one as before',
    async () => {
      const { url, workspace } = await serviceWith({ analysisBudgetMs: 50 });
      await sessionInAction(url, 's1');
      const refused = await runCommand(url, 's1', MEGABYTE_PIPELINE);
      expect({
        status: refused.status,
        code: refused.json.code,
        verdict: refused.json.verdict,
        categories: refused.json.categories,
      }).toEqual({
        status: 200,
        code: 'analysis_over_budget',
        verdict: 'deny',
        categories: [...RISK_CATEGORIES],
      });
      expect(refused.json.reason).toContain('it ran past the 50 ms budget and was stopped');
      const trace = readFileSync(path.join(workspace, '.orchestration', 'agent_trace.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { reasons: { code: string }[] });
      expect(trace.at(-1)?.reasons[0]?.code).toBe('analysis_over_budget');
      expect((await runCommand(url, 's1', 'ls src')).json).toMatchObject({
        code: 'needs_approval',
        categories: ['EXEC_ARBITRARY'],
      });
    },
    SLOW,
  );

  it(
    'refuses a command past the budget on the query route too',
    async () => {
      const { url } = await serviceWith({ analysisBudgetMs: 50 });
      await sessionInAction(url, 's1');
      const decided = await post(`${url}/sessions/s1/decide`, {
        tool: 'execute_command',
        args: { command: MEGABYTE_PIPELINE },
      });
      expect({ code: decided.json.code, verdict: decided.json.verdict }).toEqual({
        code: 'analysis_over_budget',
        verdict: 'deny',
      });
    },
    SLOW,
  );

  it(
    'terminates its worker threads when closed',
    async () => {
      const { url, service } = await serviceWith();
      await sessionInAction(url, 's1');
      await runCommand(url, 's1', 'ls');
      const before = service.analysis.threads;
      await service.close();
      expect({ before, after: service.analysis.threads }).toEqual({ before: 1, after: 0 });
    },
    SLOW,
  );
});

describe('shell analysis of agent hooks', () => {
  let unregister: () => void = () => undefined;
  beforeAll(() => {
    unregister = registerHookAdapter(testHookAdapter);
  });
  afterAll(() => unregister());

  it(
    'denies a hook call whose command runs past the budget',
    async () => {
      const { url } = await serviceWith({ analysisBudgetMs: 50 });
      const hook = (body: object) => request(`${url}/hooks/test-agent`, { body: { session: 'agent-1', ...body } });
      await hook({ event: 'prompt', prompt: 'work' });
      await hook({ event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
      const answer = await hook({ event: 'pre', tool: 'execute_command', args: { command: MEGABYTE_PIPELINE } });
      expect({ answer: answer.json.answer, code: answer.json.code }).toEqual({
        answer: 'deny',
        code: 'analysis_over_budget',
      });
      expect((await hook({ event: 'pre', tool: 'execute_command', args: { command: 'ls src' } })).json).toMatchObject({
        answer: 'ask',
        code: 'needs_approval',
      });
    },
    SLOW,
  );
});

describe('the analysis options', () => {
  it('default to a worker per core but one, at most two, a two-second budget and 64 waiting', () => {
    expect(parseServerOptions(undefined, {}).analysis).toEqual({
      size: ANALYSIS_POOL_DEFAULTS.size,
      budgetMs: 2000,
      maxQueued: 64,
    });
    expect([1, 2]).toContain(ANALYSIS_POOL_DEFAULTS.size);
  });

  it.each([
    { name: 'no workers', options: { analysisWorkers: 0 }, issue: /^analysisWorkers: / },
    { name: 'a fraction of a worker', options: { analysisWorkers: 1.5 }, issue: /^analysisWorkers: / },
    { name: 'no budget', options: { analysisBudgetMs: 0 }, issue: /^analysisBudgetMs: / },
    { name: 'a budget over ten minutes', options: { analysisBudgetMs: 600_001 }, issue: /^analysisBudgetMs: / },
    { name: 'no room to wait', options: { analysisQueue: 0 }, issue: /^analysisQueue: / },
  ])('refuses $name', ({ options, issue }) => {
    let issues: readonly string[] = [];
    try {
      parseServerOptions(options, {});
    } catch (error) {
      if (error instanceof InvalidOptionsError) issues = error.issues;
    }
    expect(issues).toEqual([expect.stringMatching(issue)]);
  });
});
