import { existsSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseGovernorOptions } from '../../governor/governorOptions';
import { onStdioHangUp } from '../stdioHangUp';
import { createGovernedMcpProxy, type McpProxyCloseReason } from './createGovernedMcpProxy';
import type { McpProxyOptions } from './mcpProxyOptions';

// stdout carries the protocol: every human-readable line goes to stderr
const warn = (line: string): void => {
  process.stderr.write(`mcp-proxy: ${line}\n`);
};

/**
 * Serves the governing proxy on this process's stdin and stdout until the client disconnects
 * (stdin ends), the upstream exits, or SIGINT/SIGTERM arrives; the upstream process is
 * stopped in every case. Resolves with the reason.
 *
 * @example
 * const reason = await runMcpProxy({ upstream: { command: 'npx', args: ['@modelcontextprotocol/server-filesystem', '.'] } });
 * process.exit(reason === 'upstream_closed' ? 1 : 0);
 */
export async function runMcpProxy(options: McpProxyOptions): Promise<McpProxyCloseReason> {
  const proxy = await createGovernedMcpProxy(options);
  const { orchestrationDir, orchestrationDirLabel, workspaceRoot } = parseGovernorOptions(
    options.governor,
    process.cwd(),
  );
  if (!existsSync(orchestrationDir)) {
    warn(
      `no ${orchestrationDirLabel}/ in ${workspaceRoot}: the fail-safe blocks every tool but select_active_intent until it exists`,
    );
  }
  const reported = proxy.upstream.client.getServerVersion()?.name;
  if ((options.trustedServers?.length ?? 0) > 0 && !proxy.annotationsTrusted) {
    // the usual slip: the list names the package, the server reports another name
    warn(
      `the upstream reports its name as '${reported ?? ''}', which trustedServers does not list: its tool annotations are not trusted`,
    );
  }
  // a person who asked for containment learns where it does not hold; one who did not is not told every start
  if (
    proxy.upstreamContainment.contained ||
    (options.containUpstream ?? 'off') !== 'off' ||
    options.containment !== undefined
  )
    warn(proxy.upstreamContainment.reason);
  for (const name of proxy.upstream.shadowed)
    warn(`the upstream lists '${name}'; intentgate's lifecycle owns that name, so the upstream's tool is hidden`);

  const release = onStdioHangUp(() => void proxy.close());
  try {
    await proxy.connect(new StdioServerTransport());
    return await proxy.closed;
  } catch (error) {
    await proxy.close();
    throw error;
  } finally {
    release();
  }
}
