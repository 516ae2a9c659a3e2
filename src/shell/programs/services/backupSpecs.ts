import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';
import { destroying, destroys, DRY_RUN, naming } from './serviceRules';

// backup tools: restic, borg, velero. What forgets, prunes, deletes or purges stored backups is
// SYSTEM_IMPACT at the level `database` (data a store holds); backing up reads the files named,
// restoring and extracting write where they are told.

const NOT_DRY_RUN = { notOptions: DRY_RUN };

const RESTIC_KEEP =
  '-l|--keep-last|-H|--keep-hourly|-d|--keep-daily|-w|--keep-weekly|-m|--keep-monthly|-y|' +
  '--keep-yearly|--keep-within|--keep-within-hourly|--keep-within-daily|--keep-within-weekly|' +
  '--keep-within-monthly|--keep-within-yearly|--keep-tag|--host|--tag|--path|-g|--group-by|--max-unused|--max-repack-size';

const RESTIC: CommandSpec = {
  reader: 'service',
  // an option not listed may be a flag: its next word is then an operand, a possible write
  globalOptions: {
    '-r|--repo|--cache-dir|--compression|--key-hint|--limit-download|--limit-upload|-o|--option|--pack-size|--retry-lock|--stuck-request-timeout':
      'data',
    '--repository-file|-p|--password-file|--cacert|--tls-client-cert': 'read',
    '--password-command': 'script',
    '--cleanup-cache|--insecure-tls|--insecure-no-password|--json|--no-cache|--no-extra-verify|--no-lock|-q|--quiet|-v|--verbose|-h|--help':
      'flag',
  },
  subcommands: {
    backup: {
      options: {
        '--exclude-file|--iexclude-file|--files-from|--files-from-raw|--files-from-verbatim': 'read',
        '-e|--exclude|--iexclude|--exclude-larger-than|--exclude-if-present|--tag|--host|-H|--parent|--time|--stdin-filename|-g|--group-by|--read-concurrency':
          'data',
        '-n|--dry-run|-f|--force|-x|--one-file-system|--exclude-caches|--with-atime|--no-scan': 'flag',
        '--skip-if-unchanged|--ignore-ctime|--ignore-inode|--use-fs-snapshot|--stdin': 'flag',
      },
      operands: 'read',
      // the words after the options are a command whose output is backed up
      with: { '--stdin-from-command': { operands: 'command' } },
    },
    forget: destroying(
      destroys(
        'forgets backup snapshots',
        'database',
        ['restic forget latest', 'restic forget --keep-last 3 --prune', 'restic -r /srv/restic forget 4bba301e'],
        { when: NOT_DRY_RUN, notExamples: ['restic forget --dry-run --keep-last 3'] },
      ),
      {
        options: {
          [RESTIC_KEEP]: 'data',
          '--prune|-n|--dry-run|-c|--compact|--unsafe-allow-remove-all|--repack-cacheable-only|--repack-small|--repack-uncompressed':
            'flag',
        },
        operands: 'data',
      },
    ),
    prune: destroying(
      destroys('removes backup data no snapshot needs', 'database', ['restic prune', 'restic prune --max-unused 0'], {
        when: NOT_DRY_RUN,
        notExamples: ['restic prune --dry-run'],
      }),
      {
        options: {
          '--max-unused|--max-repack-size': 'data',
          '-n|--dry-run|--repack-cacheable-only|--repack-small|--repack-uncompressed': 'flag',
        },
        operands: 'data',
      },
    ),
    key: {
      subcommands: {
        ...naming(['list']),
        add: { options: { '--new-password-file': 'read', '--host|--user': 'data' }, operands: 'data' },
        passwd: { options: { '--new-password-file': 'read', '--host|--user': 'data' }, operands: 'data' },
        remove: destroying(destroys('removes a repository key', 'privileges', ['restic key remove 1'])),
      },
    },
    unlock: {
      options: { '--remove-all': 'flag' },
      operands: 'data',
      rules: [
        destroys('removes every lock, those of running commands too', 'database', ['restic unlock --remove-all'], {
          when: { options: ['--remove-all'] },
          notExamples: ['restic unlock'],
        }),
      ],
    },
    cache: {
      options: { '--cleanup|--no-size': 'flag', '--max-age': 'data' },
      operands: 'data',
      rules: [
        destroys('removes old cache folders', 'disk', ['restic cache --cleanup'], {
          when: { options: ['--cleanup'] },
          notExamples: ['restic cache'],
        }),
      ],
    },
    rewrite: {
      options: {
        '-e|--exclude|--iexclude|--host|-H|--tag|--path': 'data',
        '--exclude-file|--iexclude-file': 'read',
        '--forget|-n|--dry-run': 'flag',
      },
      operands: 'data',
      rules: [
        destroys('rewrites snapshots and forgets the originals', 'database', ['restic rewrite --forget latest'], {
          when: { options: ['--forget'] },
          notExamples: ['restic rewrite --exclude tmp latest'],
        }),
      ],
    },
    restore: {
      options: {
        '-t|--target': 'overwrite',
        '--include-file|--exclude-file|--iinclude-file|--iexclude-file': 'read',
        '-i|--include|--iinclude|-e|--exclude|--iexclude|--host|-H|--tag|--path|--overwrite': 'data',
        '--verify|--dry-run|--delete|--sparse': 'flag',
      },
      operands: 'data',
    },
    generate: {
      options: {
        '--bash-completion|--fish-completion|--zsh-completion|--powershell-completion|--man': 'write',
      },
      operands: 'data',
    },
    ls: { options: { '-l|--long|--recursive|--human-readable|--ncdu': 'flag' }, operands: 'data' },
    check: { options: { '--read-data|--with-cache': 'flag', '--read-data-subset': 'data' }, operands: 'data' },
    snapshots: {
      options: { '-c|--compact': 'flag', '--host|-H|--tag|--path|-g|--group-by|--latest': 'data' },
      operands: 'data',
    },
    stats: { options: { '--mode|--host|-H|--tag|--path': 'data' }, operands: 'data' },
    find: {
      options: {
        '--name|-O|--oldest|-N|--newest|--snapshot|-s|--host|-H|--tag|--path': 'data',
        '-i|--ignore-case|-l|--long|--pack|--tree|--blob|--show-pack-id|--human-readable': 'flag',
      },
      operands: 'data',
    },
    dump: { options: { '-a|--archive|--host|-H|--tag|--path': 'data', '-t|--target': 'overwrite' }, operands: 'data' },
    copy: { options: { '--from-repository-file|--from-password-file': 'read' }, operands: 'data' },
    ...naming(['init', 'diff', 'cat', 'list', 'version', 'help', 'tag', 'mount', 'migrate']),
  },
};

const BORG_SELECT = '-a|--glob-archives|--match-archives|-P|--prefix|--first|--last|--sort-by';
const BORG_KEEP =
  '--keep-last|--keep-secondly|--keep-minutely|-H|--keep-hourly|-d|--keep-daily|-w|--keep-weekly|-m|--keep-monthly|-y|--keep-yearly|--keep-within';
const BORG_PATTERNS = { '-e|--exclude|--pattern': 'data', '--exclude-from|--patterns-from': 'read' } as const;

/** `borg delete`, `prune` and kin: a repository or archive, then the archives' options. */
function borgDestroying(note: string, examples: string[], options: CommandSpec['options'] = {}): CommandSpec {
  return destroying(destroys(note, 'database', examples, { when: NOT_DRY_RUN }), {
    options: {
      [BORG_SELECT]: 'data',
      '-n|--dry-run|--list|-s|--stats|--force|--cache-only|--keep-security-info|--save-space': 'flag',
      ...options,
    },
    operands: 'data',
  });
}

const BORG: CommandSpec = {
  reader: 'service',
  globalOptions: {
    '-r|--repo|--remote-path|--upload-ratelimit|--upload-buffer|--lock-wait|--debug-topic|--umask|--rsh': 'data',
    '-h|--help|--critical|--error|--warning|--info|-v|--verbose|--debug|-p|--progress|--iec|--log-json': 'flag',
    '--show-version|--show-rc|--bypass-lock|--consider-part-files': 'flag',
  },
  subcommands: {
    create: {
      options: {
        ...BORG_PATTERNS,
        '--comment|-C|--compression|--timestamp|-c|--checkpoint-interval|--chunker-params|--stdin-name': 'data',
        '--stdin-user|--stdin-group|--stdin-mode|--files-cache|--exclude-if-present|--filter': 'data',
        '--paths-delimiter': 'data',
        '-n|--dry-run|-s|--stats|--list|--json|--no-cache-sync|--exclude-caches|--keep-exclude-tags|-x': 'flag',
        '--one-file-system|--numeric-ids|--noatime|--noctime|--nobirthtime|--noflags|--noacls|--noxattrs': 'flag',
        '--sparse|--read-special|--paths-from-stdin': 'flag',
      },
      // the archive, then the files backed up
      operands: { leading: ['data'], rest: 'read' },
      // the words after the archive are a command whose output or file list is backed up
      with: { '--content-from-command|--paths-from-command': { operands: { leading: ['data'], rest: 'command' } } },
    },
    extract: {
      options: {
        ...BORG_PATTERNS,
        '--strip-components': 'data',
        '--list|--numeric-ids|--noflags|--noacls|--noxattrs|--sparse|--continue': 'flag',
      },
      // the archive, then the members it writes in the working folder: all of them when none is named
      operands: { leading: ['data'], rest: 'overwrite', assumed: ['::', '*/*'] },
      with: { '-n|--dry-run|--stdout': { operands: 'data' } },
    },
    'export-tar': { options: BORG_PATTERNS, operands: { leading: ['data', 'overwrite'], rest: 'data' } },
    'import-tar': { operands: { leading: ['data', 'read'] } },
    'with-lock': { operands: { leading: ['data'], rest: 'command' } },
    check: {
      options: {
        [BORG_SELECT]: 'data',
        '--max-duration': 'data',
        '--repository-only|--archives-only|--verify-data|--repair|--save-space': 'flag',
      },
      operands: 'data',
      rules: [
        destroys('repairs the repository, dropping what it cannot mend', 'database', ['borg check --repair repo'], {
          when: { options: ['--repair'] },
          notExamples: ['borg check repo', 'borg check --verify-data repo'],
        }),
      ],
    },
    delete: borgDestroying('deletes backup archives or the repository', [
      'borg delete repo::old',
      "borg delete --glob-archives 'web-*' repo",
    ]),
    prune: borgDestroying('prunes backup archives', ['borg prune repo', 'borg prune --keep-daily 7 repo'], {
      [BORG_KEEP]: 'data',
      '--list-pruned|--list-kept': 'flag',
    }),
    recreate: borgDestroying('rewrites backup archives', ['borg recreate repo::archive --exclude /tmp'], {
      ...BORG_PATTERNS,
      '--target|-C|--compression|--comment|--timestamp|--chunker-params': 'data',
      '--recompress': 'optional',
    }),
    compact: destroying(destroys('frees the space of deleted archives for good', 'database', ['borg compact repo']), {
      options: { '--threshold': 'data', '--cleanup-commits': 'flag' },
      operands: 'data',
    }),
    'break-lock': destroying(
      destroys('breaks the repository lock of running commands', 'database', ['borg break-lock repo']),
    ),
    // borg 2
    rdelete: borgDestroying('deletes the repository', ['borg rdelete -r repo']),
    'repo-delete': borgDestroying('deletes the repository', ['borg repo-delete -r repo']),
    key: {
      subcommands: {
        export: { options: { '--paper|--qr-html': 'flag' }, operands: { leading: ['data'], rest: 'overwrite' } },
        import: { options: { '--paper': 'flag' }, operands: { leading: ['data'], rest: 'read' } },
        ...naming(['change-passphrase', 'migrate-to-repokey', 'change-location', 'change-algorithm']),
      },
    },
    init: {
      options: { '-e|--encryption|--storage-quota': 'data', '--append-only|--make-parent-dirs': 'flag' },
      operands: 'data',
    },
    mount: { options: { [BORG_SELECT]: 'data', '-o': 'data', '-f|--foreground': 'flag' }, operands: 'data' },
    list: {
      options: { [BORG_SELECT]: 'data', '--format|--json-lines': 'data', '--short|--json': 'flag' },
      operands: 'data',
    },
    info: { options: { [BORG_SELECT]: 'data', '--json': 'flag' }, operands: 'data' },
    diff: {
      options: { ...BORG_PATTERNS, '--numeric-ids|--same-chunker-params|--sort|--json-lines': 'flag' },
      operands: 'data',
    },
    ...naming(['umount', 'rename', 'config', 'upgrade', 'version', 'help', 'rcreate', 'repo-create', 'rinfo', 'rlist']),
  },
};

/** What deletes velero's backups, restores or schedules, with an example of its form. */
const veleroDeletes = (example: string): CommandSpec =>
  destroying(destroys('deletes cluster backups, restores or schedules', 'database', [example]));
const VELERO_LOCATION_DELETES = destroying(
  destroys('deletes where cluster backups are kept', 'infrastructure', ['velero backup-location delete default']),
);

/** `velero GROUP VERB`: reads and creations name things, deletions are SYSTEM_IMPACT. */
function veleroGroup(deletes: CommandSpec, more: readonly string[] = []): CommandSpec {
  return { subcommands: { ...naming(['create', 'get', 'describe', 'logs', ...more]), delete: deletes } };
}

const VELERO: CommandSpec = {
  reader: 'service',
  unknownOptions: 'data',
  globalOptions: {
    '-n|--namespace|--kubecontext|--features|-o|--output|-l|--selector|--colorized': 'data',
    '--kubeconfig': 'read',
    '-h|--help|--confirm|--all|--force|--wait|--details': 'flag',
  },
  subcommands: {
    backup: {
      subcommands: {
        ...veleroGroup(veleroDeletes('velero backup delete nightly')).subcommands,
        download: { options: { '-o|--output': 'overwrite', '--force': 'flag' }, operands: 'data' },
      },
    },
    restore: veleroGroup(
      destroying(destroys('deletes cluster restores', 'database', ['velero restore delete restore-1'])),
    ),
    schedule: veleroGroup(
      destroying(destroys('deletes backup schedules', 'database', ['velero schedule delete nightly'])),
      ['pause', 'unpause'],
    ),
    'backup-location': veleroGroup(VELERO_LOCATION_DELETES, ['set']),
    'snapshot-location': veleroGroup(
      destroying(
        destroys('deletes where volume snapshots are kept', 'infrastructure', [
          'velero snapshot-location delete default',
        ]),
      ),
      ['set'],
    ),
    plugin: {
      subcommands: {
        ...naming(['add', 'get']),
        remove: destroying(destroys('removes a plugin', 'infrastructure', ['velero plugin remove velero/plugin'])),
      },
    },
    repo: { subcommands: naming(['get']) },
    install: { options: { '--secret-file|--backup-location-config': 'read' }, operands: 'data' },
    uninstall: destroying(
      destroys('removes velero and its backups setup from the cluster', 'infrastructure', ['velero uninstall']),
    ),
    // `velero delete backup NAME`, `velero get backups`
    delete: veleroDeletes('velero delete backup nightly'),
    ...naming(['create', 'get', 'describe', 'version', 'completion']),
  },
};

/** Backup tools: restic, borg, velero. */
export const BACKUP_COMMANDS: CommandSpecs = { restic: RESTIC, borg: BORG, velero: VELERO };
