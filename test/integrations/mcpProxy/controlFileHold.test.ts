import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resultText, startInProcessProxy, type ElicitationBehaviour, type InProcessProxy } from './proxyHarness';

// A change to the intents file found after an allowed write holds the proxy's governor; the
// proxy asks its user through elicitation, as it does for every hold.

const open: InProcessProxy[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((proxy) => proxy.close()));
});

const WIDENED = 'active_intents:\n  - id: INT-001\n    owned_scope: ["**"]\n';

/** In ACTION, an allowed write run by the real upstream, then the intents file widened by a route no one saw. */
async function changedAfterWrite(elicitation: ElicitationBehaviour): Promise<InProcessProxy> {
  const proxy = await startInProcessProxy({ elicitation, approve: ['FS_DELETE_OVERWRITE'] });
  open.push(proxy);
  expect((await proxy.call('select_active_intent', { intent_id: 'INT-001' })).isError).toBeFalsy();
  expect(resultText(await proxy.call('write_file', { path: 'src/a.ts', content: 'a' }))).toBe(
    'Successfully wrote to src/a.ts',
  );
  writeFileSync(path.join(proxy.workspace, '.orchestration', 'active_intents.yaml'), WIDENED);
  return proxy;
}

const scopeOf = (proxy: InProcessProxy) => proxy.proxy.governor.intents[0]?.owned_scope;

describe('a held control-file change behind the MCP proxy', () => {
  it('is put to the user when the proxy re-reads the files, and adopted when they accept', async () => {
    const proxy = await changedAfterWrite('accept');
    const result = await proxy.call('select_active_intent', { intent_id: 'INT-001' });
    expect(proxy.elicitations).toHaveLength(1);
    expect(proxy.elicitations[0]).toContain('Accept a change to .orchestration/active_intents.yaml');
    expect(proxy.elicitations[0]).toContain('scope of INT-001: src/** → **');
    expect(proxy.elicitations[0]).not.toContain('approve_for_session');
    expect(resultText(result)).toContain('control_file_accepted');
    expect(scopeOf(proxy)).toEqual(['**']);
    expect(proxy.proxy.governor.pendingApproval).toBeUndefined();
  });

  it('gives no grant for the change when the user also ticks approve_for_session', async () => {
    const proxy = await changedAfterWrite('accept-for-session');
    await proxy.call('select_active_intent', { intent_id: 'INT-001' });
    expect(scopeOf(proxy)).toEqual(['**']);
    expect(proxy.proxy.governor.grants).toEqual([]);
    expect(proxy.proxy.governor.approvedCategories).toEqual(['FS_DELETE_OVERWRITE']);
  });

  it.each([
    { elicitation: 'decline', said: 'The user rejected the change to the control files' },
    { elicitation: 'none', said: 'The change is rejected: intentgate keeps enforcing the content it had' },
  ] as const)(
    'is rejected when the user answers $elicitation, and the write after it still meets the adopted scope',
    async ({ elicitation, said }) => {
      const proxy = await changedAfterWrite(elicitation);
      const result = await proxy.call('select_active_intent', { intent_id: 'INT-001' });
      expect(resultText(result)).toContain(said);
      expect(scopeOf(proxy)).toEqual(['src/**']);
      const outside = await proxy.call('write_file', { path: 'docs/x.md', content: 'x' });
      expect(resultText(outside)).toContain('scope_violation');
      expect(() => readFileSync(path.join(proxy.workspace, 'docs', 'x.md'))).toThrow();
    },
  );
});
