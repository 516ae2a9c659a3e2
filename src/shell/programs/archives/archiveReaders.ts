import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { hasOption, isOptionWord, optionValue, readArguments, valuedSet, type ParsedArguments } from '../../words/options';
import type { PathRole } from '../../catalog/shellAnalysis';
import { staticWord, type ShellWord } from '../../words/shellWord';

const TAR_VALUED = valuedSet([
  '-f',
  '--file',
  '-C',
  '--directory',
  '-T',
  '--files-from',
  '-X',
  '--exclude-from',
  '-b',
  '--blocking-factor',
  '-K',
  '--starting-file',
  '-N',
  '--newer',
  '--after-date',
  '--newer-mtime',
  '-g',
  '--listed-incremental',
  '-L',
  '--tape-length',
  '-V',
  '--label',
  '-H',
  '--format',
  '--exclude',
  '--transform',
  '--xform',
  '--owner',
  '--group',
  '--mode',
  '--mtime',
  '--strip-components',
  '-I',
  '--use-compress-program',
  '--checkpoint-action',
  '--to-command',
  '--info-script',
  '-F',
  '--new-volume-script',
  '--index-file',
  '--volno-file',
  '--rsh-command',
  '--rmt-command',
  '--suffix',
  '--exclude-tag',
  '--exclude-tag-all',
  '--exclude-tag-under',
  '--record-size',
  '--pax-option',
  '--quoting-style',
  '--warning',
]);
// letters of an old-style first word (`tar czf out.tgz dir`) that take the next word
const TAR_OLD_VALUED = new Set(['f', 'C', 'T', 'X', 'b', 'K', 'N', 'g', 'L', 'V', 'H', 'I', 'F']);
const TAR_OLD_STYLE = /^[A-Za-z]*[ctxruAd][A-Za-z]*$/;
const ZIP_VALUED = valuedSet([
  '-b',
  '--temp-path',
  '-n',
  '--suffixes',
  '-t',
  '--from-date',
  '-tt',
  '--before-date',
  '-P',
  '--password',
  '-O',
  '--output-file',
  '-Z',
  '--compression-method',
  '-s',
  '--split-size',
  '-TT',
  '--unzip-command',
  '-lf',
  '--logfile-path',
  '-ds',
  '--dot-size',
]);
const UNZIP_VALUED = valuedSet(['-d', '-P', '-I', '-O']);

/** Records a file named by an option or operand; '-' is stdin or stdout, not a file. */
function record(sink: CommandEffects, word: ShellWord | undefined, role: PathRole): void {
  if (word !== undefined && word.value !== '-') sink.paths.push({ word, role });
}

/** `tar czf a b` spelled with dashes: each letter an option, valued letters taking the following words in turn. */
function tarWords(words: readonly ShellWord[]): readonly ShellWord[] {
  const first = words[1]?.value;
  if (first === undefined || !TAR_OLD_STYLE.test(first)) return words;
  const options: ShellWord[] = [];
  let next = 2;
  for (const letter of first) {
    options.push(staticWord(`-${letter}`));
    const value = TAR_OLD_VALUED.has(letter) ? words[next] : undefined;
    if (value === undefined) continue;
    options.push(value);
    next++;
  }
  return [words[0] ?? staticWord('tar'), ...options, ...words.slice(next)];
}

function tarMode(parsed: ParsedArguments): 'create' | 'append' | 'extract' | 'delete' | 'read' {
  if (hasOption(parsed, ['-c', '--create'])) return 'create';
  if (hasOption(parsed, ['-r', '--append', '-u', '--update', '-A', '--catenate', '--concatenate'])) return 'append';
  if (hasOption(parsed, ['-x', '--extract', '--get'])) return 'extract';
  if (hasOption(parsed, ['--delete'])) return 'delete';
  return 'read';
}

/** tar: the archive is written by -c/-r/--delete and read otherwise; -x overwrites its -C folder ('.' by default). */
function tarPaths(sink: CommandEffects, words: readonly ShellWord[]): void {
  const parsed = readArguments(tarWords(words), 1, TAR_VALUED);
  const mode = tarMode(parsed);
  const archive = optionValue(parsed, ['-f', '--file']);
  const folders = parsed.options
    .filter((option) => option.name === '-C' || option.name === '--directory')
    .map((option) => option.value);
  const archiveRoles = {
    create: 'overwrite',
    append: 'write',
    delete: 'overwrite',
    extract: 'read',
    read: 'read',
  } as const;
  record(sink, archive, archiveRoles[mode]);
  for (const option of parsed.options) {
    if (['-T', '--files-from', '-X', '--exclude-from'].includes(option.name)) record(sink, option.value, 'read');
    if (option.name === '-g' || option.name === '--listed-incremental') record(sink, option.value, 'write');
  }
  if (mode === 'extract') {
    if (hasOption(parsed, ['-O', '--to-stdout', '--to-command'])) return;
    const keep = hasOption(parsed, ['-k', '--keep-old-files', '--skip-old-files']);
    record(sink, folders[folders.length - 1] ?? staticWord('.'), keep ? 'write' : 'overwrite');
    return;
  }
  if (mode !== 'create' && mode !== 'append') return;
  // members are read relative to the -C folders, which are read too
  for (const folder of folders) record(sink, folder, 'read');
  for (const member of parsed.operands) record(sink, member, 'read');
}

/** Drops `-x names...` / `-i names...` (zip and unzip read names up to the next option). */
function withoutNameLists(words: readonly ShellWord[]): ShellWord[] {
  const kept: ShellWord[] = [];
  let inList = false;
  for (const word of words) {
    const value = word.value;
    if (value === '-x' || value === '-i' || value === '--exclude' || value === '--include') {
      inList = true;
      continue;
    }
    if (inList && !isOptionWord(word)) continue;
    inList = false;
    kept.push(word);
  }
  return kept;
}

/** zip ARCHIVE FILES: the archive is written, the files read (deleted with -m). */
function zipPaths(sink: CommandEffects, words: readonly ShellWord[]): void {
  const parsed = readArguments(withoutNameLists(words), 1, ZIP_VALUED);
  const output = optionValue(parsed, ['-O', '--output-file']);
  const [archive, ...members] = parsed.operands;
  record(sink, archive, output === undefined ? 'overwrite' : 'read');
  record(sink, output, 'overwrite');
  // zip -d names entries inside the archive, not files
  if (hasOption(parsed, ['-d', '--delete'])) return;
  const moved = hasOption(parsed, ['-m', '--move']);
  for (const member of members) record(sink, member, moved ? 'delete' : 'read');
}

/** unzip ARCHIVE: extraction overwrites the -d folder ('.' by default); -l, -t, -v, -p, -c, -z only read. */
function unzipPaths(sink: CommandEffects, words: readonly ShellWord[]): void {
  const parsed = readArguments(withoutNameLists(words), 1, UNZIP_VALUED);
  record(sink, parsed.operands[0], 'read');
  if (hasOption(parsed, ['-l', '-t', '-v', '-p', '-c', '-z', '-Z'])) return;
  const never = hasOption(parsed, ['-n']);
  record(sink, optionValue(parsed, ['-d']) ?? staticWord('.'), never ? 'write' : 'overwrite');
}

// options whose value tar runs as a command
const TAR_COMMANDS: ReadonlySet<string> = new Set([
  '-I',
  '--use-compress-program',
  '--to-command',
  '--info-script',
  '-F',
  '--new-volume-script',
]);

/** tar reads its own old-style letters: the archive's role depends on the mode, -x overwrites its folder; -I and kin run commands. */
export const tarReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    tarPaths(effects, reading.words);
    const parsed = readArguments(tarWords(reading.words), 1, TAR_VALUED);
    for (const option of parsed.options) {
      const value = option.value;
      if (value === undefined) continue;
      if (TAR_COMMANDS.has(option.name)) effects.scripts.push({ word: value, what: `tar ${option.name} command` });
      // --checkpoint-action=exec=CMD runs CMD at each checkpoint
      if (option.name === '--checkpoint-action' && (value.value === undefined || value.value.startsWith('exec='))) {
        effects.scripts.push({
          word:
            value.value === undefined
              ? value
              : { ...staticWord(value.value.slice('exec='.length)), source: value.source },
          what: 'tar --checkpoint-action command',
        });
      }
    }
    return effects;
  },
};

/** zip ARCHIVE FILES, with -TT running a test command. */
export const zipReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    zipPaths(effects, reading.words);
    const command = optionValue(readArguments(withoutNameLists(reading.words), 1, ZIP_VALUED), [
      '-TT',
      '--unzip-command',
    ]);
    if (command !== undefined) effects.scripts.push({ word: command, what: 'zip -TT command' });
    return effects;
  },
};

export const unzipReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    unzipPaths(effects, reading.words);
    return effects;
  },
};
