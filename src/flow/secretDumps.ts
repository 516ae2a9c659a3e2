import type { Catalog } from '../shell/catalog/catalog';
import { readCommand, type CommandReading } from '../shell/catalog/commandReading';
import type { SecretsPrinted } from '../shell/catalog/commandSpec';
import { staticWord } from '../shell/words/shellWord';
import { programOf } from './flowFacts';

/** A search pattern that looks for secrets by name. */
const SECRET_PATTERN = /key|token|secret|passw|credential|auth/i;
/** A search root that holds the whole workspace or more. */
const WIDE_ROOTS: ReadonlySet<string> = new Set(['.', './', '/', '~', '~/', '$HOME', '..', '../']);

// `NAME=value`: a variable setting, not a command
const SETTING = /^[A-Za-z_][A-Za-z0-9_]*=/;
// a character that may continue a name: `credentials` is not `credential`, `credential.helper` is
const NAME_CHARACTER = /\w/;

const valueOf = (word: { readonly value?: string | undefined }): string => word.value ?? '';

/** The marker of the deepest level the command reached that has one: a program's holds for its subcommands too. */
function markerOf(reading: CommandReading): SecretsPrinted | undefined {
  const chain = reading.node?.chain ?? [];
  for (let index = chain.length - 1; index >= 0; index--) {
    const marker = chain[index]?.spec.printsSecrets;
    if (marker !== undefined) return marker;
  }
  return undefined;
}

/** Whether `word` is `name`, or starts with it and then a character that ends a name (`credential.helper`). */
function namesArgument(word: string, name: string): boolean {
  const lower = word.toLowerCase();
  const wanted = name.toLowerCase();
  return lower.startsWith(wanted) && !NAME_CHARACTER.test(lower.charAt(wanted.length));
}

/** Whether the command is given no command to run: what follows its options is `NAME=value` settings at most. */
function givesNoCommand(reading: CommandReading, words: readonly string[]): boolean {
  const rest = reading.runs === undefined ? reading.operands.map(valueOf) : words.slice(reading.runs.index);
  return rest.every((word) => SETTING.test(word));
}

/**
 * Whether the command searches a tree (always, or with one of `recursive`) that is the workspace
 * or more, or for a pattern that names secrets: its `read` operands are its roots, its other
 * operands and the values of its data options its patterns.
 */
function searchesForSecrets(reading: CommandReading, recursive: true | readonly string[]): boolean {
  const names = recursive === true ? undefined : new Set(recursive.flatMap((key) => key.split('|')));
  if (names !== undefined && !reading.options.some((option) => names.has(option.name))) return false;
  const roots = reading.operands.filter((_, index) => reading.roles[index] === 'read').map(valueOf);
  if (roots.length === 0 || roots.some((root) => WIDE_ROOTS.has(root))) return true;
  const patterns = [
    ...reading.operands.filter((_, index) => reading.roles[index] !== 'read').map(valueOf),
    ...reading.options.filter((option) => option.kind === 'data').map((option) => option.value?.value ?? ''),
  ];
  return patterns.some((pattern) => SECRET_PATTERN.test(pattern));
}

/** Whether every condition of the marker holds for the command; `true` has none. */
function printsSecrets(marker: SecretsPrinted, reading: CommandReading, words: readonly string[]): boolean {
  if (marker === true) return true;
  const { argument, withoutCommand, searchesTree } = marker;
  if (argument !== undefined && !words.slice(1).some((word) => namesArgument(word, argument))) return false;
  if (withoutCommand === true && !givesNoCommand(reading, words)) return false;
  return searchesTree === undefined || searchesForSecrets(reading, searchesTree);
}

/**
 * The command line, when the command prints secrets no path names as its spec's `printsSecrets`
 * says (src/shell/catalog/commandSpec.ts): the environment, stored credentials, a search of the
 * whole workspace. The command is read against the catalog as the shell analysis reads it, so
 * its subcommands, options and operands are the ones the spec describes.
 */
export function secretDumpOf(words: readonly string[], catalog: Pick<Catalog, 'lookup'>): string | undefined {
  const name = programOf(words);
  if (name === '' || catalog.lookup(name) === undefined) return undefined;
  const line = words.join(' ');
  const reading = readCommand(words.map(staticWord), line, name, catalog);
  const marker = markerOf(reading);
  return marker !== undefined && printsSecrets(marker, reading, words) ? line : undefined;
}
