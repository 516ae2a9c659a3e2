import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolResultSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { UpstreamUnavailableError } from '../../errors/UpstreamUnavailableError';
import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from '../../tools/handshakeTools';
import type { UpstreamCommand } from './mcpProxyOptions';

// the proxy owns the lifecycle tools: an upstream tool of the same name would bypass or end it
const RESERVED_NAMES: ReadonlySet<string> = new Set([SELECT_ACTIVE_INTENT, ATTEMPT_COMPLETION]);

// a server that pages forever must not hang the proxy
const MAX_LIST_PAGES = 100;

/** The upstream MCP server, started as a child process, with its tool list cached. */
export interface UpstreamServer {
  readonly client: Client;
  /** the child's process id, while it runs */
  readonly pid: number | null;
  /** the cached `tools/list` of the upstream, without reserved names */
  readonly tools: readonly Tool[];
  /** the names the upstream listed with a reserved name, which the proxy hides */
  readonly shadowed: readonly string[];
  has(name: string): boolean;
  /** Re-reads the upstream's tool list (every page). */
  refresh(): Promise<readonly Tool[]>;
  /** Forwards a call as given and returns the upstream's result unchanged. */
  callTool(name: string, args: Record<string, unknown> | undefined, options: RequestOptions): Promise<CallToolResult>;
  /** Called after the upstream's own list_changed notification has been applied. */
  onToolsChanged: (() => void) | undefined;
  /** Called once when the connection to the upstream ends, for whatever reason. */
  onClose: (() => void) | undefined;
  close(): Promise<void>;
}

function environment(extra: Readonly<Record<string, string>> | undefined): Record<string, string> {
  // the user configured the proxy and the upstream together: the upstream sees the proxy's environment
  const inherited = Object.entries(process.env).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return { ...Object.fromEntries(inherited), ...extra };
}

async function listAllTools(client: Client): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

/**
 * Starts the upstream command, connects an MCP client to it over stdio and reads its tools.
 * Throws UpstreamUnavailableError when the command does not start or does not answer as an MCP server.
 *
 * @example
 * const upstream = await startUpstreamServer({ command: 'npx', args:
 * ['@modelcontextprotocol/server-filesystem', '/repo'] }, { name: 'proxy', version: '1' }, '/repo');
 */
export async function startUpstreamServer(
  command: UpstreamCommand,
  clientInfo: { readonly name: string; readonly version: string },
  defaultCwd: string,
): Promise<UpstreamServer> {
  const transport = new StdioClientTransport({
    command: command.command,
    args: command.args ?? [],
    env: environment(command.env),
    cwd: command.cwd ?? defaultCwd,
    stderr: command.stderr ?? 'inherit',
  });
  // no roots capability: the upstream keeps the directories its command line names
  const client = new Client({ name: clientInfo.name, version: clientInfo.version }, { capabilities: {} });
  let tools: Tool[] = [];
  let shadowed: string[] = [];
  let closed = false;

  const apply = (listed: readonly Tool[]): readonly Tool[] => {
    tools = listed.filter((tool) => !RESERVED_NAMES.has(tool.name));
    shadowed = listed.filter((tool) => RESERVED_NAMES.has(tool.name)).map((tool) => tool.name);
    return tools;
  };

  const upstream: UpstreamServer = {
    client,
    get pid() {
      return transport.pid;
    },
    get tools() {
      return tools;
    },
    get shadowed() {
      return shadowed;
    },
    has: (name) => tools.some((tool) => tool.name === name),
    refresh: async () => apply(await listAllTools(client)),
    callTool: (name, args, options) =>
      client.request(
        { method: 'tools/call', params: { name, ...(args !== undefined && { arguments: args }) } },
        CallToolResultSchema,
        options,
      ),
    onToolsChanged: undefined,
    onClose: undefined,
    close: () => client.close(),
  };

  client.onclose = () => {
    if (closed) return;
    closed = true;
    upstream.onClose?.();
  };
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    try {
      await upstream.refresh();
      upstream.onToolsChanged?.();
    } catch (error) {
      console.error(
        `mcp-proxy: could not re-read the upstream's tools: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });

  try {
    await client.connect(transport);
    await upstream.refresh();
  } catch (error) {
    await client.close().catch(() => undefined);
    const shown = [command.command, ...(command.args ?? [])].join(' ');
    throw new UpstreamUnavailableError(shown, error instanceof Error ? error.message : String(error), { cause: error });
  }
  return upstream;
}
