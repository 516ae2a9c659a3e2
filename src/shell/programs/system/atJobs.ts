import { noEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { codeFromStdin, scriptFileEffects } from '../../catalog/codeArguments';

// list, show or remove queued jobs, or print the version: no job is read
const NO_JOB: ReadonlySet<string> = new Set(['-l', '-r', '-d', '-c', '-V']);

/**
 * `at TIME` and `batch` read a shell script and run it later: from stdin, analysed as `sh` reads
 * it, or from `-f FILE`, noted as a script file for the caller to read.
 */
export const atReader: Reader = {
  readsArguments: false,
  read(reading, site) {
    if (reading.options.some((option) => NO_JOB.has(option.name))) return noEffects();
    const file = reading.options.find((option) => option.name === '-f')?.value;
    return file !== undefined
      ? scriptFileEffects(reading, site, { kind: 'shell', word: file })
      : codeFromStdin(reading, site, 'shell');
  },
};
