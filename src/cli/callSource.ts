import { createInterface } from 'node:readline';
import { z } from 'zod';
import { formatPolicyIssues } from '../policy/policyIssues';
import type { CallFlags } from './callOptions';
import { writeLine, type CliIo } from './cliIo';

/** One tool call to decide; `line` is its stdin line number, absent for --tool. */
export interface CallInput {
  readonly kind: 'call';
  readonly line?: number;
  readonly tool: string;
  /** absent when the call gave none: --query then asks by name */
  readonly args?: unknown;
}

/** A stdin line that is not a call; the stream goes on. */
export interface BadLine {
  readonly kind: 'bad';
  readonly line: number;
  readonly code: 'invalid_json' | 'invalid_call';
  readonly message: string;
}

// args may be anything: a non-object is the governor's to refuse (invalid_arguments), as an agent's would be
const callLineSchema = z.strictObject({ tool: z.string(), args: z.unknown().optional() });

/** Reads one stdin line as a call. */
export function parseCallLine(text: string, line: number): CallInput | BadLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'bad',
      line,
      code: 'invalid_json',
      message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const result = callLineSchema.safeParse(value);
  if (!result.success) {
    return {
      kind: 'bad',
      line,
      code: 'invalid_call',
      message: `not a call {"tool": "...", "args": {...}}: ${formatPolicyIssues(result.error).join('; ')}`,
    };
  }
  return {
    kind: 'call',
    line,
    tool: result.data.tool,
    ...(result.data.args !== undefined && { args: result.data.args }),
  };
}

/**
 * The calls to decide: the one --tool names, or one per non-blank stdin line (JSON
 * `{"tool": "...", "args": {...}}`), read as they arrive so a stream can be interactive.
 */
export async function* callSource(flags: CallFlags, io: CliIo): AsyncGenerator<CallInput | BadLine> {
  if (flags.tool !== undefined) {
    yield { kind: 'call', tool: flags.tool, ...(flags.args !== undefined && { args: flags.args }) };
    return;
  }
  // a person at a terminal would otherwise see nothing happen
  if (Reflect.get(io.stdin, 'isTTY') === true)
    writeLine(io.stderr, 'reading tool calls as JSON lines from stdin; end with Ctrl-D (or pass --tool)');
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    if (text.trim() !== '') yield parseCallLine(text, line);
  }
}
