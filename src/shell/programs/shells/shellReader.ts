import { codeFromStdin, scriptFileEffects } from '../../catalog/codeArguments';
import { mergeEffects, noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader, ReaderSite } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { STDIN_PATHS } from '../../words/stdinSource';

interface ShellOptions {
  readonly commandString: boolean;
  readonly readsStdin: boolean;
  readonly informational: boolean;
  /** the start-up files named by `--rcfile FILE` and `--init-file FILE` */
  readonly startupFiles: readonly ShellWord[];
  readonly next: number;
}

const STARTUP_FILE_OPTIONS: ReadonlySet<string> = new Set(['--rcfile', '--init-file']);

/** Reads `bash -xec`, `-o pipefail`, `+o x`, `--norc`, `--rcfile F`: -c, -s, --version and the start-up files matter. */
function readShellOptions(words: readonly ShellWord[]): ShellOptions {
  let commandString = false;
  let readsStdin = false;
  let informational = false;
  const startupFiles: ShellWord[] = [];
  let index = 1;
  for (let value = words[index]?.value; value !== undefined; value = words[index]?.value) {
    if (value === '--' || value === '-') {
      index++;
      break;
    }
    if (value.startsWith('--')) {
      informational ||= value === '--version' || value === '--help';
      const startup = STARTUP_FILE_OPTIONS.has(value) ? words[index + 1] : undefined;
      if (startup !== undefined) startupFiles.push(startup);
      index += STARTUP_FILE_OPTIONS.has(value) ? 2 : 1;
      continue;
    }
    if (value.length < 2 || !(value.startsWith('-') || value.startsWith('+'))) break;
    const letters = value.slice(1);
    commandString ||= letters.includes('c');
    readsStdin ||= letters.includes('s');
    index += letters.includes('o') || letters.includes('O') ? 2 : 1;
  }
  return { commandString, readsStdin, informational, startupFiles, next: index };
}

/** bash/sh/zsh...: `-c SCRIPT` is analysed, a script file is listed for the caller, stdin is read as code. */
export const shellReader: Reader = {
  readsArguments: true,
  read(reading, site) {
    const options = readShellOptions(reading.words);
    if (options.informational) return noEffects();
    const operand = reading.words[options.next];
    const effects = noEffects();
    // an interactive shell sources its rc file before anything else: read like a script, or fail closed
    for (const file of options.startupFiles) {
      effects.paths.push({ word: file, role: 'read' });
      effects.scriptRuns.push({ word: file, how: 'shell', details: { mustRead: 'always' } });
    }
    if (options.commandString) {
      if (operand !== undefined) effects.scripts.push({ word: operand, what: 'shell script' });
      return effects;
    }
    if (options.readsStdin || operand === undefined) mergeEffects(effects, codeFromStdin(reading, site, 'shell'));
    else mergeEffects(effects, scriptFileEffects(reading, site, { kind: 'shell', word: operand }));
    return effects;
  },
};
