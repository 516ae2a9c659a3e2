import type { ShellWord } from '../../shellWord';

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

/** Reads a client's words after its name with its valued options. */
export function readClientWords(words: readonly ShellWord[], valued: ValuedOptions): ClientWords {
  const values = new Map<string, ShellWord[]>();
  const operands: ShellWord[] = [];
  const add = (name: string, word: ShellWord | undefined): void => {
    if (word !== undefined) values.set(name, [...(values.get(name) ?? []), word]);
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
      const name = valued[equals === -1 ? value : value.slice(0, equals)];
      if (name === undefined) continue;
      if (equals !== -1) add(name, attachedWord(word, value.slice(equals + 1)));
      else add(name, words[++index]);
      continue;
    }
    const name = valued[value.slice(0, 2)];
    if (name === undefined) continue;
    if (value.length > 2) add(name, attachedWord(word, value.slice(2)));
    else add(name, words[++index]);
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
