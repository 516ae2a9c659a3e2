import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CliFailure } from './cliFailure';
import type { CliIo } from './cliIo';

/** Reads a JSON file named on the command line (relative to the working directory); CliFailure names the file and the problem. */
export function readJsonFile(file: string, io: CliIo, label: string): unknown {
  const absolute = path.resolve(io.cwd, file);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    throw new CliFailure(`cannot read ${label} ${file}: ${reason}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliFailure(`${label} ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
