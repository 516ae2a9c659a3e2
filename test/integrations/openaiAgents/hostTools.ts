import { tool } from '@openai/agents';
import { z } from 'zod';

/** The host's own tools, each recording its runs, as a coding agent would define them. */
export function hostTools() {
  const ran: { tool: string; args: unknown }[] = [];
  const readFile = tool({
    name: 'read_file',
    description: 'Read a file of the workspace.',
    parameters: z.object({ path: z.string() }),
    execute: (args) => {
      ran.push({ tool: 'read_file', args });
      return `contents of ${args.path}`;
    },
  });
  const writeToFile = tool({
    name: 'write_to_file',
    description: 'Write a file of the workspace.',
    parameters: z.object({ path: z.string(), content: z.string() }),
    execute: (args) => {
      ran.push({ tool: 'write_to_file', args });
      return `wrote ${args.path}`;
    },
  });
  const executeCommand = tool({
    name: 'execute_command',
    description: 'Run a shell command in the workspace.',
    parameters: z.object({ command: z.string() }),
    execute: (args) => {
      ran.push({ tool: 'execute_command', args });
      return `ran: ${args.command}`;
    },
  });
  return { ran, tools: [readFile, writeToFile, executeCommand] };
}
