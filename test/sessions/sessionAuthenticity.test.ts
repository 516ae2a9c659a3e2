import { chmodSync, cpSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionStoreError } from '../../src/errors/SessionStoreError';
import { createFileSessions } from '../../src/sessions/fileSessions';
import { sessionPaths, writeSessionFile } from '../../src/sessions/sessionFiles';
import { loadSessionKey, recordMac, sessionKeyFile } from '../../src/sessions/sessionKey';
import { stateSessionsDir } from '../../src/sessions/stateSessionsDir';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// Issue 33, finding 2: a session file the agent forged, edited or copied from another workspace
// is never restored. Each file carries a MAC keyed by a secret outside the workspace.

const quiet = { trace: () => undefined };

/** A home of its own for the key and the state folder, as a person's config folder. */
function home(): { readonly env: NodeJS.ProcessEnv; readonly keyFile: string } {
  const folder = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'home-'));
  const env = {
    HOME: folder,
    XDG_CONFIG_HOME: path.join(folder, '.config'),
    XDG_STATE_HOME: path.join(folder, '.local', 'state'),
  };
  return { env, keyFile: sessionKeyFile(env, folder) };
}

function store(root: string, keyFile: string, dir?: string) {
  return createFileSessions({
    governor: { workspaceRoot: root, ...quiet },
    keyFile,
    ...(dir !== undefined && { dir }),
  });
}

const fileOf = (root: string, id: string): string =>
  sessionPaths(path.join(root, '.orchestration', 'sessions'), id).file;

/** A workspace whose session s1 selected INT-001 and was approved FS_DELETE_OVERWRITE. */
async function approvedSession(keyFile: string): Promise<string> {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  await store(root, keyFile).withSession('s1', (governor) => {
    governor.userPrompt('add login');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    governor.approveSession(['FS_DELETE_OVERWRITE']);
  });
  return root;
}

const approvedOf = async (root: string, keyFile: string, id = 's1') =>
  store(root, keyFile).withSession(id, (governor) => [...governor.approvedCategories].sort());

describe('authenticated session files', () => {
  it('restores a file it wrote, with its MAC', async () => {
    const { keyFile } = home();
    const root = await approvedSession(keyFile);
    expect(JSON.parse(readFileSync(fileOf(root, 's1'), 'utf8'))).toMatchObject({
      version: 2,
      mac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await approvedOf(root, keyFile)).toEqual(['FS_DELETE_OVERWRITE']);
  });

  it('refuses a file whose approvals were edited, and leaves it for a human', async () => {
    const { keyFile } = home();
    const root = await approvedSession(keyFile);
    const text = readFileSync(fileOf(root, 's1'), 'utf8');
    const edited = text.replace('"FS_DELETE_OVERWRITE"', '"FS_DELETE_OVERWRITE","SUDO","NETWORK_RISK"');
    expect(edited).not.toBe(text);
    writeFileSync(fileOf(root, 's1'), edited);
    await expect(approvedOf(root, keyFile)).rejects.toThrow(/fails its MAC/);
    expect(readFileSync(fileOf(root, 's1'), 'utf8')).toBe(edited);
  });

  it('refuses a file forged with a MAC of another key', async () => {
    const { keyFile } = home();
    const root = await approvedSession(keyFile);
    const { mac: _mac, ...record } = JSON.parse(readFileSync(fileOf(root, 's1'), 'utf8')) as Record<string, unknown>;
    const forgedKey = { key: Buffer.alloc(32, 7), store: path.join(root, '.orchestration', 'sessions') };
    writeFileSync(fileOf(root, 's1'), JSON.stringify({ ...record, mac: recordMac(forgedKey, JSON.stringify(record)) }));
    await expect(approvedOf(root, keyFile)).rejects.toBeInstanceOf(SessionStoreError);
  });

  it('refuses a file copied from another workspace, though the same key wrote it', async () => {
    const { keyFile } = home();
    const other = await approvedSession(keyFile);
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    await store(root, keyFile).withSession('s1', (governor) => governor.userPrompt('hello'));
    cpSync(fileOf(other, 's1'), fileOf(root, 's1'));
    await expect(approvedOf(root, keyFile)).rejects.toThrow(/fails its MAC/);
  });

  it('never restores a file written without a MAC (as a forger or an older version writes it): the session starts afresh', async () => {
    const { keyFile } = home();
    const root = await approvedSession(keyFile);
    const { governor } = JSON.parse(readFileSync(fileOf(root, 's1'), 'utf8')) as { governor: unknown };
    writeSessionFile(
      fileOf(root, 's1'),
      's1',
      { profile: '', governor, notes: { passes: [], notices: [] } },
      { maxBytes: 4 * 1024 * 1024, usedAt: Date.now() },
    );
    expect(
      await store(root, keyFile).withSession('s1', (restored) => ({
        state: restored.state,
        approved: restored.approvedCategories,
      })),
    ).toEqual({ state: 'REQUEST', approved: [] });
  });

  it('makes the key owner-only beside the approval token, and refuses one others can read or one inside the workspace', async () => {
    const { keyFile } = home();
    const root = await approvedSession(keyFile);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(path.basename(path.dirname(keyFile))).toBe('intentgate');
    chmodSync(keyFile, 0o644);
    await expect(approvedOf(root, keyFile)).rejects.toThrow(
      'its permissions are 644; make it owner-only with chmod 600',
    );
    expect(() => loadSessionKey(path.join(root, 'session-key'), root)).toThrow(/inside the workspace/);
  });

  it('keeps sessions in the state folder outside the workspace, one folder per orchestration directory', async () => {
    const { env, keyFile } = home();
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const dir = stateSessionsDir(path.join(root, '.orchestration'), env);
    expect(dir.startsWith(`${env.XDG_STATE_HOME ?? ''}${path.sep}intentgate${path.sep}sessions${path.sep}`)).toBe(true);
    expect(stateSessionsDir(path.join(makeWorkspace(), '.orchestration'), env)).not.toBe(dir);
    await store(root, keyFile, dir).withSession('s1', (governor) => governor.approveSession(['SUDO']));
    expect(statSync(sessionPaths(dir, 's1').file).isFile()).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(await store(root, keyFile, dir).withSession('s1', (governor) => governor.approvedCategories)).toEqual([
      'SUDO',
    ]);
  });
});
