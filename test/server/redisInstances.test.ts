import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import {
  errorOf,
  makeServiceWorkspace,
  post,
  request,
  startService,
  TEST_TOKEN,
  type RunningService,
} from './serviceHarness';

// two service instances behind one load balancer, sharing their sessions through one Redis
const write = (file: string) => ({ tool: 'write_to_file', args: { path: `src/${file}`, content: 'x' } });
const select = { tool: 'select_active_intent', args: { intent_id: 'INT-001' } };

describe.skipIf(REDIS_SKIP_REASON !== undefined)(
  `service instances on one Redis${REDIS_SKIP_REASON === undefined ? '' : ` (skipped: ${REDIS_SKIP_REASON})`}`,
  () => {
    let redis: RedisServer;
    let workspace: string;
    const started: RunningService[] = [];

    /** An instance of `deployment` on the test's Redis, over the shared workspace. */
    async function instance(deployment: string): Promise<RunningService> {
      const running = await startService({ store: redis.url, deployment }, workspace);
      started.push(running);
      return running;
    }

    beforeAll(async () => {
      redis = await startRedis();
      workspace = makeServiceWorkspace();
    });
    afterAll(async () => {
      await Promise.all(started.map((running) => running.service.close()));
      await redis?.stop();
    });

    it('decides on one instance with the intent, approvals, held calls and grants set on the other', async () => {
      const [a, b] = [await instance('shared'), await instance('shared')];
      expect((await post(`${a.url}/sessions/s1/prompt`, { text: 'go' })).status).toBe(201);
      expect((await post(`${a.url}/sessions/s1/tool-calls`, select)).json).toMatchObject({
        verdict: 'allow',
        code: 'intent_selected',
      });

      // the intent selected on A governs a write decided on B: held for its category, not refused
      const held = await post(`${b.url}/sessions/s1/tool-calls`, write('held.ts'));
      expect(held.json).toMatchObject({ verdict: 'ask', code: 'needs_approval', state: 'ACTION' });
      const approvalId = (held.json.approval as { id: string }).id;
      expect((await request(`${a.url}/sessions/s1`)).json).toMatchObject({
        held_calls: [{ approval: { id: approvalId } }],
      });
      expect(
        (await post(`${a.url}/sessions/s1/approvals/${approvalId}`, { answer: 'continue' }, TEST_TOKEN)).json,
      ).toMatchObject({ verdict: 'allow' });
      expect((await request(`${b.url}/sessions/s1`)).json).toMatchObject({ held_calls: [], pending_approval: null });

      // a category approved on B lets the same write run on A
      expect(
        (await post(`${b.url}/approve-session`, { session_id: 's1', categories: ['FS_DELETE_OVERWRITE'] }, TEST_TOKEN))
          .json,
      ).toMatchObject({ approved_categories: ['FS_DELETE_OVERWRITE'] });
      expect((await post(`${a.url}/sessions/s1/tool-calls`, write('app.ts'))).json).toMatchObject({
        verdict: 'allow',
        code: 'destructive_in_scope',
      });

      // a grant given on A is listed, and revoked, on B
      const granted = await post(
        `${a.url}/approve-session`,
        { session_id: 's1', categories: ['NETWORK_RISK'], hosts: ['example.com'] },
        TEST_TOKEN,
      );
      const grantId = (granted.json.grant as { id: string }).id;
      expect((await request(`${b.url}/sessions/s1/grants`)).json.grants).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: grantId })]),
      );
      expect(
        (await request(`${b.url}/sessions/s1/grants/${grantId}`, { method: 'DELETE', token: TEST_TOKEN, body: {} }))
          .json,
      ).toMatchObject({ revoked: grantId });
      expect(
        ((await request(`${a.url}/sessions/s1/grants`)).json.grants as { id: string }[]).map((grant) => grant.id),
      ).not.toContain(grantId);
    });

    it('keeps serving a session on one instance when the other is closed mid-run', async () => {
      const [a, b] = [await instance('failover'), await instance('failover')];
      await post(`${a.url}/sessions/f1/prompt`, { text: 'go' });
      await post(`${a.url}/sessions/f1/tool-calls`, select);
      await post(`${a.url}/approve-session`, { session_id: 'f1', categories: ['FS_DELETE_OVERWRITE'] }, TEST_TOKEN);
      const closing = a.service.close();
      const during = await post(`${b.url}/sessions/f1/tool-calls`, write('during.ts'));
      await closing;
      expect(during.json).toMatchObject({ verdict: 'allow', code: 'destructive_in_scope' });
      expect((await post(`${b.url}/sessions/f1/tool-calls`, write('after.ts'))).json).toMatchObject({
        verdict: 'allow',
      });
      expect((await request(`${b.url}/sessions/f1`)).json).toMatchObject({
        state: 'ACTION',
        approved_categories: ['FS_DELETE_OVERWRITE'],
      });
    });

    it('keeps approvals for an instance restarted in the same deployment, and drops them in a new deployment', async () => {
      const first = await instance('epoch-1');
      await post(`${first.url}/sessions/e1/prompt`, { text: 'go' });
      await post(`${first.url}/approve-session`, { session_id: 'e1', categories: ['SUDO'] }, TEST_TOKEN);
      await first.service.close();
      const restarted = await instance('epoch-1');
      expect((await request(`${restarted.url}/sessions/e1`)).json).toMatchObject({ approved_categories: ['SUDO'] });
      const renewed = await instance('epoch-2');
      expect(errorOf(await request(`${renewed.url}/sessions/e1`)).code).toBe('unknown_session');
      expect((await post(`${renewed.url}/sessions/e1/prompt`, { text: 'go' })).json).toMatchObject({
        approved_categories: [],
      });
    });

    it('lists the sessions of the deployment from either instance', async () => {
      const [a, b] = [await instance('listing'), await instance('listing')];
      await post(`${a.url}/sessions/l1/prompt`, { text: 'go' });
      await post(`${b.url}/sessions/l2/prompt`, { text: 'go' });
      const ids = await a.service.sessionStore.list((governor) => governor.sessionId);
      expect(ids.sort()).toEqual(['l1', 'l2']);
      expect((await request(`${b.url}/healthz`)).json).toMatchObject({ ok: true, sessions: 2, store: 'redis' });
    });

    it('denies calls while Redis is down, never deciding from memory, and serves again once Redis is back', async () => {
      const own = await startRedis();
      const a = await startService({ store: own.url, deployment: 'outage' }, workspace);
      started.push(a);
      await post(`${a.url}/sessions/o1/prompt`, { text: 'go' });
      await post(`${a.url}/sessions/o1/tool-calls`, select);
      await post(`${a.url}/approve-session`, { session_id: 'o1', categories: ['FS_DELETE_OVERWRITE'] }, TEST_TOKEN);
      expect((await post(`${a.url}/sessions/o1/tool-calls`, write('ok.ts'))).json).toMatchObject({ verdict: 'allow' });
      await own.stop();

      const denied = await post(`${a.url}/sessions/o1/tool-calls`, write('ok.ts'));
      expect(denied.json).toMatchObject({ allowed: false, verdict: 'deny', code: 'session_store_unavailable' });
      expect(
        (await post(`${a.url}/sessions/o1/decide`, { tool: 'read_file', args: { path: 'src/a.ts' } })).json,
      ).toMatchObject({ verdict: 'deny', code: 'session_store_unavailable' });
      const view = await request(`${a.url}/sessions/o1`);
      expect({ status: view.status, code: errorOf(view).code }).toEqual({
        status: 503,
        code: 'session_store_unavailable',
      });
      const health = await request(`${a.url}/healthz`);
      expect({ status: health.status, ok: health.json.ok }).toEqual({ status: 503, ok: false });

      const back = await startRedis(own.port);
      try {
        let healthy = false;
        for (let i = 0; i < 100 && !healthy; i++) {
          healthy = (await request(`${a.url}/healthz`)).status === 200;
          if (!healthy) await sleep(50);
        }
        expect(healthy).toBe(true);
        // the new Redis keeps nothing: the session is gone (404), then starts afresh with no approvals
        expect(errorOf(await post(`${a.url}/sessions/o1/tool-calls`, write('ok.ts'))).code).toBe('unknown_session');
        expect((await post(`${a.url}/sessions/o1/prompt`, { text: 'go' })).json).toMatchObject({
          state: 'REASONING',
          approved_categories: [],
        });
      } finally {
        await a.service.close();
        await back.stop();
      }
    });
  },
);
