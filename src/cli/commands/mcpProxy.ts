import type { Command } from 'commander';
import { PolicyError } from '../../errors/PolicyError';
import {
  MCP_PROXY_USAGE,
  mcpProxyOptionsFromArgs,
  parseMcpProxyArgs,
  type McpProxyArgs,
} from '../../integrations/mcpProxy/mcpProxyArgs';
import type { McpProxyOptions } from '../../integrations/mcpProxy/mcpProxyOptions';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES } from '../exitCodes';
import { loadMcpProxy } from '../loadMcpProxy';
import { UsageError } from '../usageError';

/** The proxy's options; a bad --policy file is a bad option of this command, like its flags (exit 2). */
function proxyOptions(args: McpProxyArgs, cwd: string): McpProxyOptions {
  try {
    return mcpProxyOptionsFromArgs(args, cwd);
  } catch (error) {
    if (error instanceof PolicyError) throw new UsageError(`mcp-proxy: --policy: ${error.message}`);
    throw error;
  }
}

/**
 * `intentgate mcp-proxy [--policy FILE] [--trusted] [--approve CAT]... [--workspace DIR] -- <upstream command>`:
 * a governed MCP server on stdio in front of any MCP server. Its flags are parsed by the
 * proxy's own parser, since everything after `--` belongs to the upstream command.
 */
export function registerMcpProxy(program: Command, context: CommandContext): void {
  program
    .command('mcp-proxy')
    .summary('serve MCP on stdio in front of an upstream MCP server, gating every tool call')
    .description(MCP_PROXY_USAGE)
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async () => {
      const { argv } = context;
      const parsed = parseMcpProxyArgs(argv.slice(argv.indexOf('mcp-proxy') + 1));
      if (!parsed.ok) throw new UsageError(`mcp-proxy: ${parsed.problem}\n${MCP_PROXY_USAGE}`);
      if (parsed.args.help) {
        context.io.stdout.write(`${MCP_PROXY_USAGE}\n`);
        return context.exit(EXIT_CODES.ok);
      }
      const options = proxyOptions(parsed.args, context.io.cwd);
      const runMcpProxy = await loadMcpProxy();
      const reason = await runMcpProxy(options);
      if (reason === 'upstream_closed') context.io.stderr.write('mcp-proxy: the upstream server exited\n');
      context.exit(reason === 'upstream_closed' ? EXIT_CODES.failure : EXIT_CODES.ok);
    });
}
