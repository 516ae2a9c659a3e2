import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSessions } from '../../src/sessions/fileSessions';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { runScript } from '../inspect/childScript';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { holdAndCancel } from './fixtures/holdAndCancel';

// Each use holds a risky call, which takes the next approval id, and cancels it: a lost update would lose a count.

const HAMMER = path.join('test', 'sessions', 'fixtures', 'hammerSession.ts');

/** How many approval ids the session's kept state has taken. */
function idsTaken(root: string, sessionId: string): number {
  const { file } = sessionPaths(path.join(root, '.orchestration', 'sessions'), sessionId);
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { governor: { approvalsTaken: number } };
  return kept.governor.approvalsTaken;
}

describe('file sessions under concurrent hooks', () => {
  it('loses no update when several processes use one session id at once', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const runs = Array.from({ length: 4 }, () => runScript(HAMMER, [root, 'shared', '15']));
    const exits = await Promise.all(runs.map((run) => run.exited));
    expect(
      exits.map((exit) => exit.code),
      runs.map((run) => run.stderr()).join('\n'),
    ).toEqual([0, 0, 0, 0]);
    expect(idsTaken(root, 'shared')).toBe(60);
  });

  it('loses no update when many async workers of separate stores use one session id at once', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const stores = Array.from({ length: 3 }, () =>
      createFileSessions({ governor: { workspaceRoot: root, trace: () => undefined }, limits: { lockWaitMs: 60_000 } }),
    );
    const uses = stores.flatMap((sessions) =>
      Array.from({ length: 20 }, async () => (await sessions.withSession('shared', holdAndCancel)).code),
    );
    const codes = await Promise.all(uses);
    expect(new Set(codes)).toEqual(new Set(['needs_approval']));
    expect(idsTaken(root, 'shared')).toBe(60);
  });
});
