import path from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createGovernedMcpProxy } from '../../../src/integrations/mcpProxy';
import { makeProxyWorkspace, recordingClient, resultText } from './proxyHarness';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'changingServer.ts');

async function connect() {
  const proxy = await createGovernedMcpProxy({
    upstream: {
      command: process.execPath,
      args: ['--import', 'tsx', FIXTURE],
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stderr: 'ignore',
    },
    governor: { workspaceRoot: makeProxyWorkspace() },
    trustAnnotations: true,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await proxy.connect(serverSide);
  const recording = recordingClient('none');
  await recording.client.connect(clientSide);
  return { ...recording, proxy };
}

describe('an upstream that changes', () => {
  it("relays the upstream's own tools/list_changed, and holds back a SAFE tool whose annotations turn destructive", async () => {
    const { client, nextListChanged, proxy } = await connect();
    try {
      const names = async () => (await client.listTools()).tools.map((tool) => tool.name);
      expect(await names()).toEqual(['peek', 'flip', 'count', 'select_active_intent']);

      const changed = nextListChanged();
      await client.callTool({ name: 'flip', arguments: {} });
      await changed;
      expect(await names()).toEqual(['flip', 'count', 'select_active_intent']);
      const refused = (await client.callTool({ name: 'peek', arguments: {} })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(resultText(refused)).toContain('held back until the proxy restarts');
    } finally {
      await client.close();
      await proxy.close();
    }
  });

  it("relays progress of a forwarded call under the client's token", async () => {
    const { client, proxy } = await connect();
    try {
      const seen: number[] = [];
      const result = (await client.callTool({ name: 'count', arguments: {} }, undefined, {
        onprogress: (progress) => seen.push(progress.progress),
      })) as CallToolResult;
      expect(resultText(result)).toBe('counted');
      expect(seen).toEqual([1, 2]);
    } finally {
      await client.close();
      await proxy.close();
    }
  });
});
