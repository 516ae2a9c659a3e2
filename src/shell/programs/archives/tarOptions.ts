// GNU tar's and bsdtar's options as their readers need them: every long name (so an
// abbreviation is read as the option it begins), the options that take a value, and the ones
// that choose the mode, keep absolute names, run commands or name files. Read from `tar --help`
// (GNU tar 1.34) and bsdtar(1) (libarchive 3.6).

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

/** How one tar reads its words. */
export interface TarGrammar {
  /** every long option, for abbreviations */
  readonly longNames: ReadonlySet<string>;
  /** options whose value is the next word when not attached */
  readonly valued: ReadonlySet<string>;
  /** letters of an old-style first word (`tar czf out.tgz dir`) that take the next word */
  readonly oldValued: ReadonlySet<string>;
  /** options that keep absolute and '..' member names on extraction */
  readonly absoluteNames: readonly string[];
  /** options whose value tar runs as a shell command */
  readonly commands: ReadonlySet<string>;
  /** options naming a file of names or patterns it reads */
  readonly lists: readonly string[];
  /** options naming a file it writes besides the archive */
  readonly written: readonly string[];
  /** options after which extraction writes nothing to disk */
  readonly toStdout: readonly string[];
  /** options after which extraction keeps files already there */
  readonly keepsFiles: readonly string[];
  /** options naming the folder it extracts into or reads members from */
  readonly folders: readonly string[];
}

const GNU_LONG = words(`
  --absolute-names --acls --add-file --after-date --anchored --append --atime-preserve
  --auto-compress --backup --block-number --blocking-factor --bzip2 --catenate --check-device
  --check-links --checkpoint --checkpoint-action --clamp-mtime --compare --compress --concatenate
  --confirmation --create --delay-directory-restore --delete --dereference --diff --directory
  --exclude --exclude-backups --exclude-caches --exclude-caches-all --exclude-caches-under
  --exclude-from --exclude-ignore --exclude-ignore-recursive --exclude-tag --exclude-tag-all
  --exclude-tag-under --exclude-vcs --exclude-vcs-ignores --extract --file --files-from
  --force-local --format --full-time --get --group --group-map --gunzip --gzip --hard-dereference
  --help --hole-detection --ignore-case --ignore-command-error --ignore-failed-read --ignore-zeros
  --incremental --index-file --info-script --interactive --keep-directory-symlink
  --keep-newer-files --keep-old-files --label --level --list --listed-incremental --lzip --lzma
  --lzop --mode --mtime --multi-volume --new-volume-script --newer --newer-mtime --no-acls
  --no-anchored --no-auto-compress --no-check-device --no-delay-directory-restore
  --no-ignore-case --no-ignore-command-error --no-null --no-overwrite-dir --no-quote-chars
  --no-recursion --no-same-owner --no-same-permissions --no-seek --no-selinux --no-unquote
  --no-verbatim-files-from --no-wildcards --no-wildcards-match-slash --no-xattrs --null
  --numeric-owner --occurrence --old-archive --one-file-system --one-top-level --overwrite
  --overwrite-dir --owner --owner-map --pax-option --portability --posix --preserve-order
  --preserve-permissions --quote-chars --quoting-style --read-full-records --record-size
  --recursion --recursive-unlink --remove-files --restrict --rmt-command --rsh-command
  --same-order --same-owner --same-permissions --seek --selinux --show-defaults
  --show-omitted-dirs --show-snapshot-field-ranges --show-stored-names --show-transformed-names
  --skip-old-files --sort --sparse --sparse-version --starting-file --strip-components --suffix
  --tape-length --test-label --to-command --to-stdout --totals --touch --transform --uncompress
  --ungzip --unlink-first --unquote --update --usage --use-compress-program --utc
  --verbatim-files-from --verbose --verify --version --volno-file --warning --wildcards
  --wildcards-match-slash --xattrs --xattrs-exclude --xattrs-include --xform --xz --zstd
`);

const GNU_VALUED = words(`
  -f -C -T -X -b -K -N -g -L -V -H -I -F
  --add-file --after-date --blocking-factor --checkpoint-action --directory --exclude
  --exclude-from --exclude-ignore --exclude-ignore-recursive --exclude-tag --exclude-tag-all
  --exclude-tag-under --file --files-from --format --group --group-map --hole-detection
  --index-file --info-script --label --level --listed-incremental --mode --mtime
  --new-volume-script --newer --newer-mtime --no-quote-chars --owner --owner-map --pax-option
  --quote-chars --quoting-style --record-size --rmt-command --rsh-command --sort --sparse-version
  --starting-file --strip-components --suffix --tape-length --to-command --transform
  --use-compress-program --volno-file --warning --xattrs-exclude --xattrs-include --xform
`);

const BSD_LONG = words(`
  --absolute-paths --acls --append --auto-compress --block-size --bunzip2 --bzip --bzip2 --cd
  --check-links --chroot --clear-nochange-fflags --compress --confirmation --create --dereference
  --directory --exclude --exclude-from --exclude-vcs --extract --fast-read --fflags --file
  --files-from --format --gid --gname --gunzip --gzip --help --hfs --ignore-zeros --include
  --insecure --interactive --keep-newer-files --keep-old-files --list --lrzip --lz4 --lzma --lzop
  --mac-metadata --modification-time --newer --newer-mtime --newer-mtime-than --newer-than
  --no-acls --no-fflags --no-mac-metadata --no-read-sparse --no-recursion --no-safe-writes
  --no-same-owner --no-same-permissions --no-xattrs --nodump --nopreserve --norecurse --null
  --numeric-owner --older --older-mtime --older-mtime-than --older-than --one-file-system
  --options --passphrase --posix --preserve-permissions --read-full-blocks --read-sparse
  --safe-writes --same-owner --strip-components --to-stdout --totals --uid --uname --uncompress
  --unlink --unlink-first --update --use-compress-program --verbose --version --xattrs --xz
  --zstd
`);

const BSD_VALUED = words(`
  -b -C -f -I -s -T -X
  --block-size --cd --directory --exclude --exclude-from --file --files-from --format --gid
  --gname --include --newer --newer-mtime --newer-mtime-than --newer-than --older --older-mtime
  --older-mtime-than --older-than --options --passphrase --strip-components --uid --uname
  --use-compress-program
`);

/** GNU tar. */
export const GNU_TAR: TarGrammar = {
  longNames: new Set(GNU_LONG),
  valued: new Set(GNU_VALUED),
  oldValued: new Set(['f', 'C', 'T', 'X', 'b', 'K', 'N', 'g', 'L', 'V', 'H', 'I', 'F']),
  absoluteNames: ['-P', '--absolute-names'],
  commands: new Set([
    '-I',
    '--use-compress-program',
    '--to-command',
    '--info-script',
    '-F',
    '--new-volume-script',
    '--rsh-command',
    '--rmt-command',
  ]),
  lists: ['-T', '--files-from', '-X', '--exclude-from'],
  written: ['-g', '--listed-incremental', '--index-file', '--volno-file'],
  toStdout: ['-O', '--to-stdout', '--to-command'],
  keepsFiles: ['-k', '--keep-old-files', '--skip-old-files'],
  folders: ['-C', '--directory'],
};

/** bsdtar (libarchive): `-I` is its file list, `--insecure` keeps names as `-P` does. */
export const BSD_TAR: TarGrammar = {
  longNames: new Set(BSD_LONG),
  valued: new Set(BSD_VALUED),
  oldValued: new Set(['b', 'C', 'f', 'I', 's', 'T', 'X']),
  absoluteNames: ['-P', '--absolute-paths', '--insecure'],
  commands: new Set(['--use-compress-program']),
  lists: ['-T', '-I', '--files-from', '-X', '--exclude-from'],
  written: [],
  toStdout: ['-O', '--to-stdout'],
  keepsFiles: ['-k', '--keep-old-files'],
  folders: ['-C', '--cd', '--directory'],
};
