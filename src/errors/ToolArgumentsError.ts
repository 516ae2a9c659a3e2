import { IntentGateError } from './IntentGateError';

/** A tool call's arguments do not have the shape its kind needs (a shell command that is not text, a path that is a number). */
export class ToolArgumentsError extends IntentGateError {
  readonly tool: string;
  readonly argument: string;

  constructor(tool: string, argument: string, problem: string) {
    super('invalid_tool_arguments', `Malformed arguments for '${tool}': ${argument} ${problem}.`);
    this.name = 'ToolArgumentsError';
    this.tool = tool;
    this.argument = argument;
  }
}
