import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { hasOption, optionValue, readArguments, valuedSet, type ParsedArguments } from '../../words/options';
import { staticWord } from '../../words/shellWord';
import { extractsBelow, membersAnywhere, recordFile, withLongNames } from './archiveWords';

// GNU cpio 2.13 (`cpio --help`): every long name, for abbreviations, and the options that take a value.
const CPIO_LONG_NAMES: ReadonlySet<string> = new Set(
  `--extract --create --pass-through --list --block-size --io-size --directory --force-local
  --format --quiet --owner --verbose --dot --warning --file --message --rsh-command --swap
  --nonmatching --numeric-uid-gid --rename --swap-bytes --swap-halfwords --to-stdout
  --pattern-file --only-verify-crc --append --device-independent --reproducible --ignore-devno
  --renumber-inodes --link --absolute-filenames --no-absolute-filenames --null
  --reset-access-time --dereference --make-directories --preserve-modification-time
  --no-preserve-owner --sparse --unconditional --help --usage --version`.split(/\s+/),
);
const CPIO_VALUED = valuedSet(
  `-C -D -E -F -H -I -M -O -R -W --block-size --io-size --directory --format --owner --warning
  --file --message --rsh-command --pattern-file`.split(/\s+/),
);

/**
 * Copy-in (`-i`): members are written under the -D folder ('.' by default) by the names the
 * archive holds, an absolute name or one with '..' kept unless --no-absolute-filenames strips
 * them; a name typed at -r's prompt may be anything.
 */
function copyIn(sink: CommandEffects, parsed: ParsedArguments): void {
  const archive = optionValue(parsed, ['-F', '--file', '-I']);
  recordFile(sink, archive, 'read');
  recordFile(sink, optionValue(parsed, ['-E', '--pattern-file']), 'read');
  if (hasOption(parsed, ['-t', '--list', '--to-stdout', '--only-verify-crc'])) return;
  recordFile(sink, optionValue(parsed, ['-D', '--directory']) ?? staticWord('.'), 'overwrite');
  if (hasOption(parsed, ['-r', '--rename'])) membersAnywhere(sink, archive, 'cpio -r renames members at a prompt');
  else if (!hasOption(parsed, ['--no-absolute-filenames']))
    membersAnywhere(sink, archive, 'cpio -i keeps absolute and .. names without --no-absolute-filenames');
}

/** Copy-out (`-o`): the archive is written (appended with -A), to stdout unless named; the files come from stdin. */
function copyOut(sink: CommandEffects, parsed: ParsedArguments): void {
  const appends = hasOption(parsed, ['-A', '--append']);
  recordFile(sink, optionValue(parsed, ['-F', '--file', '-O']), appends ? 'write' : 'overwrite');
}

/** Copy-pass (`-p DEST`): the files stdin names are copied below DEST, a name with '..' climbing out of it. */
function copyPass(sink: CommandEffects, parsed: ParsedArguments): void {
  recordFile(sink, parsed.operands[0], 'overwrite');
  membersAnywhere(sink, undefined, "cpio -p joins the names stdin gives to its folder, so '..' climbs out");
}

/** cpio: what it writes depends on its mode: copy-in, copy-out or copy-pass; --rsh-command runs a command. */
export const cpioReader: Reader = {
  readsArguments: true,
  read(reading) {
    const parsed = readArguments(withLongNames(reading.words, CPIO_LONG_NAMES), 1, CPIO_VALUED);
    const effects = noEffects();
    if (hasOption(parsed, ['-o', '--create'])) copyOut(effects, parsed);
    else if (hasOption(parsed, ['-p', '--pass-through'])) copyPass(effects, parsed);
    else if (hasOption(parsed, ['-i', '--extract', '-t', '--list'])) copyIn(effects, parsed);
    const shell = optionValue(parsed, ['--rsh-command']);
    extractsBelow(effects, reading);
    if (shell !== undefined) effects.scripts.push({ word: shell, what: 'cpio --rsh-command command' });
    return effects;
  },
};
