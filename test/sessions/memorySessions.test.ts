import { describe, expect, it } from 'vitest';
import { createMemorySessions } from '../../src/sessions/memorySessions';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

describe('memory sessions', () => {
  it('keeps one live governor per session id, and keeps one its agent ended', async () => {
    const sessions = createMemorySessions({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      trace: () => undefined,
    });
    await sessions.withSession('s1', (governor) => governor.approveSession(['SUDO']));
    expect(
      await sessions.withSession('s1', (governor) => ({
        id: governor.sessionId,
        approved: governor.approvedCategories,
      })),
    ).toEqual({ id: 's1', approved: ['SUDO'] });
    expect(await sessions.withSession('s2', (governor) => governor.approvedCategories)).toEqual([]);
    await sessions.end('s1');
    expect(await sessions.withSession('s1', (governor) => governor.approvedCategories)).toEqual(['SUDO']);
  });

  it('runs the work on one session one at a time, even when it waits', async () => {
    const sessions = createMemorySessions({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      trace: () => undefined,
    });
    const order: string[] = [];
    const work = (name: string, ms: number) =>
      sessions.withSession('s1', async () => {
        order.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`${name} end`);
      });
    await Promise.all([work('a', 30), work('b', 1), work('c', 1)]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('refuses a new session past its limit, and runs no work for it, rather than drop a live one', async () => {
    const sessions = createMemorySessions(
      { workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }), trace: () => undefined },
      { maxSessions: 2 },
    );
    for (const id of ['a', 'b']) await sessions.withSession(id, (governor) => governor.approveSession(['SUDO']));
    let ran = false;
    await expect(sessions.withSession('c', () => (ran = true))).rejects.toThrow(/2 live sessions, its limit/);
    expect(ran).toBe(false);
    expect(await sessions.withSession('a', (governor) => governor.approvedCategories)).toEqual(['SUDO']);
  });
});
