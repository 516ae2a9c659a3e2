import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  resultText,
  SAFE_BY_ANNOTATION,
  startInProcessProxy,
  type InProcessProxy,
  type InProcessSetup,
} from './proxyHarness';

// each test starts the real @modelcontextprotocol/server-filesystem as the upstream: slow on a busy machine
const open: InProcessProxy[] = [];
async function start(setup: InProcessSetup): Promise<InProcessProxy> {
  const proxy = await startInProcessProxy(setup);
  open.push(proxy);
  return proxy;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((proxy) => proxy.close()));
});

// the name @modelcontextprotocol/server-filesystem reports at initialize
const FILESYSTEM_SERVER_NAME = 'secure-filesystem-server';
const SEED_SAFE_ONLY = ['read_file', 'search_files', 'select_active_intent'];

interface TrustCase {
  readonly name: string;
  readonly setup: InProcessSetup;
  readonly trusted: boolean;
}

const TRUST_CASES: readonly TrustCase[] = [
  {
    name: 'a policy that trusts the server by its reported name',
    setup: { policy: `version: 1\nmcp: { trustedServers: [${FILESYSTEM_SERVER_NAME}] }\n` },
    trusted: true,
  },
  { name: 'a policy with no mcp section', setup: { policy: 'version: 1\n' }, trusted: false },
  {
    name: 'a policy that trusts the package name, not the reported one',
    setup: { policy: 'version: 1\nmcp: { trustedServers: ["@modelcontextprotocol/server-filesystem"] }\n' },
    trusted: false,
  },
  {
    name: '--trusted over a policy that trusts no server',
    setup: { policy: 'version: 1\nmcp: { trustedServers: [] }\n', trusted: true },
    trusted: true,
  },
];

describe('mcp-proxy with a policy: which annotations count', () => {
  it.each(TRUST_CASES)('$name', async ({ setup, trusted }) => {
    const proxy = await start(setup);
    expect(proxy.proxy.annotationsTrusted).toBe(trusted);
    // readOnlyHint tools are listed before the handshake only from a trusted server
    expect(await proxy.toolNames()).toEqual(trusted ? [...SAFE_BY_ANNOTATION, 'select_active_intent'] : SEED_SAFE_ONLY);
  });

  it('never makes a tool SAFE from an untrusted annotation: list_directory is refused before the intent', async () => {
    const proxy = await start({ policy: 'version: 1\n' });
    const result = await proxy.call('list_directory', { path: '.' });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('[intentgate: deny state_violation]');
  });
});

describe('mcp-proxy with a policy: the governor it builds', () => {
  it("applies the policy's classification over the server's annotations", async () => {
    const proxy = await start({
      policy: 'version: 1\nclassification: { list_directory: SAFE, read_file: DESTRUCTIVE }\n',
    });
    expect(await proxy.toolNames()).toEqual(['list_directory', 'search_files', 'select_active_intent']);
  });

  it("applies the policy's safe mode: a write runs without asking when it is off", async () => {
    const proxy = await start({ policy: 'version: 1\nsafeMode: false\n', elicitation: 'none' });
    expect(proxy.proxy.governor.safeMode).toBe(false);
    await proxy.call('select_active_intent', { intent_id: 'INT-001' });
    const written = await proxy.call('write_file', { path: 'src/policy.ts', content: 'ok' });
    expect(written.isError).toBeFalsy();
    expect(readFileSync(path.join(proxy.workspace, 'src', 'policy.ts'), 'utf8')).toBe('ok');
  });

  it("writes the confirmation prompt in the policy's locale", async () => {
    const proxy = await start({ policy: 'version: 1\nlocale: ru\n', elicitation: 'none' });
    await proxy.call('select_active_intent', { intent_id: 'INT-001' });
    const held = resultText(await proxy.call('write_file', { path: 'src/held.ts', content: 'x' }));
    expect(held).toContain('1) ');
    expect(held).toMatch(/[А-Яа-яЁё]{4,}/);
  });

  it("takes the intents from the policy over the workspace's file", async () => {
    const proxy = await start({ policy: 'version: 1\nintents: [{ id: INT-POLICY, owned_scope: [docs/**] }]\n' });
    expect(proxy.proxy.governor.intents.map((intent) => intent.id)).toEqual(['INT-POLICY']);
    const refused = await proxy.call('select_active_intent', { intent_id: 'INT-001' });
    expect(resultText(refused)).toContain('Valid intent ids: INT-POLICY.');
  });
});
