import path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import packageJson from '../../../package.json' with { type: 'json' };
import { parseGovernorOptions, type GovernorOptions } from '../../governor/governorOptions';
import { INTENTS_FILE_NAME, loadIntentsFile } from '../../intents/intentsFile';
import { HANDSHAKE_SENTENCE } from '../../lifecycle/handshakePrompt';
import { onStdioHangUp } from '../stdioHangUp';
import { intentToolResult, intentTools, type IntentsRead } from './intentTools';

/** The server's name: its tools reach the model as `mcp__intentgate__select_active_intent` in Claude Code. */
export const INTENTS_MCP_SERVER_NAME = 'intentgate';

/** The intents as they are now: the options', else the intents file's (read at every list and call). */
function intentsReader(options: GovernorOptions): () => IntentsRead {
  const config = parseGovernorOptions(options, process.cwd());
  const file = path.join(config.orchestrationDir, INTENTS_FILE_NAME);
  return () => {
    if (config.intents) return { ok: true, intents: config.intents };
    try {
      return { ok: true, intents: loadIntentsFile(file) };
    } catch (error) {
      return { ok: false, problem: error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error) };
    }
  };
}

/**
 * Serves `select_active_intent` and `attempt_completion` over MCP on stdio, for agents whose
 * tools lack them; the agent's pre-tool hook governs the calls (it sees them as
 * `mcp__intentgate__select_active_intent`), and this server only confirms them. Resolves
 * when the client disconnects (stdin ends) or SIGINT/SIGTERM arrives.
 */
export async function runIntentsMcp(options: GovernorOptions): Promise<void> {
  const read = intentsReader(options);
  const server = new Server(
    { name: INTENTS_MCP_SERVER_NAME, version: packageJson.version },
    { capabilities: { tools: {} }, instructions: `${HANDSHAKE_SENTENCE} Call select_active_intent with the id of the intent you are working on before changing files or running commands.` },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: intentTools(read()) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const result = intentToolResult(request.params.name, request.params.arguments ?? {}, read());
    return { content: [{ type: 'text' as const, text: result.text }], isError: result.isError };
  });
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const release = onStdioHangUp(() => stop());
  try {
    await server.connect(new StdioServerTransport());
    await stopped;
  } finally {
    release();
    await server.close().catch(() => undefined);
  }
}
