import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics, scrape, valueOf } from './metricsText';
import { getText, post, request, startService, TEST_TOKEN, type RunningService } from './serviceHarness';

const DECISIONS = 'intentgate_decisions_total';
const write = { tool: 'write_to_file', args: { path: 'src/app.ts', content: 'export const app = 1;\n' } };

interface DecisionReply {
  readonly verdict: string;
  readonly code: string;
  readonly approval?: { readonly id: string };
}

const decisionOf = (json: Record<string, unknown>): DecisionReply => json as unknown as DecisionReply;

describe('GET /metrics', () => {
  let running: RunningService;
  beforeAll(async () => {
    running = await startService({ governor: { trace: () => undefined } });
  });
  afterAll(() => running.service.close());

  it('serves the Prometheus text format with every family typed', async () => {
    const response = await fetch(`${running.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { types } = parseMetrics(await response.text());
    expect(Object.fromEntries(types)).toEqual({
      intentgate_decisions_total: 'counter',
      intentgate_decision_duration_seconds: 'histogram',
      intentgate_http_request_duration_seconds: 'histogram',
      intentgate_sessions: 'gauge',
      intentgate_held_calls: 'gauge',
    });
  });

  it('counts real decisions by source, verdict and code, and the held calls as they come and go', async () => {
    const { url } = running;
    const before = await scrape(url);
    await post(`${url}/sessions/M1/prompt`, { text: 'add the app' });
    const replies = [
      decisionOf((await post(`${url}/sessions/M1/tool-calls`, write)).json),
      decisionOf(
        (await post(`${url}/sessions/M1/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } }))
          .json,
      ),
      decisionOf((await post(`${url}/sessions/M1/tool-calls`, write)).json),
    ];
    expect(replies.map((reply) => reply.verdict)).toEqual(['deny', 'allow', 'ask']);
    const held = await scrape(url);
    expect(valueOf(held, 'intentgate_held_calls') - valueOf(before, 'intentgate_held_calls')).toBe(1);

    const answer = decisionOf(
      (await post(`${url}/sessions/M1/approvals/${replies[2]?.approval?.id ?? ''}`, { answer: 'continue' }, TEST_TOKEN))
        .json,
    );
    const after = await scrape(url);
    for (const reply of replies) {
      const labels = { source: 'call', verdict: reply.verdict, code: reply.code };
      expect(valueOf(after, DECISIONS, labels) - valueOf(before, DECISIONS, labels)).toBe(1);
    }
    const answered = { source: 'answer', verdict: answer.verdict, code: answer.code };
    expect(valueOf(after, DECISIONS, answered) - valueOf(before, DECISIONS, answered)).toBe(1);
    expect(
      valueOf(after, 'intentgate_decision_duration_seconds_count', { source: 'call' }) -
        valueOf(before, 'intentgate_decision_duration_seconds_count', { source: 'call' }),
    ).toBe(3);
    expect(valueOf(after, 'intentgate_held_calls')).toBe(valueOf(before, 'intentgate_held_calls'));
    expect(valueOf(after, 'intentgate_sessions')).toBe(running.service.sessions.size);
  });

  it('counts every held call of a session, not only the first', async () => {
    const { url } = running;
    const before = await scrape(url);
    await post(`${url}/sessions/M2/prompt`, { text: 'two files' });
    await post(`${url}/sessions/M2/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
    for (const file of ['src/one.ts', 'src/two.ts']) {
      expect(
        decisionOf(
          (await post(`${url}/sessions/M2/tool-calls`, { tool: 'write_to_file', args: { path: file, content: 'x' } }))
            .json,
        ).verdict,
      ).toBe('ask');
    }
    expect(valueOf(await scrape(url), 'intentgate_held_calls') - valueOf(before, 'intentgate_held_calls')).toBe(2);
  });

  it('counts the decisions of an agent hook in the same place', async () => {
    const before = await scrape(running.url);
    const event = {
      session_id: 'hook-1',
      cwd: running.workspace,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: `${running.workspace}/src/a.ts`, content: 'x' },
    };
    const reply = await request(`${running.url}/hooks/claude-code`, { body: event });
    expect(reply.status).toBe(200);
    const after = await scrape(running.url);
    expect(valueOf(after, DECISIONS, { source: 'call' }) - valueOf(before, DECISIONS, { source: 'call' })).toBe(1);
  });

  it('times requests by method, route pattern and status, never by raw path', async () => {
    await request(`${running.url}/sessions/never-started-session`);
    await request(`${running.url}/no/such/route/x9`);
    const after = await scrape(running.url);
    expect(
      valueOf(after, 'intentgate_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/sessions/:id',
        status: '404',
      }),
    ).toBe(1);
    expect(
      valueOf(after, 'intentgate_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status: '404',
      }),
    ).toBe(1);
    const routes = new Set(after.samples.map((sample) => sample.labels.route).filter((route) => route !== undefined));
    expect(
      [...routes].filter((route) => route.includes('never-started') || route.includes('x9') || route.includes('M1')),
    ).toEqual([]);
  });
});

describe('GET /metrics of two services in one process', () => {
  it('keeps each service its own registry', async () => {
    const first = await startService({ governor: { trace: () => undefined } });
    const second = await startService({ governor: { trace: () => undefined } });
    try {
      await post(`${first.url}/sessions/only-first/prompt`, { text: 'x' });
      await post(`${first.url}/sessions/only-first/tool-calls`, { tool: 'read_file', args: { path: 'src/a.ts' } });
      expect(valueOf(await scrape(first.url), DECISIONS)).toBe(1);
      expect(valueOf(await scrape(second.url), DECISIONS)).toBe(0);
      expect(valueOf(await scrape(second.url), 'intentgate_sessions')).toBe(0);
      expect(first.service.metricsRegistry).not.toBe(second.service.metricsRegistry);
    } finally {
      await first.service.close();
      await second.service.close();
    }
  });
});

describe('GET /metrics access', () => {
  const cases: { name: string; access: 'token' | undefined; headers: Record<string, string>; status: number }[] = [
    { name: 'open by default, without a token', access: undefined, headers: {}, status: 200 },
    { name: 'refused without the token when it is required', access: 'token', headers: {}, status: 401 },
    {
      name: 'refused with a wrong token',
      access: 'token',
      headers: { authorization: 'Bearer not-the-approval-token' },
      status: 401,
    },
    {
      name: 'served with the approval token',
      access: 'token',
      headers: { authorization: `Bearer ${TEST_TOKEN}` },
      status: 200,
    },
    {
      name: 'refused for a Host that is not the service',
      access: undefined,
      headers: { host: 'rebound.example' },
      status: 421,
    },
  ];

  it.each(cases)('is $name', async ({ access, headers, status }) => {
    const running = await startService(access === undefined ? {} : { metricsAccess: access });
    try {
      const reply = await getText(`${running.url}/metrics`, headers);
      expect(reply.status).toBe(status);
      // served: the counters; refused: the service's JSON error
      if (status === 200) expect(reply.text).toContain('# TYPE intentgate_decisions_total counter');
      else
        expect(JSON.parse(reply.text)).toMatchObject({
          error: { code: status === 401 ? 'unauthorized' : 'host_not_allowed' },
        });
      expect(running.service.metricsAccess).toBe(access ?? 'open');
    } finally {
      await running.service.close();
    }
  });
});
