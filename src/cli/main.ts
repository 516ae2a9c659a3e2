#!/usr/bin/env node
// The `intentgate` executable: runs the CLI on this process's arguments and streams.
import { processIo } from './cliIo';
import { runCli } from './runCli';

// no top-level await: the CommonJS build of this entry must load too
runCli(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`intentgate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
