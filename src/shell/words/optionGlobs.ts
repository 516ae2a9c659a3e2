import { expandBraces } from '../../paths/expandGlob';
import type { ShellWord } from './shellWord';

// a first path component that starts with a pattern: `*`, `?`, `[...]`, or an extended glob
const LEADING_PATTERN = /^(?:[*?[]|[+@!]\()/;
// a brace list or sequence left after the plain lists are expanded
const UNREAD_BRACES = /\{[^{}]*(?:,|\.\.)[^{}]*\}/;

/** Whether one brace choice may stand for a word that begins with '-': `-rf` itself, or a pattern that may match such a name. */
function mayBeginWithDash(choice: string): boolean {
  return choice.startsWith('-') || LEADING_PATTERN.test(choice);
}

/**
 * Whether a word bash expands may become words that begin with '-', which the program then
 * reads as options: an unquoted glob whose first character is a pattern character (`*`, `*.c`,
 * `[-a]*`, `@(x)`), since file names may begin with '-' (`--checkpoint-action=exec=sh x.sh`
 * beside `tar cf a.tar *`); or a brace list with such a choice (`{-rf,x}` is `-rf x`). A word
 * that begins with a name (`./*`, `src/*`, `a*`) cannot, nor can one already read as an option
 * by its text (`--include=*.ts`).
 */
export function mayExpandToOptions(word: ShellWord): boolean {
  const literal = word.literal;
  if (word.value !== undefined || literal === undefined) return false;
  if (LEADING_PATTERN.test(literal)) return true;
  if (!literal.startsWith('{')) return false;
  const choices = braceChoices(literal);
  // braces whose choices cannot be read here may hold any word
  return choices === undefined || choices.some(mayBeginWithDash);
}

/**
 * The words a brace word stands for when its lists are plain (`{-rf,x}`), else undefined: a
 * list with quotes, `=` or a sequence (`{"-rf",x}`, `{--a=1,b}`, `{a..c}`) is not expanded here.
 */
export function braceChoices(literal: string): readonly string[] | undefined {
  const choices = expandBraces(literal);
  return choices === undefined || choices.some((choice) => UNREAD_BRACES.test(choice)) ? undefined : choices;
}
