import type { CliIo } from './cliIo';
import type { ExitCode } from './exitCodes';

/** What every command's action gets: the run's I/O, and where to report its exit code. */
export interface CommandContext {
  readonly io: CliIo;
  /** the run's arguments as given, for commands that pass some of them on untouched */
  readonly argv: readonly string[];
  exit(code: ExitCode): void;
}
