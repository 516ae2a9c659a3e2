/** An MCP server an agent starts over stdio. */
export interface McpServer {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

/** One headless run of an agent CLI against a scripted model, with one hook command on every governed event. */
export interface AgentRunSpec<Turn> {
  /** the folder the agent runs in; it gets the agent's project settings */
  readonly workspace: string;
  /** the model's turns, one per main-loop request */
  readonly script: readonly Turn[];
  readonly hookCommand: string;
  /** MCP servers by name, trusted or approved in advance so only the hooks decide */
  readonly mcpServers?: Readonly<Record<string, McpServer>>;
  readonly env?: NodeJS.ProcessEnv;
  readonly prompt?: string;
  /** the run is killed after this long; default 60 s */
  readonly timeoutMs?: number;
}
