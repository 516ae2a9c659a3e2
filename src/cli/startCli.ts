import { processIo } from './cliIo';
import { runCli } from './runCli';

/** Runs the CLI on this process's arguments and streams, and sets the exit code it answers. */
export function startCli(): void {
  // no top-level await: the CommonJS build of the executable must load too
  runCli(process.argv.slice(2), processIo()).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`intentgate: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
