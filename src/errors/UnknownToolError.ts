import { IntentGateError } from './IntentGateError';

/** `categorize` was asked about a tool it has no kind for; map the tool through `toolKinds`. */
export class UnknownToolError extends IntentGateError {
  readonly tool: string;

  constructor(tool: string) {
    super(
      'unknown_tool',
      `Unknown tool for risk analysis: '${tool}'. Map it to a kind (shell, file_write, file_patch, fs, web, run, read, none) with the toolKinds option.`,
    );
    this.name = 'UnknownToolError';
    this.tool = tool;
  }
}
