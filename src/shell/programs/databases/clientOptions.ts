import type { ShellWord } from '../../words/shellWord';

/** A client's words read: the values of its options by canonical name, in order, and its operands. */
export interface ClientWords {
  readonly values: ReadonlyMap<string, readonly ShellWord[]>;
  readonly operands: readonly ShellWord[];
}

/**
 * The options of a database client that take a value, each name (`-c`, `--command`) to the
 * canonical name it is read under; every other option is a flag. Short options take their value
 * attached or as the next word (`-hdb`, `-h db`), long ones after `=` or as the next word.
 */
export type ValuedOptions = Readonly<Record<string, string>>;

function attachedWord(word: ShellWord, value: string): ShellWord {
  return { ...word, value, literal: value };
}

/** A long option as getopt_long reads it: the exact name, or the one valued name it abbreviates (`--comm`). */
function longName(given: string, valued: ValuedOptions): string | undefined {
  if (valued[given] !== undefined) return valued[given];
  const matches = Object.keys(valued).filter((name) => name.startsWith('--') && name.startsWith(given));
  const names = new Set(matches.map((name) => valued[name]));
  return given.length > 3 && names.size === 1 ? valued[matches[0] ?? ''] : undefined;
}

/**
 * Reads a client's words after its name with its valued options. Short flags may be grouped
 * (`psql -tAc SQL`): the first valued letter takes the rest of the group or the next word; a
 * name read as `attached` takes only the rest of its group (mysql's `-psecret`).
 */
export function readClientWords(words: readonly ShellWord[], valued: ValuedOptions): ClientWords {
  const values = new Map<string, ShellWord[]>();
  const operands: ShellWord[] = [];
  const add = (name: string, word: ShellWord | undefined): void => {
    if (word !== undefined && name !== 'attached') values.set(name, [...(values.get(name) ?? []), word]);
  };
  let optionsDone = false;
  for (let index = 1; index < words.length; index++) {
    const word = words[index];
    if (word === undefined) break;
    const value = word.value;
    if (optionsDone || value === undefined || !value.startsWith('-') || value.length < 2) {
      operands.push(word);
      continue;
    }
    if (value === '--') {
      optionsDone = true;
      continue;
    }
    if (value.startsWith('--')) {
      const equals = value.indexOf('=');
      const name = longName(equals === -1 ? value : value.slice(0, equals), valued);
      if (name === undefined || name === 'attached') continue;
      if (equals !== -1) add(name, attachedWord(word, value.slice(equals + 1)));
      else add(name, words[++index]);
      continue;
    }
    for (let letter = 1; letter < value.length; letter++) {
      const name = valued[`-${value[letter] ?? ''}`];
      if (name === undefined) continue;
      const rest = value.slice(letter + 1);
      if (rest !== '') add(name, attachedWord(word, rest));
      else if (name !== 'attached') add(name, words[++index]);
      break;
    }
  }
  return { values, operands };
}

/** The last value an option was given, as evaluated ('' when absent or built at run time). */
export function lastValue(read: ClientWords, name: string): string {
  return read.values.get(name)?.at(-1)?.value ?? '';
}

/** Quotes a word for a shell line, as one word. */
export function shellQuoted(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
