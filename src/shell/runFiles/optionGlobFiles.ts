import path from 'node:path';
import { expandGlob, type GlobExpansion, type GlobTree } from '../../paths/expandGlob';
import { quoteArgv } from '../../text/quoteArgv';
import type { WorkspaceFiles } from '../catalog/workspaceFiles';
import { splitWords } from '../engine/splitWords';
import { braceChoices, mayExpandToOptions } from '../words/optionGlobs';
import type { ShellWord } from '../words/shellWord';
import { admit, unseen, type RunSite, type ScriptFile } from './codeFiles';
import { isPlaced, type RunFileReader } from './runFileReader';
import { writeOver, type WrittenPaths } from './writtenCode';

// The names a glob matches, read as the words of the command that holds it (a run of kind
// `glob`, noted by src/shell/engine/optionGlobRuns.ts): where one begins with '-', the program
// reads it as an option the line does not show, so the command is read again with the names
// as its words. Matched the way bash does (a leading '.' only by a leading '.'; no match keeps
// the word), in the folder the port lists; what cannot be listed fails the call closed.

const EXTENDED_GLOB = /[?*+@!]\(/;

/** The workspace port as the tree a glob is matched against. */
function treeOf(files: WorkspaceFiles): GlobTree {
  return { entries: (folder) => files.list(folder), exists: (file) => files.exists(file) };
}

/** Whether a folder's names (or why it cannot be read) may hold one that begins with '-'. */
const holdsDashName = (entries: readonly string[] | string): boolean =>
  typeof entries === 'string' || entries.some((name) => name.startsWith('-'));

/** Whether a glob word's brace choices may begin with '-' whatever the folder holds (`{-rf,*}`). */
function writesDashChoice(word: ShellWord): boolean {
  if (!mayExpandToOptions(word)) return false;
  const choices = braceChoices(word.literal ?? '');
  return choices === undefined || choices.some((choice) => choice.startsWith('-'));
}

/** The words one glob word becomes, in bash's order; or why they cannot be known. */
type Expansion = { readonly words: readonly string[] } | { readonly problem: string };

/**
 * The words bash makes of one word: each brace choice on its own, a choice with no match kept as
 * it is. Letters match either case, which can only add matches: an option read that bash would
 * not pass makes the reading stricter, never looser.
 */
function expandWord(
  word: ShellWord,
  folder: string,
  tree: GlobTree,
  order: (a: string, b: string) => number,
): Expansion {
  const literal = word.literal ?? '';
  const choices = braceChoices(literal);
  if (choices === undefined) return { problem: 'its braces are not plain lists' };
  const words: string[] = [];
  for (const choice of choices) {
    // an extended glob is matched by no pattern here: beside a '-' name, whether it matches it cannot be known
    if (EXTENDED_GLOB.test(choice) && holdsDashName(tree.entries(folder)))
      return { problem: 'extended globs are not matched here' };
    const expansion: GlobExpansion = expandGlob(choice, folder, { dot: false, nocase: true }, tree);
    if (!expansion.ok) return { problem: expansion.problem };
    if (expansion.matches.length === 0) words.push(choice);
    else words.push(...[...expansion.matches].sort(order));
  }
  return { words };
}

// bash sorts matches by the locale's collation: the C order and a dictionary order that skips
// punctuation, as glibc's en_US does, are both tried
const BYTE_ORDER = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const DICTIONARY_ORDER = new Intl.Collator('en', { ignorePunctuation: true }).compare;

/** The command as written with each glob word replaced by its matches, quoted; whether any begins with '-'. */
function restate(
  words: readonly ShellWord[],
  folder: string,
  tree: GlobTree,
  order: (a: string, b: string) => number,
): { readonly text: string; readonly options: readonly string[] } | { readonly problem: string } {
  const parts: string[] = [];
  const options: string[] = [];
  for (const word of words) {
    if (!mayExpandToOptions(word)) {
      parts.push(word.source);
      continue;
    }
    const expansion = expandWord(word, folder, tree, order);
    if ('problem' in expansion) return { problem: `'${word.source}' cannot be expanded: ${expansion.problem}` };
    for (const name of expansion.words) if (name.startsWith('-')) options.push(name);
    parts.push(quoteArgv(expansion.words));
  }
  return { text: parts.join(' '), options };
}

/** A write of the line that may add a name beginning with '-' where the glob is matched: into the folder or above it, or somewhere unknown. */
function addsNames(folder: string, writes: WrittenPaths): string | undefined {
  const over = writeOver(folder, writes);
  if (over !== undefined) return over;
  const named = writes.absolute.find(
    (written) => path.dirname(written.path) === folder && path.basename(written.path).startsWith('-'),
  );
  return named?.path;
}

const ADVICE = "write './GLOB' or put '--' before it, so no name is read as an option";

function unknownNames(globs: string, why: string): ScriptFile {
  return unseen(
    globs,
    `the glob '${globs}' may match names beginning with '-', which the program reads as options, and ${why}: fail closed; ${ADVICE.replace('GLOB', globs)}`,
  );
}

/**
 * The command read again with the names its globs match; none when no name begins with '-'.
 * Order only matters where a name may take the next word as its value (`-f` then `x`) or ends
 * the options (`--`): then it is read in each order bash may sort the names in.
 */
function readAgain(
  run: { readonly source: string; readonly script?: string },
  folder: string,
  site: RunSite,
): ScriptFile[] {
  const words = splitWords(run.script ?? '');
  if (words === undefined) return [unknownNames(run.source, 'the command cannot be read again')];
  const tree = treeOf(site.files);
  // a match begins with '-' only where a name in the folder does: with none there, only a brace
  // choice written with '-' gives an option, and a line with none reads as written
  if (!holdsDashName(tree.entries(folder)) && !words.some(writesDashChoice)) return [];
  const files: ScriptFile[] = [];
  for (const order of [BYTE_ORDER, DICTIONARY_ORDER]) {
    const restated = restate(words, folder, tree, order);
    if ('problem' in restated) return [unknownNames(run.source, restated.problem)];
    if (restated.options.length === 0) return [];
    if (files.some((file) => file.kind === 'read' && file.text === restated.text)) continue;
    if (!admit(site.reading, restated.text))
      return [unknownNames(run.source, 'the names it matches are too long to read')];
    const options = [...restated.options].sort(BYTE_ORDER);
    const label = `'${run.source}' matching ${options.slice(0, 3).join(', ')}`;
    files.push({ kind: 'read', text: restated.text, label, base: folder });
    if (options.every((name) => name.includes('='))) break;
  }
  return files;
}

/** The names a glob of a command matches, read as its words (`ShellScriptRun.how` `glob`). */
export const OPTION_GLOB_FILES: RunFileReader = {
  readsUnplacedRuns: true,
  read(run, site) {
    if (!isPlaced(run)) return [unknownNames(run.source, 'the folder it is matched in is only known at run time')];
    const folder = site.context.analyze(run.path, site.context.base).absolute;
    if (folder === undefined) return [unknownNames(run.source, 'the folder it is matched in cannot be resolved')];
    const written = addsNames(folder, site.reading.writes);
    if (written !== undefined)
      return [unknownNames(run.source, `'${written}', written by the same command line, may add such a name there`)];
    return readAgain(run, folder, site);
  },
};
