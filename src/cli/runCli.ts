import { Command, CommanderError } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import { IntentGateError } from '../errors/IntentGateError';
import { PolicyError } from '../errors/PolicyError';
import { CliFailure } from './cliFailure';
import { writeLine, type CliIo } from './cliIo';
import type { CommandContext } from './commandContext';
import { subcommandsFor } from './subcommands';
import { EXIT_CODES, type ExitCode } from './exitCodes';
import { UsageError } from './usageError';

/** The command's name, as installed by package.json's `bin`. */
export const CLI_NAME = 'intentgate';

const HELP_HINT = '(add --help for usage)';

async function createProgram(context: CommandContext): Promise<Command> {
  const { io } = context;
  const program = new Command(CLI_NAME)
    .description('Lifecycle governance for AI coding agents: decide tool calls, explain decisions, serve the HTTP API.')
    .version(packageJson.version, '-V, --version', 'print the version')
    // settings set before .command() are inherited by every subcommand
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .showHelpAfterError(HELP_HINT);
  const registers = await Promise.all(subcommandsFor(context.argv).map((subcommand) => subcommand.load()));
  for (const register of registers) register(program, context);
  return program;
}

/** Prints an error the way its kind deserves and returns the exit code. */
function reportError(error: unknown, io: CliIo): ExitCode {
  // commander printed its own message (or the help, or the version) already
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
  if (error instanceof UsageError) {
    writeLine(io.stderr, `error: ${error.message}\n${HELP_HINT}`);
    return EXIT_CODES.usage;
  }
  if (error instanceof PolicyError || error instanceof IntentGateError || error instanceof CliFailure) {
    writeLine(io.stderr, `error: ${error.message}`);
    return EXIT_CODES.failure;
  }
  writeLine(
    io.stderr,
    `error: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return EXIT_CODES.failure;
}

/**
 * Runs the `intentgate` command line with `argv` (the arguments after the program name) on the
 * given streams, and resolves with the exit code: 0 success, 1 a failure (a bad input line, a
 * bad policy, a missing tokenizer), 2 a usage error. Never calls process.exit.
 *
 * @example
 * const code = await runCli(['decide', '--tool', 'read_file', '--args', '{"path":"a.ts"}'], processIo());
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode: ExitCode = EXIT_CODES.ok;
  const program = await createProgram({ io, argv, exit: (code) => (exitCode = code) });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}
