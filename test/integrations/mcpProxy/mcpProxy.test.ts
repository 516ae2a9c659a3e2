import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DECISION_META_KEY } from '../../../src/integrations/mcpProxy';
import {
  isAlive,
  resultText,
  SAFE_BY_ANNOTATION,
  SEED_001_REASON,
  startInProcessProxy,
  type InProcessProxy,
  type InProcessSetup,
} from './proxyHarness';

// each test starts the real @modelcontextprotocol/server-filesystem as the upstream: slow on a busy machine
const open: InProcessProxy[] = [];
async function start(setup?: InProcessSetup): Promise<InProcessProxy> {
  const proxy = await startInProcessProxy(setup);
  open.push(proxy);
  return proxy;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((proxy) => proxy.close()));
});

async function selectIntent(proxy: InProcessProxy): Promise<void> {
  const changed = proxy.nextListChanged();
  const result = await proxy.call('select_active_intent', { intent_id: 'INT-001' });
  expect(result.isError).toBeFalsy();
  await changed;
}

describe('tools/list', () => {
  it('lists only seed-SAFE tools and select_active_intent before the intent when the upstream is untrusted', async () => {
    const proxy = await start();
    // readOnlyHint from an untrusted server makes nothing SAFE: read_text_file, list_directory stay hidden
    expect(await proxy.toolNames()).toEqual(['read_file', 'search_files', 'select_active_intent']);
  });

  it('lists the tools a trusted upstream annotates readOnlyHint before the intent, and no writing tool', async () => {
    const proxy = await start({ trusted: true });
    expect(await proxy.toolNames()).toEqual([...SAFE_BY_ANNOTATION, 'select_active_intent']);
  });

  it('shows select_active_intent in the MCP shape with read-only hints', async () => {
    const proxy = await start();
    const { tools } = await proxy.client.listTools();
    const select = tools.find((tool) => tool.name === 'select_active_intent');
    expect(select?.inputSchema).toEqual({
      type: 'object',
      properties: { intent_id: { type: 'string', description: 'Identifier of the intent to activate.' } },
      required: ['intent_id'],
      additionalProperties: false,
    });
    expect(select?.annotations?.readOnlyHint).toBe(true);
  });

  it('tells the client the intents in its instructions', async () => {
    const proxy = await start();
    expect(proxy.client.getInstructions()).toContain('- INT-001: JWT authentication (scope: src/**)');
  });
});

describe('the handshake', () => {
  it("refuses write_file before the intent with seed 001's reason and writes nothing", async () => {
    const proxy = await start();
    const result = await proxy.call('write_file', { path: 'src/new.ts', content: 'x' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain(SEED_001_REASON);
    expect(resultText(result)).toContain('state_violation');
    expect(result._meta?.[DECISION_META_KEY]).toMatchObject({
      verdict: 'deny',
      code: 'state_violation',
      state: 'REASONING',
    });
    expect(existsSync(path.join(proxy.workspace, 'src', 'new.ts'))).toBe(false);
  });

  it('sends tools/list_changed on select_active_intent, and the next list includes write_file', async () => {
    const proxy = await start();
    expect(await proxy.toolNames()).not.toContain('write_file');
    const changed = proxy.nextListChanged();
    const result = await proxy.call('select_active_intent', { intent_id: 'INT-001' });
    expect(resultText(result)).toContain("Intent 'INT-001' is active");
    await changed;
    const names = await proxy.toolNames();
    expect(names).toEqual(
      expect.arrayContaining(['write_file', 'edit_file', 'move_file', 'create_directory', 'select_active_intent']),
    );
    expect(proxy.proxy.governor.state).toBe('ACTION');
  });

  it('refuses an unknown intent id and lists the valid ones, with no list change', async () => {
    const proxy = await start();
    const result = await proxy.call('select_active_intent', { intent_id: 'INT-404' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('Valid intent ids: INT-001.');
    expect(proxy.listChangedCount()).toBe(0);
  });

  it('offers no attempt_completion: the call is refused and the state stays ACTION', async () => {
    const proxy = await start();
    await selectIntent(proxy);
    const result = await proxy.call('attempt_completion', {});
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('not offered through this proxy');
    expect(proxy.proxy.governor.state).toBe('ACTION');
  });

  it('refuses a tool the upstream does not list without deciding it', async () => {
    const proxy = await start();
    const result = await proxy.call('execute_command', { command: 'rm -rf /' });
    expect(resultText(result)).toContain("Unknown tool 'execute_command'");
  });
});

describe('safe mode', () => {
  it('asks through elicitation and writes the file when the user accepts', async () => {
    const proxy = await start({ elicitation: 'accept' });
    await selectIntent(proxy);
    const result = await proxy.call('write_file', { path: 'src/new.ts', content: 'export {};\n' });
    expect(result.isError).toBeFalsy();
    expect(resultText(result)).toBe('Successfully wrote to src/new.ts');
    expect(readFileSync(path.join(proxy.workspace, 'src', 'new.ts'), 'utf8')).toBe('export {};\n');
    expect(proxy.elicitations).toHaveLength(1);
    expect(proxy.elicitations[0]).toContain('Call write_file: src/new.ts');
    expect(proxy.elicitations[0]).toContain('FS_DELETE_OVERWRITE: Data or file history can be lost.');
    expect(proxy.elicitations[0]).toContain('Accept runs this call once');
    // Continue approves one call: the next write asks again
    await proxy.call('write_file', { path: 'src/other.ts', content: '' });
    expect(proxy.elicitations).toHaveLength(2);
  });

  it('allows this one tool for the session when the user ticks approve_for_session, and still asks about the others', async () => {
    const proxy = await start({ elicitation: 'accept-for-session' });
    await selectIntent(proxy);
    await proxy.call('write_file', { path: 'src/a.ts', content: 'a' });
    await proxy.call('write_file', { path: 'src/b.ts', content: 'b' });
    expect(proxy.elicitations).toHaveLength(1);
    expect(proxy.elicitations[0]).toContain(
      'to allow write_file (FS_DELETE_OVERWRITE) for the rest of this session, and no other tool',
    );
    expect(proxy.proxy.governor.approvedCategories).toEqual([]);
    expect(proxy.proxy.governor.grants).toEqual([
      expect.objectContaining({ categories: ['FS_DELETE_OVERWRITE'], tools: ['write_file'], until: 'session' }),
    ]);
    expect(readFileSync(path.join(proxy.workspace, 'src', 'b.ts'), 'utf8')).toBe('b');
    await proxy.call('move_file', { source: 'src/a.ts', destination: 'src/c.ts' });
    expect(proxy.elicitations).toHaveLength(2);
  });

  it.each([
    { name: 'declines', elicitation: 'decline', said: 'The user declined this call' },
    { name: 'dismisses', elicitation: 'cancel', said: 'The user dismissed the approval request' },
  ] as const)('writes nothing and returns an error when the user $name', async ({ elicitation, said }) => {
    const proxy = await start({ elicitation });
    await selectIntent(proxy);
    const result = await proxy.call('write_file', { path: 'src/new.ts', content: 'x' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain(said);
    expect(resultText(result)).toContain('approval_cancelled');
    expect(existsSync(path.join(proxy.workspace, 'src', 'new.ts'))).toBe(false);
    expect(proxy.proxy.governor.pendingApproval).toBeUndefined();
  });

  it('tells a client without elicitation how to approve, and writes nothing', async () => {
    const proxy = await start({ elicitation: 'none' });
    await selectIntent(proxy);
    const result = await proxy.call('write_file', { path: 'src/new.ts', content: 'x' });
    expect(result.isError).toBe(true);
    const text = resultText(result);
    expect(text).toContain('does not support elicitation');
    expect(text).toContain('--approve FS_DELETE_OVERWRITE');
    expect(text).toContain('`approve` option');
    expect(text).not.toContain('[Continue]');
    expect(existsSync(path.join(proxy.workspace, 'src', 'new.ts'))).toBe(false);
    expect(proxy.proxy.governor.pendingApproval).toBeUndefined();
  });

  it('writes without asking when the category was approved at start', async () => {
    const proxy = await start({ elicitation: 'none', approve: ['FS_DELETE_OVERWRITE'] });
    await selectIntent(proxy);
    const result = await proxy.call('write_file', { path: 'src/new.ts', content: 'x' });
    expect(result.isError).toBeFalsy();
    expect(readFileSync(path.join(proxy.workspace, 'src', 'new.ts'), 'utf8')).toBe('x');
  });

  it('maps move_file to both of its paths: a destination out of scope is refused', async () => {
    const proxy = await start({ approve: ['FS_DELETE_OVERWRITE'] });
    await selectIntent(proxy);
    const result = await proxy.call('move_file', { source: 'src/index.ts', destination: 'docs/index.ts' });
    expect(resultText(result)).toContain(
      "Scope Violation: 'docs/index.ts' is outside the scope of intent 'INT-001' (src/**).",
    );
    expect(existsSync(path.join(proxy.workspace, 'src', 'index.ts'))).toBe(true);
  });
});

describe('scope', () => {
  it.each([
    {
      name: 'a path of another folder',
      target: 'docs/x.md',
      reason: "Scope Violation: 'docs/x.md' is outside the scope of intent 'INT-001' (src/**).",
    },
    {
      name: 'a path outside the workspace',
      target: '../outside.txt',
      reason: "Scope Violation: '../outside.txt' resolves outside the workspace root; no intent scope covers it.",
    },
  ])('refuses write_file to $name with the scope reason and writes nothing', async ({ target, reason }) => {
    const proxy = await start({ approve: ['FS_DELETE_OVERWRITE', 'FS_OUTSIDE_WORKSPACE'] });
    await selectIntent(proxy);
    const result = await proxy.call('write_file', { path: target, content: 'x' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain(reason);
    expect(proxy.elicitations).toEqual([]);
    expect(existsSync(path.resolve(proxy.workspace, target))).toBe(false);
  });
});

describe('closing', () => {
  it('stops the upstream process when the client disconnects', async () => {
    const proxy = await start();
    const pid = proxy.proxy.upstream.pid;
    expect(pid).toBeTypeOf('number');
    expect(isAlive(pid as number)).toBe(true);
    await proxy.client.close();
    expect(await proxy.proxy.closed).toBe('client_closed');
    expect(isAlive(pid as number)).toBe(false);
  });
});
