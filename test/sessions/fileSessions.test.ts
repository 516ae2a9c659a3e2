import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionStoreError } from '../../src/errors/SessionStoreError';
import { createGovernor } from '../../src/governor/createGovernor';
import { createFileSessions, type FileSessionsOptions } from '../../src/sessions/fileSessions';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const quiet = { trace: () => undefined };

function store(root: string, extra: Partial<FileSessionsOptions> = {}) {
  return createFileSessions({ governor: { workspaceRoot: root, ...quiet }, ...extra });
}

const sessionsDir = (root: string): string => path.join(root, '.orchestration', 'sessions');
const fileOf = (root: string, id: string): string => sessionPaths(sessionsDir(root), id).file;

/** Ages a file's modification time by `ms`. */
function age(file: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(file, then, then);
}

/** A session file broken in one way: what to write in place of the state. */
const corruptCases: readonly { name: string; corrupt: (root: string) => void; message: RegExp }[] = [
  {
    name: 'refuses a session file that is not JSON',
    corrupt: (root) => writeFileSync(fileOf(root, 's1'), '{ not json'),
    message: /is not JSON/,
  },
  {
    name: 'refuses a session file of another format',
    corrupt: (root) => writeFileSync(fileOf(root, 's1'), '{"hello": 1}'),
    message: /not an intentgate session file/,
  },
  {
    name: 'refuses a session file that belongs to another session id',
    corrupt: (root) => writeFileSync(fileOf(root, 's1'), readFileSync(fileOf(root, 's2'))),
    message: /belongs to another session id/,
  },
  {
    name: 'refuses a session file whose snapshot does not validate',
    corrupt: (root) => {
      const kept = JSON.parse(readFileSync(fileOf(root, 's1'), 'utf8')) as {
        governor: { lifecycle: { state: string } };
      };
      kept.governor.lifecycle.state = 'ANYTHING';
      writeFileSync(fileOf(root, 's1'), JSON.stringify(kept));
    },
    message: /does not hold a governor this workspace can restore/,
  },
  {
    name: 'refuses a session file larger than the limit',
    corrupt: (root) => writeFileSync(fileOf(root, 's1'), ' '.repeat(5 * 1024 * 1024)),
    message: /over the limit/,
  },
  {
    name: 'refuses a folder in the place of a session file',
    corrupt: (root) => {
      rmSync(fileOf(root, 's1'));
      mkdirSync(fileOf(root, 's1'));
    },
    message: /not a regular file/,
  },
];

describe('file sessions', () => {
  it('keeps the lifecycle and the approvals between uses, as a new process per hook would find them', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await store(root).withSession('s1', (governor) => {
      governor.userPrompt('add login');
      governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
      governor.approveSession(['FS_DELETE_OVERWRITE']);
    });
    const later = await store(root).withSession('s1', (governor) => ({
      state: governor.state,
      intent: governor.activeIntent?.id,
      decision: governor.handleToolCall('write_to_file', { path: 'src/auth/login.ts', content: 'x' }).code,
    }));
    expect(later).toEqual({ state: 'ACTION', intent: 'INT-001', decision: 'destructive_in_scope' });
    const other = await store(root).withSession('s2', (governor) => ({
      state: governor.state,
      approved: governor.approvedCategories,
    }));
    expect(other).toEqual({ state: 'REQUEST', approved: [] });
  });

  it.each(corruptCases)('$name, and leaves it for a human', async ({ corrupt, message }) => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    for (const id of ['s1', 's2']) await store(root).withSession(id, (governor) => governor.userPrompt('x'));
    corrupt(root);
    const use = store(root).withSession('s1', (governor) => governor.handleToolCall('read_file', { path: 'a.ts' }));
    await expect(use).rejects.toThrow(SessionStoreError);
    await expect(store(root).withSession('s1', () => 'ran')).rejects.toThrow(message);
    expect(existsSync(fileOf(root, 's1'))).toBe(true);
  });

  it('keeps nothing, and creates no folder, without the orchestration directory', async () => {
    const root = makeWorkspace({ orchestration: false });
    const code = await store(root).withSession(
      's1',
      (governor) => governor.handleToolCall('read_file', { path: 'a.ts' }).code,
    );
    expect(code).toBe('orchestration_missing');
    expect(existsSync(path.join(root, '.orchestration'))).toBe(false);
  });

  it('keeps the file of a session its agent ended, marked with the end', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const sessions = store(root, { now: () => 1_000_000 });
    await sessions.withSession('s1', (governor) => governor.approveSession(['SUDO']));
    await sessions.end('s1');
    expect((JSON.parse(readFileSync(fileOf(root, 's1'), 'utf8')) as { notes: unknown }).notes).toEqual({
      passes: [],
      notices: [],
      endedAt: 1_000_000,
    });
    expect(await sessions.withSession('s1', (governor) => governor.approvedCategories)).toEqual(['SUDO']);
  });

  it("restores a session with the options of the profile that made it, as a human's answer needs them", async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const preset = { classification: { take_note: 'SAFE' as const } };
    await store(root, { governor: { workspaceRoot: root, ...quiet, ...preset }, profile: 'note-agent' }).withSession(
      's1',
      (governor) => governor.userPrompt('x'),
    );
    const profiles: string[] = [];
    const human = store(root, {
      governorFor: (profile) => (
        profiles.push(profile),
        { workspaceRoot: root, ...quiet, ...(profile === 'note-agent' && preset) }
      ),
    });
    const used = await human.withKept('s1', (governor) => governor.handleToolCall('take_note', {}).code);
    expect({ used, profiles }).toEqual({ used: { found: true, value: 'safe_tool' }, profiles: ['note-agent'] });
    // the hooks of another profile are refused the session: its calls would be read without the preset
    await expect(
      store(root).withSession('s1', (governor) => governor.handleToolCall('take_note', {}).code),
    ).rejects.toThrow("the session 's1' was started by note-agent's hooks; these hooks cannot use it");
  });

  it('names each session file by a hash, whatever the session id holds', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await store(root).withSession('../../etc/passwd', (governor) => governor.userPrompt('x'));
    expect(readdirSync(sessionsDir(root))).toEqual([path.basename(fileOf(root, '../../etc/passwd'))]);
    expect(path.basename(fileOf(root, 'a'))).toMatch(/^[0-9a-f]{40}\.json$/);
  });

  it('refuses a session id that is empty or too long', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await expect(store(root).withSession('', () => 'ran')).rejects.toThrow(SessionStoreError);
    await expect(store(root).withSession('x'.repeat(257), () => 'ran')).rejects.toThrow(/at most 256/);
  });

  it('forgets sessions idle past the TTL, and the least recently used past the limit', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const sessions = store(root, { limits: { maxSessions: 2, idleTtlMs: 60_000 } });
    await sessions.withSession('idle', (governor) => governor.userPrompt('x'));
    age(fileOf(root, 'idle'), 120_000);
    await sessions.withSession('old', (governor) => governor.userPrompt('x'));
    age(fileOf(root, 'old'), 30_000);
    await sessions.withSession('recent', (governor) => governor.userPrompt('x'));
    expect(existsSync(fileOf(root, 'idle'))).toBe(false);
    await sessions.withSession('newest', (governor) => governor.userPrompt('x'));
    expect(['old', 'recent', 'newest'].map((id) => existsSync(fileOf(root, id)))).toEqual([false, true, true]);
  });

  it('breaks a lock left by a hook that died', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await store(root).withSession('s1', (governor) => governor.userPrompt('x'));
    const { lock } = sessionPaths(sessionsDir(root), 's1');
    writeFileSync(lock, 'dead:token');
    age(lock, 60_000);
    expect(await store(root).withSession('s1', (governor) => governor.state)).toBe('REASONING');
    expect(existsSync(lock)).toBe(false);
  });

  it('waits a bounded time for a live lock, then refuses', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const { lock } = sessionPaths(sessionsDir(root), 's1');
    await store(root).withSession('s1', (governor) => governor.userPrompt('x'));
    writeFileSync(lock, 'live:token');
    const started = Date.now();
    await expect(store(root, { limits: { lockWaitMs: 200 } }).withSession('s1', () => 'ran')).rejects.toThrow(
      /locked by another hook/,
    );
    // the 200 ms wait ended it, not the test's backstop
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('keeps nothing of a state larger than the file limit, and the old state stays', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await store(root).withSession('s1', (governor) => governor.userPrompt('x'));
    const before = readFileSync(fileOf(root, 's1'), 'utf8');
    const small = store(root, { limits: { maxFileBytes: before.length + 10 } });
    await expect(
      small.withSession('s1', (governor) =>
        governor.handleToolCall('read_file', { path: 'private/key.pem', note: 'n'.repeat(100) }),
      ),
    ).rejects.toThrow(/over the limit/);
    expect(readFileSync(fileOf(root, 's1'), 'utf8')).toBe(before);
  });

  it('leaves the state as it was when the work throws', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await expect(
      store(root).withSession('s1', (governor) => {
        governor.userPrompt('x');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store(root).withSession('s1', (governor) => governor.state)).toBe('REQUEST');
  });

  it('is out of reach of the agent: a call writing into the sessions folder is refused', async () => {
    const root = makeWorkspace({ intentsYaml: "active_intents:\n  - id: ALL\n    owned_scope: ['**']\n" });
    const governor = createGovernor({ workspaceRoot: root, ...quiet, safeMode: false });
    governor.handleToolCall('select_active_intent', { intent_id: 'ALL' });
    const target = '.orchestration/sessions/0000000000000000000000000000000000000000.json';
    expect(governor.handleToolCall('write_to_file', { path: target, content: '{}' }).code).toBe('protected_path');
    expect(governor.handleToolCall('execute_command', { command: `echo '{}' > ${target}` }).verdict).toBe('deny');
    expect(governor.handleToolCall('execute_command', { command: 'rm -rf .orchestration/sessions' }).verdict).toBe(
      'deny',
    );
  });
});
