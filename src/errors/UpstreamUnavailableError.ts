import { IntentGateError } from './IntentGateError';

/** The upstream MCP server of the proxy could not be started or did not answer as an MCP server; `command` is the command line tried. */
export class UpstreamUnavailableError extends IntentGateError {
  readonly command: string;

  constructor(command: string, problem: string, options?: { cause?: unknown }) {
    // one line: the CLI prints the message as it is
    const oneLine = problem.replace(/\s*\n\s*/g, ' ').trim();
    super(
      'upstream_unavailable',
      `Upstream MCP server unavailable: could not start '${command}': ${oneLine}. Check the upstream ` +
        `command: it must start an MCP server that speaks over stdio.`,
      options,
    );
    this.name = 'UpstreamUnavailableError';
    this.command = command;
  }
}
