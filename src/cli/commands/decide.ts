import type { Command } from 'commander';
import { addCallOptions, type CallFlags } from '../callOptions';
import { writeLine } from '../cliIo';
import { decideCalls } from '../decideCalls';
import type { CommandContext } from '../commandContext';

/**
 * `intentgate decide`: one JSON decision per call on stdout. A bad stdin line answers with
 * `{"line": N, "error": {"code", "message"}}` instead, so every non-blank input line has
 * exactly one output line, and is also reported on stderr.
 */
export function registerDecide(program: Command, context: CommandContext): void {
  addCallOptions(
    program
      .command('decide')
      .summary('print the decision for each tool call, as JSON lines')
      .description(
        [
          'Decides tool calls and prints one decision per line as JSON.',
          'The calls come from --tool/--args, or from stdin as JSON lines {"tool": "...", "args": {...}},',
          'decided in order with handleToolCall: the effects of each call (select_active_intent, attempt_completion) apply before the next.',
          'A bad line answers with {"line": N, "error": {"code": "invalid_json" | "invalid_call", "message"}}, is reported on stderr,',
          'and the stream goes on; the exit code is then 1. No trace is written.',
        ].join(' '),
      ),
  ).action(async (flags: CallFlags) => {
    const { io } = context;
    context.exit(
      await decideCalls(flags, io, {
        decision: (decision) => writeLine(io.stdout, JSON.stringify(decision)),
        badLine: (bad) =>
          writeLine(io.stdout, JSON.stringify({ line: bad.line, error: { code: bad.code, message: bad.message } })),
      }),
    );
  });
}
