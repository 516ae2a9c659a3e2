// The governing MCP proxy on stdio: `tsx scripts/mcpProxy.ts [--trusted] [--approve CAT]... [--workspace DIR] -- <upstream command>`.
import { IntentGateError } from '../src/errors/IntentGateError';
import { mcpProxyOptionsFromArgs, MCP_PROXY_USAGE, parseMcpProxyArgs } from '../src/integrations/mcpProxy/mcpProxyArgs';
import { runMcpProxy } from '../src/integrations/mcpProxy/runMcpProxy';

async function main(): Promise<number> {
  const parsed = parseMcpProxyArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`mcp-proxy: ${parsed.problem}\n${MCP_PROXY_USAGE}\n`);
    return 2;
  }
  if (parsed.args.help) {
    process.stderr.write(`${MCP_PROXY_USAGE}\n`);
    return 0;
  }
  const reason = await runMcpProxy(mcpProxyOptionsFromArgs(parsed.args, process.cwd()));
  if (reason === 'upstream_closed') process.stderr.write('mcp-proxy: the upstream server exited\n');
  return reason === 'upstream_closed' ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`mcp-proxy: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof IntentGateError ? 2 : 1);
  },
);
