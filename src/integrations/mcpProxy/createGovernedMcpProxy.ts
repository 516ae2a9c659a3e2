import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { createGovernor, type Governor } from '../../governor/createGovernor';
import { parseGovernorOptions } from '../../governor/governorOptions';
import { handshakePrompt } from '../../lifecycle/handshakePrompt';
import { selectActiveIntentMcpTool } from '../../tools/handshakeTools';
import { toolsTurnedMutating } from './annotationDrift';
import { toolKindsForUpstream } from './filesystemToolKinds';
import { parseMcpProxyOptions, type McpProxyConfig, type McpProxyOptions } from './mcpProxyOptions';
import { createToolCallGate } from './toolCallGate';
import { createToolListNotifier } from './toolListNotifier';
import { classificationFromAnnotations } from './upstreamClassification';
import { startProxyUpstream, type UpstreamContainment } from './proxyUpstream';
import type { UpstreamServer } from './upstreamServer';

/** Why a proxy stopped: its client went away, its upstream did, or `close()` was called. */
export type McpProxyCloseReason = 'client_closed' | 'upstream_closed' | 'closed';

/** A governing MCP server in front of one upstream MCP server. */
export interface GovernedMcpProxy {
  readonly governor: Governor;
  /** the client-facing MCP server */
  readonly server: Server;
  readonly upstream: UpstreamServer;
  /** whether the upstream runs in the containment sandbox (`containUpstream`), and why */
  readonly upstreamContainment: UpstreamContainment;
  /** whether the upstream's annotations were trusted: `trustAnnotations`, or its reported name in `trustedServers` */
  readonly annotationsTrusted: boolean;
  /** Connects the client-facing transport: stdio in runMcpProxy, any transport from code. */
  connect(transport: Transport): Promise<void>;
  /** The tools the client sees now: what the lifecycle state allows, and select_active_intent. */
  visibleTools(): Tool[];
  /** Resolves once both sides are closed. */
  readonly closed: Promise<McpProxyCloseReason>;
  /** Closes the client side, stops the upstream process and the governor. */
  close(): Promise<McpProxyCloseReason>;
}

// the MCP shape of select_active_intent, as a mutable Tool; the hints let clients run it without asking
const SELECT_TOOL: Tool = {
  name: selectActiveIntentMcpTool.name,
  description: selectActiveIntentMcpTool.description,
  inputSchema: {
    ...selectActiveIntentMcpTool.inputSchema,
    properties: { ...selectActiveIntentMcpTool.inputSchema.properties },
    required: [...selectActiveIntentMcpTool.inputSchema.required],
  },
  annotations: {
    title: 'Select the active intent',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

/** Either setting trusts the upstream: the flag for whatever server it is, the list for the name it reports. */
function trustsAnnotations(config: McpProxyConfig, upstream: UpstreamServer): boolean {
  const name = upstream.client.getServerVersion()?.name;
  return config.trustAnnotations || (name !== undefined && config.trustedServers.includes(name));
}

function createProxyGovernor(config: McpProxyConfig, upstream: UpstreamServer, trusted: boolean): Governor {
  const host = config.governor;
  const governor = createGovernor({
    ...host,
    // the host's explicit tables are its own decision and are applied over what the upstream says
    classification: { ...classificationFromAnnotations(upstream.tools, trusted), ...host.classification },
    toolKinds: { ...toolKindsForUpstream(upstream.tools), ...host.toolKinds },
  });
  if (config.approve.length > 0) governor.approveSession(config.approve);
  return governor;
}

function serverInstructions(governor: Governor, upstream: UpstreamServer): string {
  const name = upstream.client.getServerVersion()?.name ?? 'the upstream server';
  return [
    `intentgate governs the tools of ${name}: tools that change files are listed, and run, only after ` +
      `select_active_intent, and only inside the intent's scope.`,
    handshakePrompt('REASONING', { intents: governor.intents }),
  ].join('\n');
}

/**
 * Starts the upstream MCP server, reads its tools, and builds a governing MCP server in front
 * of it; call `connect(transport)` to serve a client.
 *
 * @example
 * const proxy = await createGovernedMcpProxy({
 *   upstream: { command: 'npx', args: ['@modelcontextprotocol/server-filesystem', '/repo'] },
 *   governor: { workspaceRoot: '/repo' },
 * });
 * await proxy.connect(new StdioServerTransport());
 */
export async function createGovernedMcpProxy(options: McpProxyOptions): Promise<GovernedMcpProxy> {
  const config = parseMcpProxyOptions(options);
  // invalid governor options fail here, before a process is started
  const { workspaceRoot } = parseGovernorOptions(config.governor, process.cwd());
  const launched = await startProxyUpstream(config, workspaceRoot);
  const { upstream } = launched;
  const annotationsTrusted = trustsAnnotations(config, upstream);
  let governor: Governor;
  try {
    governor = createProxyGovernor(config, upstream, annotationsTrusted);
  } catch (error) {
    await upstream.close().catch(() => undefined);
    throw error;
  }
  launched.follow(governor);

  const server = new Server(config.serverInfo, {
    capabilities: { tools: { listChanged: true } },
    instructions: serverInstructions(governor, upstream),
  });
  const hostClassified = new Set(Object.keys(config.governor.classification ?? {}));
  let heldBack = new Set<string>();
  const visibleTools = (): Tool[] =>
    governor.toolsFor(governor.state, [...upstream.tools.filter((tool) => !heldBack.has(tool.name)), SELECT_TOOL]);
  const notifier = createToolListNotifier({
    governor,
    visibleNames: () => visibleTools().map((tool) => tool.name),
    send: () => server.sendToolListChanged(),
  });
  const gate = createToolCallGate({
    governor,
    server,
    upstream,
    approvalTimeoutMs: config.approvalTimeoutMs,
    isHeldBack: (name) => heldBack.has(name),
  });

  // an MCP server never sees the user's messages: the client's arrival is the one user prompt
  let started = false;
  const ensureStarted = (): void => {
    if (started) return;
    governor.userPrompt();
    started = true;
    notifier.start();
  };
  server.oninitialized = ensureStarted;
  server.setRequestHandler(ListToolsRequestSchema, () => {
    ensureStarted();
    return { tools: visibleTools() };
  });
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    ensureStarted();
    return gate(request, extra);
  });
  upstream.onToolsChanged = () => {
    heldBack = toolsTurnedMutating(upstream.tools, (name) => governor.isToolAllowed(name).toolClass, hostClassified);
    notifier.upstreamChanged();
  };

  let reason: McpProxyCloseReason | undefined;
  let resolveClosed: (why: McpProxyCloseReason) => void = () => undefined;
  const closed = new Promise<McpProxyCloseReason>((resolve) => {
    resolveClosed = resolve;
  });
  const close = async (why: McpProxyCloseReason): Promise<McpProxyCloseReason> => {
    // closing one side fires the other's onclose: the first reason is the one kept
    if (reason) return closed;
    reason = why;
    notifier.stop();
    await server.close().catch(() => undefined);
    await upstream.close().catch(() => undefined);
    governor.stop();
    resolveClosed(why);
    return closed;
  };
  server.onclose = () => void close('client_closed');
  upstream.onClose = () => void close('upstream_closed');

  return {
    governor,
    server,
    upstream,
    upstreamContainment: launched.containment,
    annotationsTrusted,
    connect: (transport) => server.connect(transport),
    visibleTools,
    closed,
    close: () => close('closed'),
  };
}
