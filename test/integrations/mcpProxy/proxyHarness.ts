import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import {
  createGovernedMcpProxy,
  mcpProxyOptionsFromArgs,
  parseMcpProxyArgs,
  type GovernedMcpProxy,
  type McpProxyOptions,
} from '../../../src/integrations/mcpProxy';
import type { RiskCategory } from '../../../src/categories/riskCategories';
import { makeWorkspace } from '../../support/workspace';

const require = createRequire(import.meta.url);
const filesystemPackage = require.resolve('@modelcontextprotocol/server-filesystem/package.json');

/** The real @modelcontextprotocol/server-filesystem entry, run with node. */
export const FILESYSTEM_SERVER_ENTRY = path.join(path.dirname(filesystemPackage), 'dist', 'index.js');

export const SEED_001_REASON =
  "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.";

/** A workspace with INT-001 owning src/**, a source file, a README and a docs folder. */
export function makeProxyWorkspace(): string {
  const root = makeWorkspace({
    intentsYaml:
      'active_intents:\n  - id: INT-001\n    name: JWT authentication\n    status: IN_PROGRESS\n    owned_scope: ["src/**"]\n',
  });
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'docs'));
  writeFileSync(path.join(root, 'src', 'index.ts'), 'export const answer = 42;\n');
  writeFileSync(path.join(root, 'docs', 'guide.md'), '# Guide\n');
  writeFileSync(path.join(root, 'README.md'), '# Project\n');
  return root;
}

/** How the test client answers an elicitation, or 'none' for a client without the capability. */
export type ElicitationBehaviour = 'accept' | 'accept-for-session' | 'decline' | 'cancel' | 'none';

const ANSWERS: Readonly<Record<Exclude<ElicitationBehaviour, 'none'>, ElicitResult>> = {
  accept: { action: 'accept', content: {} },
  'accept-for-session': { action: 'accept', content: { approve_for_session: true } },
  decline: { action: 'decline' },
  cancel: { action: 'cancel' },
};

/** An SDK client that records list_changed notifications and elicitation messages. */
export interface RecordingClient {
  readonly client: Client;
  readonly elicitations: string[];
  /** resolves at the next notifications/tools/list_changed */
  nextListChanged(): Promise<void>;
  listChangedCount(): number;
}

export function recordingClient(elicitation: ElicitationBehaviour): RecordingClient {
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    { capabilities: elicitation === 'none' ? {} : { elicitation: {} } },
  );
  const elicitations: string[] = [];
  let count = 0;
  let waiters: (() => void)[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    count += 1;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  });
  if (elicitation !== 'none') {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicitations.push(request.params.message);
      return ANSWERS[elicitation];
    });
  }
  return {
    client,
    elicitations,
    nextListChanged: () => new Promise<void>((resolve) => waiters.push(resolve)),
    listChangedCount: () => count,
  };
}

export interface InProcessSetup {
  readonly trusted?: boolean;
  readonly approve?: readonly RiskCategory[];
  readonly elicitation?: ElicitationBehaviour;
  /** a policy file's YAML text, given as `--policy` next to the workspace */
  readonly policy?: string;
}

/** The tools of the filesystem server that it annotates readOnlyHint: SAFE when it is trusted. */
export const SAFE_BY_ANNOTATION = [
  'read_file',
  'read_text_file',
  'read_media_file',
  'read_multiple_files',
  'list_directory',
  'list_directory_with_sizes',
  'directory_tree',
  'search_files',
  'get_file_info',
  'list_allowed_directories',
];

/** The options the command line `[--policy FILE] [--trusted] --workspace WS -- node <server> WS` stands for. */
function commandLineOptions(workspace: string, setup: InProcessSetup): McpProxyOptions {
  const policy = setup.policy === undefined ? [] : ['--policy', writePolicy(setup.policy)];
  const parsed = parseMcpProxyArgs([
    ...policy,
    ...(setup.trusted ? ['--trusted'] : []),
    '--workspace',
    workspace,
    '--',
    process.execPath,
    FILESYSTEM_SERVER_ENTRY,
    workspace,
  ]);
  if (!parsed.ok) throw new Error(parsed.problem);
  const options = mcpProxyOptionsFromArgs(parsed.args, workspace);
  return { ...options, upstream: { ...options.upstream, stderr: 'ignore' } };
}

/** A policy file in a folder of its own; returns its path. */
export function writePolicy(text: string): string {
  const file = path.join(
    mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'proxy-policy-')),
    'policy.yaml',
  );
  writeFileSync(file, text);
  return file;
}

export interface InProcessProxy extends RecordingClient {
  readonly proxy: GovernedMcpProxy;
  readonly workspace: string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  toolNames(): Promise<string[]>;
  close(): Promise<void>;
}

/** The proxy in this process, talking to its client over InMemoryTransport and to the real upstream over stdio. */
export async function startInProcessProxy(setup: InProcessSetup = {}): Promise<InProcessProxy> {
  const workspace = makeProxyWorkspace();
  const proxy = await createGovernedMcpProxy({
    ...commandLineOptions(workspace, setup),
    approve: [...(setup.approve ?? [])],
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await proxy.connect(serverSide);
  const recording = recordingClient(setup.elicitation ?? 'accept');
  await recording.client.connect(clientSide);
  return {
    ...recording,
    proxy,
    workspace,
    call: async (name, args) => (await recording.client.callTool({ name, arguments: args ?? {} })) as CallToolResult,
    toolNames: async () => (await recording.client.listTools()).tools.map((tool) => tool.name),
    close: async () => {
      await recording.client.close();
      await proxy.close();
    },
  };
}

/** The text of a tool result's content. */
export function resultText(result: CallToolResult): string {
  return result.content.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join('\n');
}

/** True while a process with this id exists (a zombie counts: it has not been reaped). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The ids of a process's children whose command line contains `needle`, from /proc (Linux). */
export function childPids(pid: number, needle: string): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the command name is in parentheses and may hold spaces: fields start after the last ')'
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      // tsx's esbuild service is a child too: pick by command line
      if (parent === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle))
        children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}
