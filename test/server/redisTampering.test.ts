// Issue 33, finding 4's second half: with the Redis password, `redis-cli HSET` rewrote an agent's
// own session record and the service restored it unchecked. Every record now carries a MAC keyed
// by a key derived from the approval token: a real `intentgate serve` on a real redis-server, a
// record rewritten with redis-cli refuses the session's next call (`session_store_tampered`),
// which the trace records; other sessions go on.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { startServe, type InProcessServe } from './inProcessServe';

const TOKEN = 'redis-tampering-token-0123456789abcdefgh';
const DEPLOYMENT = 'tampering';

describe.skipIf(REDIS_SKIP_REASON !== undefined)(
  `Redis session records rewritten outside the service${REDIS_SKIP_REASON === undefined ? '' : ` (skipped: ${REDIS_SKIP_REASON})`}`,
  () => {
    let redis: RedisServer | undefined;
    let service: InProcessServe | undefined;
    let root = '';

    beforeAll(async () => {
      redis = await startRedis();
      root = makeWorkspace({ intentsYaml: INTENTS_YAML });
      service = await startServe(['--port', '0', '--quiet', '--store', redis.url, '--deployment', DEPLOYMENT], root, {
        INTENTGATE_APPROVAL_TOKEN: TOKEN,
      });
    }, 180_000);
    afterAll(async () => {
      if (service) expect(await service.stop()).toBe(0);
      await redis?.stop();
    });

    const redisCli = (...args: string[]): string =>
      execFileSync('redis-cli', ['-p', String(redis?.port ?? 0), ...args], { encoding: 'utf8' }).trim();

    /** Posts one Claude Code event to the hook route, as its http hook does; the permission decision and its reason. */
    async function hook(session: string, name: string, fields: Record<string, unknown> = {}) {
      const response = await fetch(`${service?.url ?? ''}/hooks/claude-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session_id: session, cwd: root, hook_event_name: name, ...fields }),
      });
      const body = (await response.json()) as {
        hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
      };
      return {
        decision: body.hookSpecificOutput?.permissionDecision ?? 'allow',
        reason: body.hookSpecificOutput?.permissionDecisionReason ?? '',
      };
    }

    const sudo = { tool_name: 'Bash', tool_input: { command: 'sudo reboot' } };

    /** A session with INT-001 selected and `sudo reboot` held; the Redis key of its record. */
    async function holdingSudo(session: string): Promise<string> {
      const before = new Set(redisCli('KEYS', `intentgate:${DEPLOYMENT}:session:*`).split('\n'));
      await hook(session, 'UserPromptSubmit', { prompt: 'add login' });
      await hook(session, 'PreToolUse', {
        tool_name: 'mcp__intentgate__select_active_intent',
        tool_input: { intent_id: 'INT-001' },
      });
      expect((await hook(session, 'PreToolUse', sudo)).decision).toBe('ask');
      const key = redisCli('KEYS', `intentgate:${DEPLOYMENT}:session:*`)
        .split('\n')
        .find((each) => !before.has(each));
      if (key === undefined) throw new Error(`no Redis record was made for ${session}`);
      return key;
    }

    const tracedCodes = (session: string): string[] => {
      const file = path.join(root, '.orchestration', 'agent_trace.jsonl');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { session_id: string; reasons: { code: string }[] })
        .filter((record) => record.session_id === session)
        .map((record) => record.reasons[0]?.code ?? '');
    };

    it('refuses every call of a session whose record redis-cli HSET rewrote, and says so in the trace', async () => {
      const session = 'rewritten-approvals';
      const key = await holdingSudo(session);
      const state = JSON.parse(redisCli('HGET', key, 'state')) as {
        mac?: string;
        governor: { approvedCategories: string[] };
      };
      expect(state.mac).toMatch(/^[0-9a-f]{64}$/);
      // the attacker approves SUDO for itself, keeping the MAC the record had
      state.governor.approvedCategories = ['SUDO', 'SYSTEM_IMPACT'];
      redisCli('HSET', key, 'state', JSON.stringify(state));
      const refused = await hook(session, 'PreToolUse', sudo);
      expect(refused.decision).toBe('deny');
      expect(refused.reason).toContain('fails its MAC');
      expect(
        (await hook(session, 'PreToolUse', { tool_name: 'Read', tool_input: { file_path: 'a.ts' } })).decision,
      ).toBe('deny');
      expect(tracedCodes(session).filter((code) => code === 'session_store_tampered').length).toBe(2);
      // the console lists it, marked with why, so a human sees it and removes it
      const signIn = await fetch(`${service?.url ?? ''}/console/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: TOKEN }),
      });
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const listed = (await (
        await fetch(`${service?.url ?? ''}/console/api/sessions`, { headers: { cookie } })
      ).json()) as {
        sessions: { session_id: string; refused: string | null; held_calls: unknown[] }[];
      };
      const card = listed.sessions.find((each) => each.session_id === session);
      expect(card?.refused).toContain('fails its MAC');
      expect(card?.held_calls).toEqual([]);
    });

    it('refuses a record written without a MAC, as one forged without the key would be', async () => {
      const session = 'forged-without-mac';
      const key = await holdingSudo(session);
      const { mac: _dropped, ...forged } = JSON.parse(redisCli('HGET', key, 'state')) as Record<string, unknown>;
      redisCli('HSET', key, 'state', JSON.stringify(forged));
      expect((await hook(session, 'PreToolUse', sudo)).decision).toBe('deny');
      expect(tracedCodes(session)).toContain('session_store_tampered');
    });

    it("refuses the service's own session whose record was rewritten, on /tool-calls, and traces it", async () => {
      const session = 'own-rewritten';
      const base = service?.url ?? '';
      const post = (route: string, body: unknown) =>
        fetch(`${base}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const before = new Set(redisCli('KEYS', `intentgate:${DEPLOYMENT}:session:*`).split('\n'));
      expect((await post(`/sessions/${session}/prompt`, { text: 'go' })).status).toBe(201);
      const key = redisCli('KEYS', `intentgate:${DEPLOYMENT}:session:*`)
        .split('\n')
        .find((each) => !before.has(each));
      const state = JSON.parse(redisCli('HGET', key ?? '', 'state')) as { governor: { approvedCategories: string[] } };
      state.governor.approvedCategories = ['SUDO'];
      redisCli('HSET', key ?? '', 'state', JSON.stringify(state));
      const call = await post(`/sessions/${session}/tool-calls`, {
        tool: 'execute_command',
        args: { command: 'sudo reboot' },
      });
      expect(await call.json()).toMatchObject({ verdict: 'deny', code: 'session_store_tampered' });
      expect(tracedCodes(session)).toEqual(['session_store_tampered']);
    });

    it('goes on deciding the sessions nobody rewrote, and still lists them for the console', async () => {
      const session = 'untouched';
      await holdingSudo(session);
      expect((await hook(session, 'PreToolUse', sudo)).decision).toBe('ask');
      const view = await fetch(`${service?.url ?? ''}/sessions/${session}`);
      expect(view.status).toBe(200);
      expect(await view.json()).toMatchObject({ held_calls: [{ code: 'needs_approval' }] });
    });
  },
);
