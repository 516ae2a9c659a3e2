import { PeerDependencyError } from '../errors/PeerDependencyError';

/** `runMcpProxy`, which needs the optional peer @modelcontextprotocol/sdk. */
export type RunMcpProxy = typeof import('../integrations/mcpProxy/runMcpProxy').runMcpProxy;

/** Loads the module of runMcpProxy; replaced in tests to simulate a missing SDK. */
export type McpProxyImporter = () => Promise<{ readonly runMcpProxy: RunMcpProxy }>;

/** The package mcp-proxy needs. */
export const MCP_SDK_PACKAGE = '@modelcontextprotocol/sdk';

// loaded only here: the other commands must run without the SDK installed
const importRunMcpProxy: McpProxyImporter = () => import('../integrations/mcpProxy/runMcpProxy');

const MISSING_CODES: readonly unknown[] = ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND', 'ERR_PACKAGE_PATH_NOT_EXPORTED'];

/** True when the import failed because the SDK (or the part of it the proxy imports) is not there. */
function isMissingSdk(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const message: unknown = Reflect.get(error, 'message');
  return (
    MISSING_CODES.includes(Reflect.get(error, 'code')) &&
    typeof message === 'string' &&
    message.includes(MCP_SDK_PACKAGE)
  );
}

/**
 * Imports a module that needs the optional peer @modelcontextprotocol/sdk, for `command`.
 * Throws PeerDependencyError, with the install command, when the SDK cannot be found; any
 * other failure is passed on as it is.
 */
export async function importWithMcpSdk<T>(importer: () => Promise<T>, command: string): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    if (isMissingSdk(error)) throw new PeerDependencyError(MCP_SDK_PACKAGE, command, { cause: error });
    throw error;
  }
}

/** Loads `runMcpProxy`; throws PeerDependencyError when the SDK is not installed. */
export async function loadMcpProxy(importer: McpProxyImporter = importRunMcpProxy): Promise<RunMcpProxy> {
  return (await importWithMcpSdk(importer, 'intentgate mcp-proxy')).runMcpProxy;
}
