import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createGovernedMcpProxy,
  mcpProxyOptionsFromArgs,
  parseMcpProxyArgs,
  type GovernedMcpProxy,
  type McpProxyOptions,
} from '../../src/integrations/mcpProxy';
import { UpstreamUnavailableError } from '../../src/errors/UpstreamUnavailableError';
import { recordingClient, resultText } from '../integrations/mcpProxy/proxyHarness';
import { BWRAP } from './sandboxSupport';

// The MCP proxy's upstream started in the real sandbox: a server whose tool writes where the
// governor cannot see (no path argument) writes only in the active intent's scope, and is
// started again under the new scope when the intent changes.

const REPOSITORY = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(REPOSITORY, 'test', 'integrations', 'mcpProxy', 'fixtures', 'writingServer.ts');
const INTENTS = `active_intents:
  - id: INT-1
    name: work in src
    owned_scope: [src/**]
  - id: INT-2
    name: work in docs
    owned_scope: [docs/**]
`;

/** A workspace with src/ and docs/, two intents, and a folder beside it. */
function workspaceBeside(): { readonly root: string; readonly outside: string } {
  const base = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'proxy-contained-'));
  const root = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  for (const folder of [path.join(root, '.orchestration'), path.join(root, 'src'), path.join(root, 'docs'), outside])
    mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), INTENTS);
  return { root, outside };
}

const proxies: GovernedMcpProxy[] = [];
afterEach(async () => {
  for (const proxy of proxies.splice(0)) await proxy.close();
});

/** The proxy in this process in front of the writing server, its client accepting every question. */
async function startProxy(root: string, extra: Partial<McpProxyOptions> = {}) {
  const proxy = await createGovernedMcpProxy({
    upstream: {
      command: process.execPath,
      args: ['--import', 'tsx', FIXTURE, root],
      cwd: REPOSITORY,
      stderr: 'ignore',
    },
    governor: { workspaceRoot: root, trace: () => undefined },
    ...extra,
  });
  proxies.push(proxy);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await proxy.connect(serverSide);
  const recording = recordingClient('accept');
  await recording.client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
    (await recording.client.callTool({ name, arguments: args })) as CallToolResult;
  return { proxy, call };
}

const outcomes = (result: CallToolResult): Record<string, string> =>
  JSON.parse(resultText(result)) as Record<string, string>;

// beside a workspace in /tmp the folder is hidden by the private /tmp (ENOENT); elsewhere it is read-only (EROFS)
const FAILED_OUTSIDE = ['EROFS', 'ENOENT'];

describe.skipIf(BWRAP === undefined)('the MCP proxy with its upstream contained', () => {
  it("lets the upstream write only in the active intent's scope, and follows a change of intent", async () => {
    const { root, outside } = workspaceBeside();
    const { proxy, call } = await startProxy(root, { containUpstream: 'required' });
    expect(proxy.upstreamContainment.contained).toBe(true);

    expect((await call('select_active_intent', { intent_id: 'INT-1' })).isError).not.toBe(true);
    const firstPid = proxy.upstream.pid;
    const first = outcomes(await call('write_files', { name: 'one.txt' }));
    expect(first).toMatchObject({ src: 'ok', docs: 'EROFS' });
    expect(FAILED_OUTSIDE).toContain(first['../outside']);
    expect(readFileSync(path.join(root, 'src', 'one.txt'), 'utf8')).toBe('written by the upstream\n');
    expect(existsSync(path.join(root, 'docs', 'one.txt'))).toBe(false);
    expect(existsSync(path.join(outside, 'one.txt'))).toBe(false);

    // another intent, another scope: the upstream is started again before the next call
    expect((await call('select_active_intent', { intent_id: 'INT-2' })).isError).not.toBe(true);
    const second = outcomes(await call('write_files', { name: 'two.txt' }));
    expect(second).toMatchObject({ src: 'EROFS', docs: 'ok' });
    expect(FAILED_OUTSIDE).toContain(second['../outside']);
    expect(proxy.upstream.pid).not.toBe(firstPid);
    expect(readFileSync(path.join(root, 'docs', 'two.txt'), 'utf8')).toBe('written by the upstream\n');
    expect(existsSync(path.join(root, 'src', 'two.txt'))).toBe(false);
    expect(existsSync(path.join(outside, 'two.txt'))).toBe(false);
  });

  it('keeps an upstream that is not asked to be contained as it was', async () => {
    const { root, outside } = workspaceBeside();
    const { proxy, call } = await startProxy(root);
    expect(proxy.upstreamContainment).toEqual({
      contained: false,
      reason: 'the upstream runs uncontained (containUpstream is off)',
    });
    await call('select_active_intent', { intent_id: 'INT-1' });
    expect(outcomes(await call('write_files', { name: 'plain.txt' }))).toEqual({
      src: 'ok',
      docs: 'ok',
      '../outside': 'ok',
    });
    expect(existsSync(path.join(outside, 'plain.txt'))).toBe(true);
  });
});

describe('the MCP proxy without bubblewrap', () => {
  it('refuses to start an upstream that must be contained', async () => {
    const { root } = workspaceBeside();
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(startProxy(root, { containUpstream: 'required' })).rejects.toThrow(UpstreamUnavailableError);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('runs the upstream uncontained under auto, and says why', async () => {
    const { root, outside } = workspaceBeside();
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    let started: Awaited<ReturnType<typeof startProxy>>;
    try {
      started = await startProxy(root, { containment: { mode: 'auto' } });
    } finally {
      process.env.PATH = saved;
    }
    expect(started.proxy.upstreamContainment.contained).toBe(false);
    expect(started.proxy.upstreamContainment.reason).toContain('bubblewrap (bwrap) is not installed');
    await started.call('select_active_intent', { intent_id: 'INT-1' });
    expect(outcomes(await started.call('write_files', { name: 'auto.txt' }))).toMatchObject({ src: 'ok', docs: 'ok' });
    expect(existsSync(path.join(outside, 'auto.txt'))).toBe(true);
  });

  it('takes --contain-upstream, and the mode of the policy file as the default', () => {
    const parsed = parseMcpProxyArgs(['--contain-upstream', '--', 'server']);
    expect(parsed.ok && mcpProxyOptionsFromArgs(parsed.args, '/tmp').containUpstream).toBe('required');
    const plain = parseMcpProxyArgs(['--', 'server']);
    expect(plain.ok && mcpProxyOptionsFromArgs(plain.args, '/tmp').containUpstream).toBeUndefined();
  });
});
