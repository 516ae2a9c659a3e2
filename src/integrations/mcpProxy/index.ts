// The governing MCP proxy: an MCP server in front of any stdio MCP server. Every export is listed by name.
export { createGovernedMcpProxy } from './createGovernedMcpProxy';
export type { GovernedMcpProxy, McpProxyCloseReason } from './createGovernedMcpProxy';
export { runMcpProxy } from './runMcpProxy';
export {
  DEFAULT_APPROVAL_TIMEOUT_MS,
  DEFAULT_PROXY_NAME,
  DEFAULT_PROXY_VERSION,
  mcpProxyOptionsSchema,
} from './mcpProxyOptions';
export type { McpProxyOptions, UpstreamCommand } from './mcpProxyOptions';
export { MCP_PROXY_USAGE, mcpProxyOptionsFromArgs, parseMcpProxyArgs } from './mcpProxyArgs';
export type { McpProxyArgs, McpProxyArgsResult } from './mcpProxyArgs';
export { annotatedClass, annotationClaim, classificationFromAnnotations } from './upstreamClassification';
export type { AnnotationClaim, UpstreamTool } from './upstreamClassification';
export { FILESYSTEM_TOOL_KINDS, toolKindsForUpstream } from './filesystemToolKinds';
export { APPROVE_FOR_SESSION_FIELD } from './approvalElicitation';
export { DECISION_META_KEY } from './decisionResults';
export type { UpstreamServer } from './upstreamServer';
