import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { hasOption, optionValue, readArguments, type ParsedArguments } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { extractsBelow, membersAnywhere, recordFile, withLongNames } from './archiveWords';
import { BSD_TAR, GNU_TAR, type TarGrammar } from './tarOptions';

const TAR_OLD_STYLE = /^[A-Za-z]*[ctxruAd][A-Za-z]*$/;

type TarMode = 'create' | 'append' | 'extract' | 'delete' | 'read';

/** `tar czf a b` spelled with dashes: each letter an option, valued letters taking the following words in turn. */
function tarWords(words: readonly ShellWord[], grammar: TarGrammar): readonly ShellWord[] {
  const first = words[1]?.value;
  if (first === undefined || !TAR_OLD_STYLE.test(first)) return words;
  const options: ShellWord[] = [];
  let next = 2;
  for (const letter of first) {
    options.push(staticWord(`-${letter}`));
    const value = grammar.oldValued.has(letter) ? words[next] : undefined;
    if (value === undefined) continue;
    options.push(value);
    next++;
  }
  return [words[0] ?? staticWord('tar'), ...options, ...words.slice(next)];
}

/** The line as tar reads it: the old-style first word spelled out, abbreviated long options written out. */
function readTar(words: readonly ShellWord[], grammar: TarGrammar): ParsedArguments {
  return readArguments(withLongNames(tarWords(words, grammar), grammar.longNames), 1, grammar.valued);
}

function tarMode(parsed: ParsedArguments): TarMode {
  if (hasOption(parsed, ['-c', '--create'])) return 'create';
  if (hasOption(parsed, ['-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate'])) return 'append';
  if (hasOption(parsed, ['-x', '--extract', '--get'])) return 'extract';
  if (hasOption(parsed, ['--delete'])) return 'delete';
  return 'read';
}

const ARCHIVE_ROLES = {
  create: 'overwrite',
  append: 'write',
  delete: 'overwrite',
  extract: 'read',
  read: 'read',
} as const;

/**
 * What extraction writes: its last -C folder ('.' by default), overwritten unless old files are
 * kept; nothing when members go to stdout or a command. With absolute names kept (`-P`), members
 * named `/etc/x` or `../x` land where their names say: a write somewhere unknown. Without it GNU
 * tar and bsdtar strip a leading '/' and refuse a member with '..' (a `--transform` or `-s` name
 * included), so the folder holds every write.
 */
function extractPaths(sink: CommandEffects, parsed: ParsedArguments, grammar: TarGrammar): void {
  if (hasOption(parsed, grammar.toStdout)) return;
  const folders = parsed.options.filter((option) => grammar.folders.includes(option.name));
  const keep = hasOption(parsed, grammar.keepsFiles);
  recordFile(sink, folders[folders.length - 1]?.value ?? staticWord('.'), keep ? 'write' : 'overwrite');
  const absolute = parsed.options.find((option) => grammar.absoluteNames.includes(option.name));
  if (absolute !== undefined) membersAnywhere(sink, optionValue(parsed, ['-f', '--file']), `tar ${absolute.name}`);
}

/** tar: the archive is written by -c/-r/--delete and read otherwise; -x writes its folder; members are read, or deleted by --remove-files. */
function tarPaths(sink: CommandEffects, parsed: ParsedArguments, grammar: TarGrammar): void {
  const mode = tarMode(parsed);
  recordFile(sink, optionValue(parsed, ['-f', '--file']), ARCHIVE_ROLES[mode]);
  for (const option of parsed.options) {
    if (grammar.lists.includes(option.name)) recordFile(sink, option.value, 'read');
    if (grammar.written.includes(option.name)) recordFile(sink, option.value, 'write');
  }
  if (mode === 'extract') return extractPaths(sink, parsed, grammar);
  if (mode !== 'create' && mode !== 'append') return;
  // members are read relative to the -C folders, which are read too
  for (const option of parsed.options)
    if (grammar.folders.includes(option.name)) recordFile(sink, option.value, 'read');
  const removed = hasOption(parsed, ['--remove-files']);
  for (const member of parsed.operands) recordFile(sink, member, removed ? 'delete' : 'read');
}

/** The commands tar runs: -I and kin, and --checkpoint-action=exec=CMD at each checkpoint. */
function tarCommands(sink: CommandEffects, parsed: ParsedArguments, grammar: TarGrammar): void {
  for (const option of parsed.options) {
    const value = option.value;
    if (value === undefined) continue;
    if (grammar.commands.has(option.name)) sink.scripts.push({ word: value, what: `tar ${option.name} command` });
    if (option.name !== '--checkpoint-action') continue;
    if (value.value !== undefined && !value.value.startsWith('exec=')) continue;
    sink.scripts.push({
      word:
        value.value === undefined ? value : { ...staticWord(value.value.slice('exec='.length)), source: value.source },
      what: 'tar --checkpoint-action command',
    });
  }
}

/** GNU tar and bsdtar read their own old-style letters and abbreviated long options; the mode decides what is written. */
export const tarReader: Reader = {
  readsArguments: true,
  read(reading) {
    const grammar = reading.name === 'bsdtar' ? BSD_TAR : GNU_TAR;
    const parsed = readTar(reading.words, grammar);
    const effects = noEffects();
    tarPaths(effects, parsed, grammar);
    tarCommands(effects, parsed, grammar);
    extractsBelow(effects, reading);
    return effects;
  },
};
