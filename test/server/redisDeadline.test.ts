import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServerOptions, STORE_TIMEOUT_ENV } from '../../src/server/serverOptions';
import { cli } from '../cli/cliHarness';
import { approveWithToken } from '../cli/serveHarness';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { startServe, type InProcessServe } from './inProcessServe';

// Issue 33, finding 5, through the real routes: `intentgate serve --store redis://...`, Claude
// Code's hook process posting to it, and the approval route, while the service's redis-server is
// stopped (SIGSTOP) and after it resumes (SIGCONT).

const TOKEN = 'redis-deadline-token-0123456789abcdef';
const DEADLINE_MS = 3000;
// a backstop, not a measure: the 30 s a hung Redis cost before is far outside it
const BACKSTOP_MS = 20_000;

let redis: RedisServer;
let root = '';
let url = '';
let paused = false;
let service: InProcessServe | undefined;

const pause = (): void => {
  process.kill(redis.pid, 'SIGSTOP');
  paused = true;
};
const resume = (): void => {
  if (paused) process.kill(redis.pid, 'SIGCONT');
  paused = false;
};

/** One Claude Code event through `intentgate hook claude-code --server`; its decision and reason, and how long it took. */
async function hookEvent(
  session: string,
  name: string,
  fields: Record<string, unknown>,
): Promise<{ decision: string | undefined; reason: string; ms: number }> {
  const transcript = `/home/dev/.claude/projects/${root.replace(/[^A-Za-z0-9]/g, '-')}/${session}.jsonl`;
  const event = {
    session_id: session,
    transcript_path: transcript,
    cwd: root,
    permission_mode: 'default',
    hook_event_name: name,
    ...fields,
  };
  const started = Date.now();
  const run = await cli(['hook', 'claude-code', '--server', url], { stdin: JSON.stringify(event) });
  const ms = Date.now() - started;
  if (run.stdout.trim() === '') return { decision: undefined, reason: '', ms };
  const output = JSON.parse(run.stdout) as {
    hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
  };
  return {
    decision: output.hookSpecificOutput?.permissionDecision,
    reason: output.hookSpecificOutput?.permissionDecisionReason ?? '',
    ms,
  };
}

async function timedFetch(route: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started };
}

async function approvedCategories(session: string): Promise<readonly string[]> {
  const response = await fetch(`${url}/sessions/${session}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await response.json()) as { approved_categories: string[] }).approved_categories;
}

describe.skipIf(REDIS_SKIP_REASON !== undefined)('intentgate serve on a Redis that stops answering', () => {
  beforeAll(async () => {
    redis = await startRedis();
    root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    // a deadline above the default, so the calls before the pause get their answers on a busy
    // machine; createGovernanceServer reads it from this process's environment, once, at start
    process.env[STORE_TIMEOUT_ENV] = String(DEADLINE_MS);
    try {
      service = await startServe(
        ['--port', '0', '--host', '127.0.0.1', '--quiet', '--store', redis.url, '--deployment', 'deadline'],
        root,
        { INTENTGATE_APPROVAL_TOKEN: TOKEN },
      );
    } finally {
      delete process.env[STORE_TIMEOUT_ENV];
    }
    url = service.url;
  }, 180_000);
  afterAll(async () => {
    resume();
    if (service) expect(await service.stop()).toBe(0);
    await redis?.stop();
  });

  it("denies the agent's call, refuses the approval and answers /healthz 503 within the deadline, and applies nothing after Redis resumes", async () => {
    await hookEvent('agent-1', 'UserPromptSubmit', { prompt: 'add login' });
    const selected = await hookEvent('agent-1', 'PreToolUse', {
      tool_name: 'mcp__intentgate__select_active_intent',
      tool_input: { intent_id: 'INT-001' },
      tool_use_id: 't0',
    });
    // the hook allows the handshake itself, so Claude Code does not ask about it too
    expect(selected.decision).toBe('allow');
    expect(await approvedCategories('agent-1')).toEqual([]);

    pause();
    try {
      const [call, approval, health] = await Promise.all([
        hookEvent('agent-1', 'PreToolUse', {
          tool_name: 'Write',
          tool_input: { file_path: path.join(root, 'src/auth/a.ts'), content: 'x' },
          tool_use_id: 't1',
        }),
        (async () => {
          const started = Date.now();
          return { status: await approveWithToken(url, TOKEN, 'agent-1', ['NETWORK_RISK']), ms: Date.now() - started };
        })(),
        timedFetch('/healthz'),
      ]);
      expect({
        decision: call.decision,
        unavailable: call.reason.includes('session_store_unavailable') || call.reason.includes('Redis'),
      }).toEqual({ decision: 'deny', unavailable: true });
      expect(approval.status).toBe(503);
      expect(health.status).toBe(503);
      for (const ms of [call.ms, approval.ms, health.ms]) expect(ms).toBeLessThan(BACKSTOP_MS);
    } finally {
      resume();
    }
    let healthy = false;
    for (let attempt = 0; attempt < 200 && !healthy; attempt += 1) {
      healthy = (await timedFetch('/healthz')).status === 200;
      if (!healthy) await sleep(50);
    }
    expect(healthy).toBe(true);
    // the approval whose caller was answered 503 is never applied later
    expect(await approvedCategories('agent-1')).toEqual([]);
  });
});

describe('the deadline of a Redis store', () => {
  const redisOptions = { store: 'redis://127.0.0.1:6379', deployment: 'd', approvalToken: TOKEN };
  it('is the option, else the environment, else the store default', () => {
    expect(parseServerOptions({ ...redisOptions, storeTimeoutMs: 250 }, { [STORE_TIMEOUT_ENV]: '900' }).store).toEqual({
      kind: 'redis',
      url: redisOptions.store,
      deployment: 'd',
      recordKeyToken: TOKEN,
      timeoutMs: 250,
    });
    expect(parseServerOptions(redisOptions, { [STORE_TIMEOUT_ENV]: '900' }).store).toEqual({
      kind: 'redis',
      url: redisOptions.store,
      deployment: 'd',
      recordKeyToken: TOKEN,
      timeoutMs: 900,
    });
    expect(parseServerOptions(redisOptions, {}).store).toEqual({
      kind: 'redis',
      url: redisOptions.store,
      deployment: 'd',
      recordKeyToken: TOKEN,
    });
  });

  it('refuses a deadline that is not a whole number of milliseconds within a minute', () => {
    expect(() => parseServerOptions(redisOptions, { [STORE_TIMEOUT_ENV]: '1.5s' })).toThrow(
      `${STORE_TIMEOUT_ENV}: a deadline is a whole number of milliseconds from 1 to 60000, got '1.5s'`,
    );
    expect(() => parseServerOptions({ ...redisOptions, storeTimeoutMs: 600_000 }, {})).toThrow('storeTimeoutMs');
  });
});
