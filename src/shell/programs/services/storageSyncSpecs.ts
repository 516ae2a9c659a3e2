import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';
import { destroying, destroys, DRY_RUN, NAMES, naming } from './serviceRules';

// rclone, which copies and syncs files between this machine and remote storage (`name:path`):
// a remote operand names a file there, a local one a file here. Deleting, purging, moving away
// or syncing over what a store holds is SYSTEM_IMPACT at the level `database`, unless it is a
// dry run.

const NOT_DRY_RUN = { notOptions: DRY_RUN };

/** An rclone verb's operands: remote `name:path` ones are names there, local ones files here. */
const RCLONE_TRANSFER = { rest: 'read', last: 'overwrite', remote: true } as const;

const RCLONE: CommandSpec = {
  reader: 'service',
  // an option not listed may be a flag: its next word is then an operand, a possible write
  globalOptions: {
    '--transfers|--checkers|--bwlimit|--exclude|--include|--filter|--min-age|--max-age|--min-size': 'data',
    '--max-size|--max-depth|--max-transfer|--max-delete|--order-by|--backup-dir|--suffix|--compare-dest': 'data',
    '--copy-dest|--log-level|--stats|--retries|--low-level-retries|--timeout|--contimeout|--buffer-size': 'data',
    '--multi-thread-streams|--tpslimit|--user-agent|--dedupe-mode|--hash|--format|--separator': 'data',
    '--conflict-resolve|--conflict-loser|--drive-chunk-size|--s3-chunk-size': 'data',
    '--config|--exclude-from|--include-from|--filter-from|--files-from|--files-from-raw': 'read',
    '--password-command': 'script',
    '--log-file': 'write',
    '-n|--dry-run|-i|--interactive|-P|--progress|-v|--verbose|-q|--quiet|-c|--checksum|-u|--update|-I': 'flag',
    '--ignore-times|--ignore-existing|--ignore-size|--size-only|--no-traverse|--no-check-dest|--fast-list': 'flag',
    '--create-empty-src-dirs|--delete-excluded|--delete-before|--delete-during|--delete-after': 'flag',
    '--track-renames|--immutable|-L|--copy-links|-l|--links|--no-update-modtime|--human-readable': 'flag',
    '--stats-one-line|--use-json-log|--ask-password|--resync|--check-first|-M|--metadata|--ignore-checksum': 'flag',
    '--ignore-errors|-R|--recursive|--dirs-only|--files-only|--rmdirs|--leave-root|--auto-confirm|-x': 'flag',
    '--one-file-system|--inplace|-h|--help|-V|--version': 'flag',
  },
  subcommands: {
    copy: { operands: RCLONE_TRANSFER },
    copyto: { operands: RCLONE_TRANSFER },
    sync: destroying(
      destroys('deletes what the destination holds and the source does not', 'database', ['rclone sync src: dest:'], {
        when: NOT_DRY_RUN,
        notExamples: ['rclone sync src: dest: --dry-run', 'rclone copy src: dest:'],
      }),
      { operands: { rest: 'read', last: 'delete', remote: true } },
    ),
    bisync: destroying(
      destroys('syncs two ways, deleting on either side', 'database', ['rclone bisync remote:a ./a'], {
        when: NOT_DRY_RUN,
      }),
      { operands: { rest: 'delete', remote: true } },
    ),
    ...Object.fromEntries(
      ['move', 'moveto'].map((verb) => [
        verb,
        destroying(
          destroys('moves files, deleting them where they were', 'database', [`rclone ${verb} src: dest:`], {
            when: NOT_DRY_RUN,
          }),
          { operands: { rest: 'delete', last: 'overwrite', remote: true } },
        ),
      ]),
    ),
    ...Object.fromEntries(
      ['delete', 'purge', 'deletefile', 'rmdir', 'rmdirs'].map((verb) => [
        verb,
        destroying(
          destroys('deletes stored files', 'database', [`rclone ${verb} remote:bucket/old`], { when: NOT_DRY_RUN }),
          { operands: { rest: 'delete', remote: true } },
        ),
      ]),
    ),
    cleanup: destroying(destroys('empties the trash and drops old versions', 'database', ['rclone cleanup remote:'])),
    dedupe: destroying(
      destroys('deletes or renames duplicate files', 'database', ['rclone dedupe remote:'], { when: NOT_DRY_RUN }),
      { options: { '--dedupe-mode|--by-hash': 'data' }, operands: 'data' },
    ),
    mkdir: { operands: { rest: 'write', remote: true } },
    touch: { operands: { rest: 'write', remote: true } },
    rcat: { operands: { rest: 'overwrite', remote: true } },
    copyurl: { operands: { leading: ['data'], rest: 'overwrite', remote: true } },
    check: {
      options: {
        '--one-way|--download': 'flag',
        '--combined|--missing-on-src|--missing-on-dst|--match|--differ|--error': 'write',
      },
      operands: 'data',
    },
    serve: { anySubcommand: NAMES },
    ...naming([
      'ls',
      'lsd',
      'lsl',
      'lsf',
      'lsjson',
      'size',
      'cat',
      'about',
      'listremotes',
      'tree',
      'md5sum',
      'sha1sum',
      'hashsum',
      'version',
      'config',
      'mount',
      'ncdu',
      'link',
      'obscure',
    ]),
  },
};

/** rclone. */
export const STORAGE_SYNC_COMMANDS: CommandSpecs = { rclone: RCLONE };
