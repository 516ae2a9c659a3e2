// A held call is kept until a human answers it (in memory, in the session store, in the session
// view): kept with its evidence capped, a long command's hold costs its arguments and a few KB,
// not ten times the command.
import { afterEach, describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/index';
import { HELD_EVIDENCE_PER_CATEGORY, HELD_EVIDENCE_TEXT } from '../../src/governor/heldCalls';
import { MAX_HELD_CALLS } from '../../src/governor/holdLimits';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const running: Governor[] = [];
afterEach(() => {
  for (const governor of running.splice(0)) governor.stop();
});

function inAction(): { governor: Governor; root: string } {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const governor = createGovernor({ workspaceRoot: root, sessionId: 'size', trace: () => {} });
  running.push(governor);
  governor.userPrompt('x');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return { governor, root };
}

/** A command of about 45 KB with hundreds of writes and pushes: every one of them is evidence. */
function longCommand(seed: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 880; i += 1)
    parts.push(`echo ${seed}-${i} >> src/auth/out${i % 50}.txt && git push origin b${i}`);
  return parts.join('; ');
}

describe('a held call kept compactly', () => {
  it('keeps a long command at its arguments plus a few KB, with every category and its first evidence', () => {
    const { governor } = inAction();
    const command = longCommand(0);
    const decision = governor.handleToolCall('execute_command', { command });
    expect(decision.verdict).toBe('ask');
    expect(decision.evidence.length).toBeGreaterThan(1000);
    const kept = governor.heldCalls[0]?.decision;
    expect(kept?.categories).toEqual(decision.categories);
    for (const category of decision.categories) {
      const items = kept?.evidence.filter((item) => item.category === category) ?? [];
      expect(items.length, category).toBeGreaterThanOrEqual(1);
      expect(items.length, category).toBeLessThanOrEqual(HELD_EVIDENCE_PER_CATEGORY);
      expect(items[0]?.trigger).toBe(
        decision.evidence.find((item) => item.category === category)?.trigger.slice(0, HELD_EVIDENCE_TEXT - 1) ?? '',
      );
    }
    expect(JSON.stringify(kept).length).toBeLessThan(8 * 1024);
  });

  it('bounds a session at the held-call limit: its snapshot is its arguments plus a few KB a call, and restores', () => {
    const { governor, root } = inAction();
    let argumentBytes = 0;
    for (let i = 0; i < MAX_HELD_CALLS; i += 1) {
      const args = { command: longCommand(i) };
      argumentBytes += JSON.stringify(args).length;
      expect(governor.handleToolCall('execute_command', args).verdict).toBe('ask');
    }
    expect(governor.heldCalls).toHaveLength(MAX_HELD_CALLS);
    const snapshot = JSON.stringify(governor.persist());
    expect(snapshot.length).toBeLessThan(argumentBytes + MAX_HELD_CALLS * 10 * 1024);
    // a snapshot holding such calls is taken back whole: the store keeps them across processes
    const restored = createGovernor({
      workspaceRoot: root,
      sessionId: 'size',
      trace: () => {},
      restore: JSON.parse(snapshot) as unknown,
    });
    running.push(restored);
    expect(restored.heldCalls).toHaveLength(MAX_HELD_CALLS);
  });

  it('keeps a small decision as it is', () => {
    const { governor } = inAction();
    const decision = governor.handleToolCall('execute_command', { command: 'git push origin main' });
    expect(governor.pendingApproval).toBe(decision);
  });
});
