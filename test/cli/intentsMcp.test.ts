import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REPO_ROOT } from './cliHarness';

const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');
const SOURCE_CLI = [process.execPath, '--import', 'tsx', MAIN] as const;
// the executable as `npm run build` writes it: the bin and the bundles it picks from
const BUILT_FILES = ['cli.cjs', 'cli.bundle.cjs', 'cli.calls.cjs'].map((file) => path.join(REPO_ROOT, 'dist', file));
const SDK = '@modelcontextprotocol/sdk';
// a loaded machine may take long to start a process: the backstop is generous, the tests wait for output or exit
const BACKSTOP_MS = 120_000;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** `intentgate intents-mcp` as an agent starts it: a child process on stdio, with the SDK's client. */
async function connect(root: string, cli: readonly string[] = SOURCE_CLI, cwd = REPO_ROOT): Promise<Client> {
  const [command = '', ...args] = cli;
  const transport = new StdioClientTransport({
    command,
    args: [...args, 'intents-mcp', '--workspace', root],
    cwd,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('intentgate intents-mcp', () => {
  it(
    'serves the two handshake tools as the server "intentgate", the intents and scopes in the description',
    async () => {
      const client = await connect(makeWorkspace({ intentsYaml: INTENTS_YAML }));
      expect(client.getServerVersion()?.name).toBe('intentgate');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['select_active_intent', 'attempt_completion']);
      expect(tools[0]?.description).toContain('- INT-001: JWT authentication (scope: src/auth/**, tests/auth/)');
      expect(tools[0]?.inputSchema.required).toEqual(['intent_id']);
    },
    BACKSTOP_MS,
  );

  it(
    'confirms a selection and a completion, and refuses an unknown intent',
    async () => {
      const client = await connect(makeWorkspace({ intentsYaml: INTENTS_YAML }));
      const selected = (await client.callTool({
        name: 'select_active_intent',
        arguments: { intent_id: 'INT-002' },
      })) as CallToolResult;
      expect({ text: textOf(selected), isError: selected.isError }).toEqual({
        text: 'Intent INT-002 is active: changes are permitted inside its scope (docs/**). Call attempt_completion when the task is done.',
        isError: false,
      });
      const unknown = (await client.callTool({
        name: 'select_active_intent',
        arguments: { intent_id: 'NOPE' },
      })) as CallToolResult;
      expect({
        starts: textOf(unknown).startsWith("Unknown intent 'NOPE'. Available intents:"),
        isError: unknown.isError,
      }).toEqual({ starts: true, isError: true });
      const done = (await client.callTool({
        name: 'attempt_completion',
        arguments: { result: 'ok' },
      })) as CallToolResult;
      expect(done.isError).toBe(false);
    },
    BACKSTOP_MS,
  );

  it(
    'reads the intents file again at every list',
    async () => {
      const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
      const client = await connect(root);
      writeFileSync(
        path.join(root, '.orchestration', 'active_intents.yaml'),
        "active_intents:\n  - id: NEW-1\n    owned_scope: ['lib/**']\n",
      );
      const { tools } = await client.listTools();
      expect(tools[0]?.description).toContain('- NEW-1 (scope: lib/**)');
      writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'active_intents: [');
      expect((await client.listTools()).tools[0]?.description).toContain('The intents cannot be read');
    },
    BACKSTOP_MS,
  );
});

interface ServerRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly replies: readonly unknown[];
}

/**
 * Starts `intentgate intents-mcp` from the sources, writes `lines` to its stdin and then either
 * ends stdin or, once every reply it waits for has come, sends SIGTERM; answers how it exited.
 */
function runServer(
  root: string,
  lines: readonly string[],
  stopWith: { readonly signal: NodeJS.Signals; readonly afterReplies: number } | 'stdin-end',
): Promise<ServerRun> {
  const child = spawn(SOURCE_CLI[0], [...SOURCE_CLI.slice(1), 'intents-mcp', '--workspace', root], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  const replies = (): unknown[] =>
    stdout
      .split('\n')
      .filter((text) => text !== '')
      .map((text): unknown => JSON.parse(text));
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    if (stopWith !== 'stdin-end' && replies().length === stopWith.afterReplies) child.kill(stopWith.signal);
  });
  for (const line of lines) child.stdin.write(line);
  if (stopWith === 'stdin-end') child.stdin.end();
  return new Promise((resolve, reject) => {
    const backstop = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`intents-mcp did not exit within ${BACKSTOP_MS} ms; it wrote: ${stdout.slice(0, 500)}`));
    }, BACKSTOP_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(backstop);
      resolve({ code, signal, replies: replies() });
    });
  });
}

const message = (value: unknown): string => `${JSON.stringify(value)}\n`;
const INITIALIZE = message({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const PING = message({ jsonrpc: '2.0', id: 2, method: 'ping' });
const OVERSIZED = `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"${'x'.repeat(1536 * 1024)}"}}\n`;
const replyIds = (run: ServerRun): unknown[] =>
  run.replies.map((reply) => (typeof reply === 'object' && reply !== null ? Reflect.get(reply, 'id') : reply));

const processCases = [
  {
    name: 'exits 0 once stdin ends, after answering every line',
    lines: [INITIALIZE, message({ jsonrpc: '2.0', method: 'notifications/initialized' }), PING],
    stopWith: 'stdin-end' as const,
    expected: { code: 0, signal: null, ids: [1, 2] },
  },
  {
    name: 'refuses a line over 1 MiB with an error of id null and answers the next line',
    lines: [INITIALIZE, OVERSIZED, PING],
    stopWith: 'stdin-end' as const,
    expected: { code: 0, signal: null, ids: [1, null, 2] },
  },
  {
    name: 'exits 0 on SIGTERM while stdin stays open',
    lines: [INITIALIZE],
    stopWith: { signal: 'SIGTERM' as const, afterReplies: 1 },
    expected: { code: 0, signal: null, ids: [1] },
  },
  {
    name: 'exits 0 on SIGINT while stdin stays open',
    lines: [INITIALIZE],
    stopWith: { signal: 'SIGINT' as const, afterReplies: 1 },
    expected: { code: 0, signal: null, ids: [1] },
  },
];

describe('intentgate intents-mcp as a process', () => {
  it.each(processCases)(
    '$name',
    async ({ lines, stopWith, expected }) => {
      const run = await runServer(makeWorkspace({ intentsYaml: INTENTS_YAML }), lines, stopWith);
      expect({ code: run.code, signal: run.signal, ids: replyIds(run) }).toEqual(expected);
    },
    BACKSTOP_MS,
  );
});

describe.skipIf(!BUILT_FILES.every((file) => existsSync(file)))(
  'the built intents-mcp where @modelcontextprotocol/sdk cannot be resolved',
  () => {
    it(
      'serves and calls the handshake tools to the SDK client from a folder outside any node_modules',
      async () => {
        const folder = mkdtempSync(path.join(tmpdir(), 'intentgate-no-sdk-'));
        for (const file of BUILT_FILES) copyFileSync(file, path.join(folder, path.basename(file)));
        expect(() => createRequire(path.join(folder, 'cli.cjs')).resolve(SDK)).toThrow(/Cannot find module/);
        const client = await connect(
          makeWorkspace({ intentsYaml: INTENTS_YAML }),
          [process.execPath, path.join(folder, 'cli.cjs')],
          folder,
        );
        const { tools } = await client.listTools();
        const selected = (await client.callTool({
          name: 'select_active_intent',
          arguments: { intent_id: 'INT-001' },
        })) as CallToolResult;
        expect({
          server: client.getServerVersion()?.name,
          tools: tools.map((tool) => tool.name),
          selected: selected.isError,
        }).toEqual({
          server: 'intentgate',
          tools: ['select_active_intent', 'attempt_completion'],
          selected: false,
        });
      },
      BACKSTOP_MS,
    );
  },
);
