import type { AnalysisContext } from './analysisContext';
import type { CommandCall } from './commandCall';
import { hasOption, optionValue, readArguments, valuedSet } from './options';
import { readCodeFromStdin, runScriptFile } from './shellRunners';

const VALUED = valuedSet(['-q', '-f', '-t', '-u']);
// list, show or remove queued jobs, or print the version: no job is read
const NO_JOB = ['-l', '-r', '-d', '-c', '-V'];

/**
 * `at TIME` and `batch` read a shell script and run it later: from stdin, analysed as `sh` reads
 * it, or from `-f FILE`, noted as a script file that is not analysed.
 */
export function runAtJob(call: CommandCall, context: AnalysisContext): void {
  const parsed = readArguments(call.words, 1, VALUED);
  if (hasOption(parsed, NO_JOB)) return;
  const file = optionValue(parsed, ['-f']);
  if (file !== undefined) runScriptFile(call, context, { kind: 'shell', word: file });
  else readCodeFromStdin(call, context, 'shell');
}
