import type { CatalogNode } from '../../catalog/catalogNode';
import type { OptionKind } from '../../catalog/commandSpec';
import { takesValue } from '../../catalog/readOptions';
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

/** The options that name where a client connects, each name to `database` or `host`. */
export type TargetOptions = Readonly<Record<string, 'database' | 'host'>>;

// each client's table, built once from its spec
const VALUED_BY_NODE = new WeakMap<CatalogNode, ValuedOptions>();

/** How an option of a given kind is read: its value under its kind's name, or attached only (`-pPASS`). */
function canonical(kind: OptionKind): string | undefined {
  if (kind === 'optional' || kind === 'optionalWrite') return 'attached';
  return takesValue(kind) ? kind : undefined;
}

/**
 * A client's valued options as its spec lists them (databaseSpecs.ts): each to its kind (`code`,
 * `program`, `write`, `read`, `script`, `data`), to `attached` for a value given only attached,
 * or to the target it names. The catalog's grammar is not used to read them: getopt_long takes
 * any unambiguous prefix of a long option (`--comm` for `--command`), and it does not.
 */
export function clientOptionsOf(node: CatalogNode | undefined, targets: TargetOptions): ValuedOptions {
  if (node === undefined) return targets;
  let valued = VALUED_BY_NODE.get(node);
  if (valued === undefined) {
    const table: Record<string, string> = {};
    for (const [name, kind] of node.options) {
      const read = targets[name] ?? canonical(kind);
      if (read !== undefined) table[name] = read;
    }
    valued = table;
    VALUED_BY_NODE.set(node, valued);
  }
  return valued;
}

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
