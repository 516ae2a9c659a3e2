import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandOfContainedLine } from '../../src/containment/containedShellLine';
import { createGovernanceServer, type GovernanceServer } from '../../src/server/createGovernanceServer';
import { REDIS_SKIP_REASON, startRedis, type RedisServer } from '../sessions/redisServer';
import { makeWorkspace } from '../support/workspace';
import { BWRAP } from './sandboxSupport';

// The service's POST /hooks/claude-code, as Claude Code's http hook posts to it: an allowed Bash
// call comes back as updatedInput, also for a session the service keeps in Redis (restored
// at each event with the plan its route gave it). Real bash then runs the line.

const INTENTS = `active_intents:
  - id: INT-001
    name: Work in src
    owned_scope: [src/**]
    approvals:
      - categories: [EXEC_ARBITRARY, FS_DELETE_OVERWRITE]
`;
const INLINE = `python3 -c "open('src/a.txt','w').write('x'); open('docs/b.txt','w').write('y')"`;

interface Service {
  readonly root: string;
  readonly url: string;
}

/** Posts one Claude Code event to the route and reads the body it answers. */
async function post(service: Service, event: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${service.url}/hooks/claude-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: 'sess-1', cwd: service.root, ...event }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function routeCases(serviceOf: () => Service): void {
  it('answers inline code with the contained line, which bash runs contained', async () => {
    const service = serviceOf();
    await post(service, { hook_event_name: 'UserPromptSubmit', prompt: 'work' });
    await post(service, {
      hook_event_name: 'PreToolUse',
      tool_name: 'mcp__intentgate__select_active_intent',
      tool_input: { intent_id: 'INT-001' },
    });
    const body = await post(service, {
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: INLINE, description: 'write', run_in_background: true },
    });
    const output = body.hookSpecificOutput as {
      readonly updatedInput?: Record<string, unknown>;
      readonly permissionDecision?: string;
    };
    expect(output.permissionDecision).toBeUndefined();
    expect(output.updatedInput).toMatchObject({ description: 'write', run_in_background: true });
    const line = String(output.updatedInput?.command);
    expect(commandOfContainedLine(line)).toBe(INLINE);
    const run = spawnSync('bash', ['-c', line], { cwd: service.root, encoding: 'utf8' });
    expect(run.stderr).toContain('Read-only file system');
    expect(readFileSync(path.join(service.root, 'src', 'a.txt'), 'utf8')).toBe('x');
    expect(existsSync(path.join(service.root, 'docs', 'b.txt'))).toBe(false);
  });
}

/** A service over a fresh workspace, started before the block's cases and closed after them. */
function serviceFor(extra: () => Record<string, unknown>): () => Service {
  let service: GovernanceServer | undefined;
  let started: Service | undefined;
  beforeAll(async () => {
    const root = realpathSync(makeWorkspace({ intentsYaml: INTENTS }));
    for (const folder of ['src', 'docs']) mkdirSync(path.join(root, folder));
    service = createGovernanceServer({
      governor: { workspaceRoot: root, trace: () => undefined },
      approvalToken: 'service-hook-route-token-0123456789',
      onError: () => undefined,
      ...extra(),
    });
    const { url } = await service.listen(0, '127.0.0.1');
    started = { root, url };
  }, 60_000);
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (started === undefined) throw new Error('the service did not start');
    return started;
  };
}

describe.skipIf(BWRAP === undefined)('the service hook route, sessions in memory', () => {
  routeCases(serviceFor(() => ({})));
});

let redis: RedisServer | undefined;

describe.skipIf(BWRAP === undefined || REDIS_SKIP_REASON !== undefined)(
  'the service hook route, sessions in Redis',
  () => {
    beforeAll(async () => {
      redis = await startRedis();
    }, 60_000);
    afterAll(async () => {
      await redis?.stop();
    });
    routeCases(serviceFor(() => ({ store: redis?.url ?? '', deployment: `hook-route-${process.pid}` })));
  },
);
