import type { ShellWord } from '../../words/shellWord';

// TAR_OPTIONS: GNU tar reads its words as options before its own, in every mode. `-P` makes a
// later `tar -x` keep absolute and '..' member names, `--checkpoint-action=exec=...` and
// `--to-command` run commands, `-C` and `-f` move where it writes. Which tar of the line reads
// them, in which mode, is not followed, so only options that change none of that pass: the
// plain ones below, by their full names (an abbreviation is not read as the option it begins).

// flags and valued options (given with `=`) that choose output, compression, ownership and
// matching, nothing tar runs or the places it reads and writes
const PLAIN_LONG: ReadonlySet<string> = new Set(
  `--verbose --gzip --gunzip --ungzip --bzip2 --xz --lzip --lzma --lzop --zstd --compress
  --uncompress --auto-compress --no-auto-compress --no-same-owner --same-owner
  --no-same-permissions --same-permissions --preserve-permissions --numeric-owner --owner --group
  --mode --mtime --sort --format --warning --exclude --exclude-vcs --exclude-vcs-ignores
  --exclude-backups --exclude-caches --exclude-caches-all --exclude-caches-under --wildcards
  --no-wildcards --wildcards-match-slash --no-wildcards-match-slash --anchored --no-anchored
  --ignore-case --no-ignore-case --recursion --no-recursion --keep-old-files --skip-old-files
  --keep-newer-files --no-overwrite-dir --delay-directory-restore --no-delay-directory-restore
  --ignore-zeros --ignore-failed-read --totals --checkpoint --blocking-factor --record-size
  --force-local --portability --posix --old-archive --strip-components --one-file-system
  --sparse --atime-preserve --touch --acls --no-acls --xattrs --no-xattrs --selinux --no-selinux
  --quoting-style --show-transformed-names --show-stored-names --utc --full-time --null --no-null
  --verbatim-files-from --no-verbatim-files-from --check-links --seek --no-seek --clamp-mtime
  --read-full-records --block-number --restrict --hole-detection --sparse-version --label`.split(/\s+/),
);

// short flags of the same kind: -v -z -j -J -Z -a -p -o -k -i -S -m -l -B -R
const PLAIN_FLAGS = /^-[vzjJZapokiSmlBR]+$/;

/** Whether one word of TAR_OPTIONS is a plain option: a plain flag group, or a plain long option with its value attached. */
function isPlain(word: string): boolean {
  if (PLAIN_FLAGS.test(word)) return true;
  const equals = word.indexOf('=');
  return PLAIN_LONG.has(equals === -1 ? word : word.slice(0, equals));
}

/**
 * Why setting TAR_OPTIONS to `word` makes what tar does on the line unknown, or undefined when
 * every option it gives is plain. The value is split on blanks; a word tar would join with
 * quotes reads as a word of its own, which is no plain option.
 */
export function tarOptionsProblem(word: ShellWord): string | undefined {
  const value = word.value;
  if (value === undefined) return 'TAR_OPTIONS set to options built at run time, which every later tar reads';
  const other = value.split(/\s+/).find((item) => item !== '' && !isPlain(item));
  if (other === undefined) return undefined;
  return (
    `TAR_OPTIONS gives every later tar '${other}', which may keep absolute member names, run a ` +
    `command or move where tar reads or writes; put the option on tar's own line`
  );
}
