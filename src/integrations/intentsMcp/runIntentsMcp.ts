import path from 'node:path';
import packageJson from '../../../package.json' with { type: 'json' };
import { parseGovernorOptions, type GovernorOptions } from '../../governor/governorOptions';
import { INTENTS_FILE_NAME, loadIntentsFile } from '../../intents/intentsFile';
import { HANDSHAKE_SENTENCE } from '../../lifecycle/handshakePrompt';
import { onStdioHangUp } from '../stdioHangUp';
import { intentToolResult, intentTools, type IntentsRead } from './intentTools';
import { serveMcpTools } from './mcpStdioServer';

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
      return { ok: false, problem: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) };
    }
  };
}

/**
 * Serves `select_active_intent` and `attempt_completion` over MCP on stdio, for agents whose
 * tools lack them; the agent's pre-tool hook governs the calls (it sees them as
 * `mcp__intentgate__select_active_intent`), and this server only confirms them. Resolves
 * when the client disconnects (stdin ends) or SIGINT/SIGTERM arrives. Needs no MCP SDK: the
 * protocol is the few messages of `mcpStdioServer.ts`.
 */
export async function runIntentsMcp(options: GovernorOptions): Promise<void> {
  const read = intentsReader(options);
  const stopped = new AbortController();
  const release = onStdioHangUp(() => stopped.abort());
  try {
    await serveMcpTools(
      {
        name: INTENTS_MCP_SERVER_NAME,
        version: packageJson.version,
        instructions: `${HANDSHAKE_SENTENCE} Call select_active_intent with the id of the intent you are working on before changing files or running commands.`,
        listTools: () => intentTools(read()),
        callTool: (name, args) => intentToolResult(name, args, read()),
      },
      { input: process.stdin, output: process.stdout },
      { signal: stopped.signal },
    );
  } finally {
    release();
  }
}
