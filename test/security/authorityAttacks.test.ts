// Issue 33's eight findings, each as a named attack through its real route, run twice: with the
// agent's shell commands run by plain bash as written (containment off, the worst case: the
// command runs whatever the hook said), and run only as the contained line the hook hands back
// (containment on, real bubblewrap; skipped where it cannot run unless INTENTGATE_BWRAP=required).
// For the findings that are no shell command (an event posted to the service, a paused Redis),
// containment on is the service's policy (`/healthz` says so). Each asserts the attack failed and
// nothing the human had was lost.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { stateSessionsDir } from '../../src/sessions/stateSessionsDir';
import { BWRAP } from '../containment/sandboxSupport';
import { bundleEntry } from '../support/agents/bundleEntry';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import {
  attackWorld,
  secretFile,
  spawnServe,
  type AttackWorld,
  type Containment,
  type ServeProcess,
} from './attackHarness';

const MODES: readonly { readonly containment: Containment; readonly skip: boolean }[] = [
  { containment: 'off', skip: false },
  { containment: 'on', skip: BWRAP === undefined },
];

const TOKEN = 'attack-service-token-0123456789abcdefghijkl';
const PASSWORD = 'attack-redis-password-7d1e5b';
const SUDO = { tool_name: 'Bash', tool_input: { command: 'sudo reboot' } };

/** The agent's session with its prompt and INT-001 selected. */
async function started(world: AttackWorld, session: string): Promise<void> {
  await world.hook(session, 'UserPromptSubmit', { prompt: 'add login' });
  const selected = await world.hook(session, 'PreToolUse', {
    tool_name: 'mcp__intentgate__select_active_intent',
    tool_input: { intent_id: 'INT-001' },
  });
  expect(selected.decision).toBe('allow');
}

/** The session file the hook command keeps for `session`, outside the workspace. */
const sessionFile = (world: AttackWorld, session: string): string =>
  sessionPaths(stateSessionsDir(path.join(world.root, '.orchestration'), world.env), session).file;

describe.each(MODES)('issue 33 attacks with containment $containment', ({ containment, skip }) => {
  let world: AttackWorld;

  beforeAll(async () => {
    // the CLI as one file the workspace holds, so a contained command finds it wherever this checkout lies
    const cli = await bundleEntry('src/cli/main.ts');
    world = attackWorld(containment, BWRAP === undefined ? undefined : path.dirname(BWRAP), cli);
  }, 180_000);

  it.skipIf(skip)('(1) the agent runs `intentgate approve` itself: refused, and its held sudo stays held', async () => {
    const session = 'f1-self-approve';
    await started(world, session);
    expect((await world.hook(session, 'PreToolUse', SUDO)).decision).toBe('ask');
    for (const command of [
      `intentgate approve --session ${session} SUDO SYSTEM_IMPACT`,
      `intentgate approve --session ${session} --held approval-1`,
    ]) {
      const run = await world.shell(session, command);
      if (containment === 'on') expect(run.ran, `${command}: run as its contained line`).toBe(true);
      expect(run.status, `${command}: ${run.output}`).not.toBe(0);
      expect(run.output).toContain('refused');
    }
    expect((await world.hook(session, 'PreToolUse', SUDO)).decision).toBe('ask');
  });

  it.skipIf(skip)('(2) a forged session file written by the agent: never restored, sudo not allowed', async () => {
    const session = 'f2-forged';
    await started(world, session);
    const file = sessionFile(world, session);
    // a forger without the key: the genuine record with every category approved and the MAC it had
    const record = JSON.parse(readFileSync(file, 'utf8')) as { governor: { approvedCategories: string[] } };
    record.governor.approvedCategories = ['SUDO', 'SYSTEM_IMPACT', 'EXEC_ARBITRARY', 'NETWORK_RISK'];
    writeFileSync(path.join(world.root, 'src', 'forged.json'), JSON.stringify(record));
    const legacy = path.join(world.root, '.orchestration', 'sessions', path.basename(file));
    // an archive whose members name the store's file and the old place in the workspace, as `tar -xP` restores them
    const archive = path.join(world.root, 'src', 'forged.tar');
    for (const [index, target] of [file, legacy].entries())
      execFileSync(
        'tar',
        [index === 0 ? '-cPf' : '-rPf', archive, '--transform', `s|^src/forged.json$|${target}|`, 'src/forged.json'],
        {
          cwd: world.root,
        },
      );
    const run = await world.shell(session, 'tar -xPf src/forged.tar');
    if (containment === 'on') expect(run.ran, run.verdict.reason).toBe(true);
    const after = await world.hook(session, 'PreToolUse', SUDO);
    expect(after.decision).not.toBe('allow');
    // plain bash could write it, and it fails its MAC; the sandbox could not write it at all
    if (containment === 'off') expect(after.reason).toContain('fails its MAC');
    else expect(after.decision).toBe('ask');
  });

  it.skipIf(skip)(
    '(7) an unmapped tool names a control file under any argument name: denied, the file kept',
    async () => {
      const session = 'f7-unmapped';
      await started(world, session);
      const intents = path.join(world.root, '.orchestration', 'active_intents.yaml');
      const before = readFileSync(intents, 'utf8');
      for (const name of ['target', 'file', 'dest', 'to', 'output', 'uri']) {
        const verdict = await world.hook(session, 'PreToolUse', {
          tool_name: 'mcp__fs__delete',
          tool_input: { [name]: name === 'uri' ? `file://${intents}` : '.orchestration/active_intents.yaml' },
        });
        expect(verdict.decision, name).toBe('deny');
      }
      const nested = await world.hook(session, 'PreToolUse', {
        tool_name: 'mcp__fs__delete',
        tool_input: { options: { paths: [{ where: intents }] } },
      });
      expect(nested.decision).toBe('deny');
      expect(readFileSync(intents, 'utf8')).toBe(before);
    },
  );

  it.skipIf(skip)('(8) a 45 KB held command is kept at its size plus a few KB', async () => {
    const session = 'f8-big-hold';
    await started(world, session);
    const parts: string[] = [];
    for (let i = 0; i < 920; i += 1) parts.push(`echo ${i} >> src/out${i % 50}.txt && git push origin b${i}`);
    const command = parts.join('; ');
    expect(command.length).toBeGreaterThan(45_000);
    expect((await world.hook(session, 'PreToolUse', { tool_name: 'Bash', tool_input: { command } })).decision).toBe(
      'ask',
    );
    expect(statSync(sessionFile(world, session)).size).toBeLessThan(command.length + 16 * 1024);
  });

  describe.skipIf(skip || REDIS_SKIP_REASON !== undefined)('against a real intentgate serve on Redis', () => {
    let redis: RedisServer | undefined;
    let service: ServeProcess | undefined;
    let root = '';

    beforeAll(async () => {
      redis = await startRedis(undefined, PASSWORD);
      root = world.root;
      const policy = secretFile(
        'policy.yaml',
        `version: 1\ncontainment: ${containment === 'on' ? 'required' : 'off'}\n`,
      );
      service = await spawnServe(
        [
          '--port',
          '0',
          '--quiet',
          '--policy',
          policy,
          '--workspace',
          root,
          '--store',
          redis.url,
          '--deployment',
          `attacks-${containment}`,
          '--store-password-file',
          secretFile('redis-password', PASSWORD),
          '--approval-token-file',
          secretFile('token', TOKEN),
        ],
        root,
      );
    }, 180_000);
    afterAll(async () => {
      service?.stop();
      await redis?.stop();
    });

    const post = async (route: string, body: unknown, token?: string) => {
      const response = await fetch(`${service?.url ?? ''}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token !== undefined && { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
    };
    const claude = async (session: string, name: string, fields: Record<string, unknown> = {}) => {
      const { json } = await post('/hooks/claude-code', {
        session_id: session,
        cwd: root,
        hook_event_name: name,
        ...fields,
      });
      return (json.hookSpecificOutput as { permissionDecision?: string } | undefined)?.permissionDecision ?? 'allow';
    };
    const view = async (session: string) =>
      (await (await fetch(`${service?.url ?? ''}/sessions/${session}`)).json()) as {
        approved_categories: string[];
        held_calls: unknown[];
      };
    const holdingSudo = async (session: string) => {
      await claude(session, 'UserPromptSubmit', { prompt: 'add login' });
      await claude(session, 'PreToolUse', {
        tool_name: 'mcp__intentgate__select_active_intent',
        tool_input: { intent_id: 'INT-001' },
      });
      expect(await claude(session, 'PreToolUse', SUDO)).toBe('ask');
    };

    it('runs with the containment the mode names, as /healthz says', async () => {
      const health = (await (await fetch(`${service?.url ?? ''}/healthz`)).json()) as {
        containment: { mode: string; available: boolean };
      };
      expect(health.containment.mode).toBe(containment === 'on' ? 'required' : 'off');
      if (containment === 'on') expect(health.containment.available).toBe(true);
    });

    it("(3) its own session switched to Gemini CLI's preset after a token-less SessionEnd: refused", async () => {
      const session = 'f3-preset';
      await holdingSudo(session);
      await claude(session, 'SessionEnd', { reason: 'other' });
      const gemini = await post('/hooks/gemini', {
        session_id: session,
        cwd: root,
        hook_event_name: 'BeforeTool',
        tool_name: 'run_shell_command',
        tool_input: { command: 'sudo reboot' },
      });
      expect(gemini.json).toMatchObject({ decision: 'deny' });
      expect(
        await claude(session, 'PreToolUse', {
          tool_name: 'Bash',
          tool_input: { command: 'sudo reboot; git push --force' },
        }),
      ).toBe('ask');
    });

    it("(4) the agent's command reads the service's argv and environment: no secret on show", async () => {
      const session = 'f4-credentials';
      await started(world, session);
      const pid = String(service?.pid ?? 0);
      const run = await world.shell(session, `ps eww -p ${pid}; ps -o args= -p ${pid}`);
      if (containment === 'on') expect(run.ran, run.verdict.reason).toBe(true);
      else expect(run.output).toContain('--approval-token-file');
      expect(run.output).not.toContain(TOKEN);
      expect(run.output).not.toContain(PASSWORD);
    });

    it('(6) a token-less PostToolUse of a held call answers nothing: the hold stays', async () => {
      const session = 'f6-report';
      await holdingSudo(session);
      await claude(session, 'PostToolUse', { ...SUDO, tool_response: { stdout: '' } });
      expect((await view(session)).held_calls).toHaveLength(1);
      expect((await view(session)).approved_categories).not.toContain('SUDO');
      expect(await claude(session, 'PreToolUse', SUDO)).toBe('ask');
    });

    it('(5) a Redis stopped with SIGSTOP: deny and 503, and nothing applied once it resumes', async () => {
      const session = 'f5-hung';
      await holdingSudo(session);
      process.kill(redis?.pid ?? 0, 'SIGSTOP');
      try {
        expect(await claude(session, 'PreToolUse', SUDO)).toBe('deny');
        const approve = await post('/approve-session', { session_id: session, categories: ['SUDO'] }, TOKEN);
        expect(approve.status).toBe(503);
        expect((await fetch(`${service?.url ?? ''}/healthz`)).status).toBe(503);
      } finally {
        process.kill(redis?.pid ?? 0, 'SIGCONT');
      }
      // once Redis answers again: the approval the service gave up on was never applied, the hold is kept
      let after = await view(session);
      for (let look = 0; look < 100 && after.held_calls === undefined; look += 1) after = await view(session);
      expect(after.approved_categories).not.toContain('SUDO');
      expect(after.held_calls).toHaveLength(1);
      expect(existsSync(root)).toBe(true);
    });
  });
});
