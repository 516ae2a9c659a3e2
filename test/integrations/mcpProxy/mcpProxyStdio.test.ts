import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  childPids,
  FILESYSTEM_SERVER_ENTRY,
  isAlive,
  makeProxyWorkspace,
  recordingClient,
  resultText,
  SAFE_BY_ANNOTATION,
  SEED_001_REASON,
  writePolicy,
  type ElicitationBehaviour,
} from './proxyHarness';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
// the proxy's two entry points: the script, and the `intentgate mcp-proxy` command
const ENTRIES = [
  { name: 'scripts/mcpProxy.ts', entry: [path.join(REPO_ROOT, 'scripts', 'mcpProxy.ts')] },
  { name: 'intentgate mcp-proxy', entry: [path.join(REPO_ROOT, 'src', 'cli', 'main.ts'), 'mcp-proxy'] },
];
const onLinux = process.platform === 'linux';

/** node --import tsx scripts/mcpProxy.ts <flags> -- node <server-filesystem> <workspace>, as a child process. */
interface Spawn {
  readonly entry: readonly string[];
  readonly flags: readonly string[];
  readonly elicitation: ElicitationBehaviour;
}

async function spawnProxy(workspace: string, { entry, flags, elicitation }: Spawn) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      ...entry,
      ...flags,
      '--workspace',
      workspace,
      '--',
      process.execPath,
      FILESYSTEM_SERVER_ENTRY,
      workspace,
    ],
    cwd: REPO_ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const recording = recordingClient(elicitation);
  await recording.client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await recording.client.callTool({ name, arguments: args })) as CallToolResult;
  const toolNames = async () => (await recording.client.listTools()).tools.map((tool) => tool.name);
  return { ...recording, transport, call, toolNames, stderr: () => stderr };
}

async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe.each(ENTRIES)('$name over stdio', ({ entry }) => {
  it('governs the real filesystem server end to end and exits with it when the client disconnects', async () => {
    const workspace = makeProxyWorkspace();
    const proxy = await spawnProxy(workspace, { entry, flags: [], elicitation: 'accept' });
    const proxyPid = proxy.transport.pid as number;
    const upstreamPids = onLinux ? childPids(proxyPid, FILESYSTEM_SERVER_ENTRY) : [];

    expect(await proxy.toolNames()).toEqual(['read_file', 'search_files', 'select_active_intent']);

    const early = await proxy.call('write_file', { path: 'src/new.ts', content: 'x' });
    expect(early.isError).toBe(true);
    expect(resultText(early)).toContain(SEED_001_REASON);

    const changed = proxy.nextListChanged();
    await proxy.call('select_active_intent', { intent_id: 'INT-001' });
    await changed;
    expect(await proxy.toolNames()).toContain('write_file');

    const written = await proxy.call('write_file', { path: 'src/new.ts', content: 'export {};\n' });
    expect(resultText(written)).toBe('Successfully wrote to src/new.ts');
    expect(readFileSync(path.join(workspace, 'src', 'new.ts'), 'utf8')).toBe('export {};\n');
    expect(proxy.elicitations).toHaveLength(1);

    const outside = await proxy.call('write_file', { path: 'docs/x.md', content: 'x' });
    expect(resultText(outside)).toContain(
      "Scope Violation: 'docs/x.md' is outside the scope of intent 'INT-001' (src/**).",
    );
    expect(existsSync(path.join(workspace, 'docs', 'x.md'))).toBe(false);

    const read = await proxy.call('read_file', { path: 'src/new.ts' });
    expect(resultText(read)).toBe('export {};\n');

    await proxy.client.close();
    expect(await waitUntil(() => !isAlive(proxyPid))).toBe(true);
    if (onLinux) {
      expect(upstreamPids).toHaveLength(1);
      expect(await waitUntil(() => upstreamPids.every((pid) => !isAlive(pid)))).toBe(true);
    }
  });

  it('takes --trusted and --approve: read-only tools are listed, and a client without elicitation writes', async () => {
    const workspace = makeProxyWorkspace();
    const proxy = await spawnProxy(workspace, {
      entry,
      flags: ['--trusted', '--approve', 'FS_DELETE_OVERWRITE'],
      elicitation: 'none',
    });
    try {
      const before = await proxy.toolNames();
      expect(before).toEqual(
        expect.arrayContaining(['read_text_file', 'list_directory', 'directory_tree', 'select_active_intent']),
      );
      expect(before).not.toContain('write_file');
      await proxy.call('select_active_intent', { intent_id: 'INT-001' });
      const written = await proxy.call('write_file', { path: 'src/approved.ts', content: 'ok' });
      expect(written.isError).toBeFalsy();
      expect(readFileSync(path.join(workspace, 'src', 'approved.ts'), 'utf8')).toBe('ok');
    } finally {
      await proxy.client.close();
    }
  });

  it('takes --policy: the server it trusts by name lists its read-only tools, and its classification applies', async () => {
    const workspace = makeProxyWorkspace();
    const policy = writePolicy(
      'version: 1\nclassification: { search_files: DESTRUCTIVE }\nmcp: { trustedServers: [secure-filesystem-server] }\n',
    );
    const proxy = await spawnProxy(workspace, { entry, flags: ['--policy', policy], elicitation: 'none' });
    try {
      expect(await proxy.toolNames()).toEqual([
        ...SAFE_BY_ANNOTATION.filter((name) => name !== 'search_files'),
        'select_active_intent',
      ]);
    } finally {
      await proxy.client.close();
    }
  });

  it('warns when the policy trusts other servers than the one it fronts, and trusts none of its annotations', async () => {
    const workspace = makeProxyWorkspace();
    const policy = writePolicy('version: 1\nmcp: { trustedServers: [filesystem] }\n');
    const proxy = await spawnProxy(workspace, { entry, flags: ['--policy', policy], elicitation: 'none' });
    try {
      expect(await proxy.toolNames()).toEqual(['read_file', 'search_files', 'select_active_intent']);
      expect(proxy.stderr()).toContain(
        "mcp-proxy: the upstream reports its name as 'secure-filesystem-server', which trustedServers does not list: its tool annotations are not trusted",
      );
    } finally {
      await proxy.client.close();
    }
  });

  it('exits with status 2 and the usage when the upstream command is missing', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', ...entry, '--trusted'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      input: '',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('the upstream command is missing');
    expect(run.stderr).toContain('usage: mcp-proxy');
    expect(run.stdout).toBe('');
  });
});
