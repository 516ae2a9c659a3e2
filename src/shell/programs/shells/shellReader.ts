import { mergeEffects, noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader, ReaderSite } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../shellWord';
import { STDIN_PATHS } from '../../stdinSource';
import { inlineCodeEffects } from '../interpreters/inlineCode';

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

/**
 * Code a shell or interpreter reads from stdin: static text is analysed (as a script, or as inline
 * code), a file is not, and anything produced at run time fails closed.
 */
export function codeFromStdin(
  reading: CommandReading,
  site: ReaderSite,
  kind: 'shell' | 'interpreter',
): CommandEffects {
  const effects = noEffects();
  const stdin = site.stdin();
  switch (stdin.kind) {
    case 'text':
      if (kind === 'shell') effects.scripts.push({ word: staticWord(stdin.text), what: 'script read from stdin' });
      else mergeEffects(effects, inlineCodeEffects(stdin.text, reading));
      break;
    case 'file':
      if (stdin.word.value !== undefined && STDIN_PATHS.has(stdin.word.value)) {
        effects.problems.push({
          reason: `a ${kind} reading its program from stdin: fail closed`,
          trigger: stdin.word.source,
        });
        break;
      }
      effects.paths.push({ word: stdin.word, role: 'read' });
      effects.unanalysed.push(`${reading.name} < ${stdin.word.value ?? stdin.word.source}`);
      // a shell's program read from a file is read like a script file, or the call fails closed
      if (kind === 'shell')
        effects.scriptRuns.push({ word: stdin.word, how: 'shell', details: { mustRead: 'always' } });
      break;
    case 'runtime':
      effects.problems.push({
        reason: `text produced at run time piped into a ${kind}: fail closed`,
        trigger: stdin.trigger,
      });
      break;
    case 'inherited':
      effects.problems.push({ reason: `a ${kind} reading its program from stdin: fail closed` });
      break;
    default:
      break;
  }
  return effects;
}

/** A script file given to a shell or interpreter: its content is the caller's to read (stdin and `<(...)` are analysed here). */
export function scriptFileEffects(
  reading: CommandReading,
  site: ReaderSite,
  file: { readonly kind: 'shell' | 'interpreter'; readonly word: ShellWord },
): CommandEffects {
  const { kind, word } = file;
  if (word.value === undefined && (word.source.startsWith('<(') || word.source.startsWith('>('))) {
    const effects = noEffects();
    effects.problems.push({ reason: `process substitution fed to a ${kind}: fail closed`, trigger: word.source });
    return effects;
  }
  if (word.value !== undefined && STDIN_PATHS.has(word.value)) return codeFromStdin(reading, site, kind);
  const effects = noEffects();
  effects.paths.push({ word, role: 'read' });
  effects.unanalysed.push(`${reading.name} ${word.value ?? word.source}`);
  if (kind === 'shell') effects.scriptRuns.push({ word, how: 'shell' });
  return effects;
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
