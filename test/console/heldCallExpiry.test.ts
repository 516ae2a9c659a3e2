import { afterEach, describe, expect, it } from 'vitest';
import { heldCallsOf } from '../../src/console/consoleSessionViews';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import { makeServiceWorkspace } from '../server/serviceHarness';

const governors: Governor[] = [];
afterEach(() => governors.splice(0).forEach((governor) => governor.stop()));

function inAction(clock: { now: number }, workspaceRoot = makeServiceWorkspace()): Governor {
  const governor = createGovernor({ workspaceRoot, trace: () => undefined, now: () => clock.now });
  governors.push(governor);
  governor.userPrompt('x');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

describe("a held call's time in the console", () => {
  it("shows when it was held and when it expires, and marks it expired past the governor's heldCallTtlMs", () => {
    const clock = { now: Date.parse('2026-12-02T08:00:00Z') };
    const governor = inAction(clock);
    expect(governor.handleToolCall('write_to_file', { path: 'src/a.ts', content: 'a' })).toMatchObject({
      code: 'needs_approval',
    });
    const settings = { heldCallTtlMs: 60_000, now: () => clock.now };
    expect(heldCallsOf(governor, settings)).toEqual([
      expect.objectContaining({
        held_at: '2026-12-02T08:00:00.000Z',
        expires_at: '2026-12-02T08:01:00.000Z',
        expired: false,
        content: { kind: 'write', path: 'src/a.ts', text: 'a' },
      }),
    ]);
    clock.now += 60_000;
    expect(heldCallsOf(governor, settings)[0]?.expired).toBe(false);
    clock.now += 1;
    expect(heldCallsOf(governor, settings)[0]?.expired).toBe(true);
    // the default is the governor's own: 15 minutes
    expect(heldCallsOf(governor, { now: () => clock.now })[0]).toMatchObject({
      expires_at: '2026-12-02T08:15:00.000Z',
      expired: false,
    });
  });
});
