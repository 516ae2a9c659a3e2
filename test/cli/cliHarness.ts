import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CliIo, CliOutput } from '../../src/cli/cliIo';
import { runCli } from '../../src/cli/runCli';

/** The repository root, for paths to ../shared and to src/cli/main.ts. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** An output that keeps what is written. */
export class MemoryOutput implements CliOutput {
  private chunks: string[] = [];

  write(text: string): boolean {
    this.chunks.push(text);
    return true;
  }

  get text(): string {
    return this.chunks.join('');
  }
}

export interface CliRunOptions {
  readonly stdin?: string;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly stop?: AbortSignal;
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The in-memory I/O of one run; stdin is the given text, then the end. */
export function memoryIo(options: CliRunOptions = {}): CliIo & { stdout: MemoryOutput; stderr: MemoryOutput } {
  return {
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    stdout: new MemoryOutput(),
    stderr: new MemoryOutput(),
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    ...(options.stop && { stop: options.stop }),
  };
}

/** Runs the CLI in-process and collects the exit code and both outputs. */
export async function cli(argv: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  const io = memoryIo(options);
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout.text, stderr: io.stderr.text };
}

/** JSON lines of a decide run's stdout. */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A file with the given text in a fresh temporary folder; returns its path. */
export function tempFile(name: string, text: string): string {
  const folder = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'cli-'));
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}
