/** Where the CLI writes text: a stream, or a test's buffer. */
export interface CliOutput {
  write(text: string): unknown;
}

/** Everything a CLI run touches of its process, so tests can run it in-process. */
export interface CliIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  readonly env: NodeJS.ProcessEnv;
  /** relative paths in flags are resolved against it; the default workspace */
  readonly cwd: string;
  /** aborting it stops a long-running command (serve); default: this process's SIGINT or SIGTERM */
  readonly stop?: AbortSignal;
}

/** This process's streams, environment and working directory. */
export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/** Writes one line of text. */
export function writeLine(output: CliOutput, text: string): void {
  output.write(`${text}\n`);
}
