import { staticWord, type ShellWord } from '../words/shellWord';
import { STDIN_PATHS } from '../words/stdinSource';
import { noEffects, type CommandEffects } from './commandEffects';
import type { CommandReading } from './commandReading';
import type { ReaderSite } from './reader';

// Code handed to a program on stdin or in a file: shells, interpreters and at read it alike.

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
      else effects.inlineCode.push(stdin.text);
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
