import type { Decision } from '../decision/decision';
import { callSettings, type CallFlags } from './callOptions';
import { cliGovernor } from './cliGovernor';
import { writeLine, type CliIo } from './cliIo';
import { callSource, type BadLine, type CallInput } from './callSource';
import { EXIT_CODES, type ExitCode } from './exitCodes';

/** How a command shows each decided call and each bad line on stdout. */
export interface DecisionPrinter {
  decision(decision: Decision, call: CallInput): void;
  badLine(bad: BadLine): void;
}

/**
 * The loop `decide` and `explain` share: a governor from the policy and flags, then each call
 * decided in order with handleToolCall (so a stream can select an intent, then write) or, with
 * --query, isToolAllowed. A bad line is reported on stderr with its number and the stream goes
 * on; the exit code is 1 when there was one.
 */
export async function decideCalls(flags: CallFlags, io: CliIo, printer: DecisionPrinter): Promise<ExitCode> {
  const settings = callSettings(flags);
  const governor = cliGovernor(settings, io);
  let exitCode: ExitCode = EXIT_CODES.ok;
  try {
    for await (const input of callSource(settings, io)) {
      if (input.kind === 'bad') {
        writeLine(io.stderr, `line ${input.line}: ${input.message}`);
        printer.badLine(input);
        exitCode = EXIT_CODES.failure;
        continue;
      }
      const decision = settings.query
        ? input.args === undefined
          ? governor.isToolAllowed(input.tool)
          : governor.isToolAllowed(input.tool, input.args)
        : governor.handleToolCall(input.tool, input.args);
      printer.decision(decision, input);
    }
  } finally {
    governor.stop();
  }
  return exitCode;
}
