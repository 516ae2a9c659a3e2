import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_TIMEOUT_ENV } from '../../src/server/serverOptions';
import { cli } from '../cli/cliHarness';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { startServe, type InProcessServe } from './inProcessServe';

// Issue 33, finding 3: a session started by Claude Code's hooks cannot be driven through Gemini
// CLI's hook route (whose preset does not know Claude Code's Bash), not even after a token-less
// SessionEnd, on the service's memory and Redis stores and on the hook command's file store.

const TOKEN = 'agent-preset-token-0123456789abcdefghij';

const claudeEvent = (root: string, session: string, name: string, fields: Record<string, unknown> = {}) => ({
  session_id: session,
  transcript_path: `/home/dev/.claude/projects/${root.replace(/[^A-Za-z0-9]/g, '-')}/${session}.jsonl`,
  cwd: root,
  permission_mode: 'default',
  hook_event_name: name,
  ...fields,
});

const geminiEvent = (root: string, session: string, name: string, fields: Record<string, unknown> = {}) => ({
  session_id: session,
  transcript_path: `/home/dev/.gemini/tmp/project/chats/session-${session}.jsonl`,
  cwd: root,
  hook_event_name: name,
  timestamp: '2026-11-25T10:37:58.329Z',
  ...fields,
});

/** Claude Code's answer in a word: allow (no answer), ask or deny. */
function claudeVerdict(stdout: string): string {
  if (stdout.trim() === '') return 'allow';
  const output = JSON.parse(stdout) as { hookSpecificOutput?: { permissionDecision?: string } };
  return output.hookSpecificOutput?.permissionDecision ?? 'other';
}

/** Gemini CLI's answer in a word: deny, or allow when it refuses nothing. */
function geminiVerdict(stdout: string): string {
  if (stdout.trim() === '') return 'allow';
  const output = JSON.parse(stdout) as { decision?: string };
  return output.decision === 'deny' || output.decision === 'block' ? 'deny' : 'allow';
}

interface Route {
  claude(session: string, name: string, fields?: Record<string, unknown>): Promise<string>;
  gemini(session: string, name: string, fields?: Record<string, unknown>): Promise<string>;
}

/** The attack of the issue through `route`: select an intent as Claude Code, end the session with no token, then drive it as Gemini CLI. */
async function attack(
  route: Route,
  root: string,
  session: string,
): Promise<{ gemini: readonly string[]; claudeAfter: string }> {
  await route.claude(session, 'UserPromptSubmit', { prompt: 'add login' });
  expect(
    claudeVerdict(
      await route.claude(session, 'PreToolUse', {
        tool_name: 'mcp__intentgate__select_active_intent',
        tool_input: { intent_id: 'INT-001' },
        tool_use_id: 't0',
      }),
    ),
  ).toBe('allow');
  await route.claude(session, 'SessionEnd', { reason: 'other' });
  const gemini = [
    geminiVerdict(await route.gemini(session, 'BeforeAgent', { prompt: 'go' })),
    geminiVerdict(
      await route.gemini(session, 'BeforeTool', {
        tool_name: 'run_shell_command',
        tool_input: { command: 'sudo reboot' },
      }),
    ),
  ];
  const claudeAfter = claudeVerdict(
    await route.claude(session, 'PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'sudo reboot; git push --force' },
      tool_use_id: 't1',
    }),
  );
  expect(path.isAbsolute(root)).toBe(true);
  return { gemini, claudeAfter };
}

const STORES: readonly { name: string; redis: boolean }[] = [
  { name: 'the memory store', redis: false },
  { name: 'a Redis store', redis: true },
];

describe.each(STORES)('intentgate serve on $name', ({ redis: onRedis }) => {
  const skip = onRedis && REDIS_SKIP_REASON !== undefined;
  let redis: RedisServer | undefined;
  let root = '';
  let url = '';
  let service: InProcessServe | undefined;

  beforeAll(async () => {
    if (skip) return;
    redis = onRedis ? await startRedis() : undefined;
    root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const store = redis === undefined ? [] : ['--store', redis.url, '--deployment', 'presets'];
    // a Redis deadline far above the default: this test is about presets, on a machine that may be busy
    process.env[STORE_TIMEOUT_ENV] = '10000';
    try {
      service = await startServe(['--port', '0', '--host', '127.0.0.1', '--quiet', ...store], root, {
        INTENTGATE_APPROVAL_TOKEN: TOKEN,
      });
    } finally {
      delete process.env[STORE_TIMEOUT_ENV];
    }
    url = service.url;
  }, 180_000);
  afterAll(async () => {
    if (service) expect(await service.stop()).toBe(0);
    await redis?.stop();
  });

  it.skipIf(skip)(
    "refuses Gemini CLI's hook route a session Claude Code's hooks started, even after a token-less SessionEnd",
    async () => {
      const post = async (agent: string, event: unknown): Promise<string> => {
        const response = await fetch(`${url}/hooks/${agent}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(event),
        });
        return response.text();
      };
      const route: Route = {
        claude: async (session, name, fields) =>
          (
            await cli(['hook', 'claude-code', '--server', url], {
              stdin: JSON.stringify(claudeEvent(root, session, name, fields)),
            })
          ).stdout,
        // the agent's own request, as curl sends it: no hook process in between
        gemini: (session, name, fields) => post('gemini', geminiEvent(root, session, name, fields)),
      };
      const { gemini, claudeAfter } = await attack(route, root, 'shared-session-1');
      expect(gemini).toEqual(['deny', 'deny']);
      // still read with Claude Code's preset: sudo is held for a human, never run as a lone EXEC_ARBITRARY
      expect(claudeAfter).toBe('ask');
    },
  );
});

describe("intentgate hook's file store", () => {
  it('refuses `intentgate hook gemini` a session `intentgate hook claude-code` started in the same workspace', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    // the user's folders, where the hooks keep their sessions and key, beside the workspace
    const env = { HOME: `${root}-home` };
    const route: Route = {
      claude: async (session, name, fields) =>
        (
          await cli(['hook', 'claude-code', '--workspace', root], {
            stdin: JSON.stringify(claudeEvent(root, session, name, fields)),
            cwd: root,
            env,
          })
        ).stdout,
      gemini: async (session, name, fields) =>
        (
          await cli(['hook', 'gemini', '--workspace', root], {
            stdin: JSON.stringify(geminiEvent(root, session, name, fields)),
            cwd: root,
            env,
          })
        ).stdout,
    };
    const { gemini, claudeAfter } = await attack(route, root, 'shared-session-2');
    expect(gemini).toEqual(['deny', 'deny']);
    expect(claudeAfter).toBe('ask');
  });
});
