import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { REPO_ROOT } from './cliHarness';

const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** `intentgate intents-mcp` as an agent starts it: a child process on stdio, with the SDK's client. */
async function connect(root: string): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', MAIN, 'intents-mcp', '--workspace', root], cwd: REPO_ROOT, stderr: 'pipe' });
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: CallToolResult): string => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('intentgate intents-mcp', () => {
  it('serves the two handshake tools as the server "intentgate", the intents and scopes in the description', async () => {
    const client = await connect(makeWorkspace({ intentsYaml: INTENTS_YAML }));
    expect(client.getServerVersion()?.name).toBe('intentgate');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['select_active_intent', 'attempt_completion']);
    expect(tools[0]?.description).toContain('- INT-001: JWT authentication (scope: src/auth/**, tests/auth/)');
    expect(tools[0]?.inputSchema.required).toEqual(['intent_id']);
  }, 30_000);

  it('confirms a selection and a completion, and refuses an unknown intent', async () => {
    const client = await connect(makeWorkspace({ intentsYaml: INTENTS_YAML }));
    const selected = (await client.callTool({ name: 'select_active_intent', arguments: { intent_id: 'INT-002' } })) as CallToolResult;
    expect({ text: textOf(selected), isError: selected.isError }).toEqual({ text: 'Intent INT-002 is active: changes are permitted inside its scope (docs/**). Call attempt_completion when the task is done.', isError: false });
    const unknown = (await client.callTool({ name: 'select_active_intent', arguments: { intent_id: 'NOPE' } })) as CallToolResult;
    expect({ starts: textOf(unknown).startsWith("Unknown intent 'NOPE'. Available intents:"), isError: unknown.isError }).toEqual({ starts: true, isError: true });
    const done = (await client.callTool({ name: 'attempt_completion', arguments: { result: 'ok' } })) as CallToolResult;
    expect(done.isError).toBe(false);
  }, 30_000);

  it('reads the intents file again at every list', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const client = await connect(root);
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), "active_intents:\n  - id: NEW-1\n    owned_scope: ['lib/**']\n");
    const { tools } = await client.listTools();
    expect(tools[0]?.description).toContain('- NEW-1 (scope: lib/**)');
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'active_intents: [');
    expect((await client.listTools()).tools[0]?.description).toContain('The intents cannot be read');
  }, 30_000);
});
