import type { Command } from 'commander';
import { MCP_PROXY_USAGE, mcpProxyOptionsFromArgs, parseMcpProxyArgs } from '../../integrations/mcpProxy/mcpProxyArgs';
import type { CommandContext } from '../commandContext';
import { EXIT_CODES } from '../exitCodes';
import { UsageError } from '../usageError';

/**
 * `intentgate mcp-proxy [--trusted] [--approve CAT]... [--workspace DIR] -- <upstream command>`:
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
      // loaded only here: the MCP SDK is an optional peer, the other commands must not need it
      const { runMcpProxy } = await import('../../integrations/mcpProxy/runMcpProxy');
      const reason = await runMcpProxy(mcpProxyOptionsFromArgs(parsed.args, context.io.cwd));
      if (reason === 'upstream_closed') context.io.stderr.write('mcp-proxy: the upstream server exited\n');
      context.exit(reason === 'upstream_closed' ? EXIT_CODES.failure : EXIT_CODES.ok);
    });
}
