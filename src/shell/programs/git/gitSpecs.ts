import type { CommandSpec, CommandSpecs, OptionKind, RuleSpec } from '../../catalog/commandSpec';

// git as data: its options before the subcommand, each subcommand's options and operands, and
// the rules that raise categories; the hooks each subcommand runs are in gitSubcommandHooks.ts.
// Readers do what data cannot: `git` (config on the line, stored config, hooks, abbreviated
// options) and `gitPaths` (pathspecs, object names, and what a subcommand writes unnamed).

const HELP = '-h|--help';

/** Options of every command that shows a diff (diff, log, show, diff-tree...). */
const DIFF_OPTIONS: Record<string, OptionKind> = {
  '--output': 'overwrite',
  '-O': 'read',
  '-S|-G|--find-object|--diff-filter|--word-diff-regex|--src-prefix|--dst-prefix|--line-prefix|--anchored': 'data',
  '--diff-algorithm|--stat-width|--stat-name-width|--stat-graph-width|--stat-count|--inter-hunk-context': 'data',
  '--output-indicator-new|--output-indicator-old|--output-indicator-context|--color-moved-ws|--rotate-to': 'data',
  '--skip-to|--ws-error-highlight': 'data',
  '-U|--unified|--stat|--dirstat|--submodule|--color|--word-diff|--color-words|--abbrev|-B': 'optional',
  '--break-rewrites|-M|--find-renames|-C|--find-copies|-l|--relative|--ignore-submodules|--color-moved': 'optional',
  '-X|--dirstat-by-file|--diff-merges': 'optional',
  '-p|-u|--patch|-s|--no-patch|--raw|--patch-with-raw|--patch-with-stat|--numstat|--shortstat': 'flag',
  '--compact-summary|--cumulative|--summary|--name-only|--name-status|--no-color|-z|--binary|--full-index': 'flag',
  '--no-renames|--rename-empty|--no-rename-empty|-D|--irreversible-delete|--find-copies-harder': 'flag',
  '--pickaxe-all|--pickaxe-regex|-R|--no-relative|-a|--text|--ignore-cr-at-eol|--ignore-space-at-eol|-b': 'flag',
  '--ignore-space-change|-w|--ignore-all-space|--ignore-blank-lines|-W|--function-context|--ext-diff': 'flag',
  '--no-ext-diff|--textconv|--no-textconv|--no-prefix|--default-prefix|--ita-invisible-in-index': 'flag',
  '--ita-visible-in-index|--minimal|--patience|--histogram|--indent-heuristic|--no-indent-heuristic': 'flag',
  '--exit-code|--quiet|--check|--no-color-moved|--no-color-moved-ws|--cached|--staged|--merge-base': 'flag',
  '--no-index|-1|-2|-3|-0|--base|--ours|--theirs|-m|-c|--cc|--dd|--remerge-diff|--no-diff-merges': 'flag',
  '--combined-all-paths|-t|-r|--root|--full-tree|--merge|--no-merges|--always': 'flag',
};

/** Options of the commands that walk history (log, shortlog, rev-list, whatchanged). */
const LOG_OPTIONS: Record<string, OptionKind> = {
  ...DIFF_OPTIONS,
  '-n|--max-count|--skip|--since|--after|--since-as-filter|--until|--before|--author|--committer|--grep': 'data',
  '--grep-reflog|--min-parents|--max-parents|--glob|--exclude|--exclude-hidden|--format|--encoding': 'data',
  '--decorate-refs|--decorate-refs-exclude|--date|-L': 'data',
  '--branches|--tags|--remotes|--no-walk|--pretty|--expand-tabs|--notes|--show-notes|--decorate|--ancestry-path|--show-linear-break':
    'optional',
  '--all-match|--invert-grep|-i|--regexp-ignore-case|--basic-regexp|-E|--extended-regexp|-F': 'flag',
  '--fixed-strings|-P|--perl-regexp|--merges|--first-parent|--exclude-first-parent-only|--not|--all': 'flag',
  '--reflog|--alternate-refs|--single-worktree|--ignore-missing|--bisect|--stdin|--cherry-mark': 'flag',
  '--cherry-pick|--left-only|--right-only|--cherry|-g|--walk-reflogs|--boundary|--simplify-by-decoration': 'flag',
  '--show-pulls|--full-history|--dense|--sparse|--simplify-merges|--date-order|--author-date-order': 'flag',
  '--topo-order|--reverse|--do-walk|--abbrev-commit|--no-abbrev-commit|--oneline|--no-expand-tabs': 'flag',
  '--no-notes|--show-signature|--relative-date|--parents|--children|--left-right|--graph|--follow': 'flag',
  '--no-decorate|--source|--mailmap|--use-mailmap|--no-mailmap|--full-diff|--log-size|--clear-decorations': 'flag',
  '--count|--objects|--objects-edge|--no-object-names|--timestamp|--header|--numbered|-e|--email|--summary': 'flag',
  '--committer-date-is-author-date': 'flag',
  [HELP]: 'flag',
};

const READ_ONLY = { operands: 'data' } as const;

/** A subcommand whose data operands say which commits it checks out, a rewrite of the work tree (gitWorkTree.ts). */
const CHECKS_OUT: CommandSpec = { operands: 'data', reader: 'gitPaths' };

/**
 * A command that walks history: its operands are revisions, object names (`HEAD:secrets/key`,
 * whose file it prints) and, after `--`, the paths whose history it shows (`log -p -- x`).
 */
const HISTORY: CommandSpec = { options: LOG_OPTIONS, numericOptions: true, operands: 'read', reader: 'gitPaths' };

/** A command that compares trees, blobs (`HEAD:a`), the index and the work tree. */
const OBJECTS: CommandSpec = { options: DIFF_OPTIONS, operands: 'read', reader: 'gitPaths' };

function publish(note: string, examples: string[], extra: Partial<RuleSpec> = {}): RuleSpec {
  return { category: 'GIT_PUBLISH', note, examples, ...extra };
}

function fetches(examples: string[]): RuleSpec {
  return { category: 'NETWORK_RISK', note: 'git fetch', purpose: 'fetch', examples };
}

const MERGE_OPTIONS: Record<string, OptionKind> = {
  '-m|--message|-s|--strategy|-X|--strategy-option|--cleanup|--into-name': 'data',
  '-F|--file': 'read',
  '-S|--gpg-sign|--log': 'optional',
  '--commit|--no-commit|--edit|-e|--no-edit|--ff|--no-ff|--ff-only|--squash|--no-squash|--verify': 'flag',
  '--no-verify|--stat|-n|--no-stat|--summary|--no-summary|--no-log|--signoff|--no-signoff': 'flag',
  '--verify-signatures|--no-verify-signatures|-q|--quiet|-v|--verbose|--progress|--no-progress|--autostash': 'flag',
  '--no-autostash|--allow-unrelated-histories|--rerere-autoupdate|--no-rerere-autoupdate|--abort': 'flag',
  '--continue|--quit|--no-gpg-sign': 'flag',
};

const REMOTE_OPTIONS: Record<string, OptionKind> = {
  '--depth|--shallow-since|--shallow-exclude|--deepen|-j|--jobs|--negotiation-tip|--filter|--refmap|-o|--server-option|--recurse-submodules|--submodule-prefix':
    'data',
  '--upload-pack': 'script',
  '--all|-a|--append|--atomic|--dry-run|-f|--force|-k|--keep|--multiple|-p|--prune|-P|--prune-tags|-n': 'flag',
  '--no-tags|-t|--tags|--refetch|--update-shallow|--unshallow|--set-upstream|-u|--update-head-ok|-q': 'flag',
  '--quiet|-v|--verbose|--progress|--no-progress|--ipv4|-4|--ipv6|-6|--show-forced-updates': 'flag',
  '--no-show-forced-updates|--write-fetch-head|--no-write-fetch-head|--no-recurse-submodules|--porcelain': 'flag',
};

const COMMIT: CommandSpec = {
  options: {
    '-m|--message|-c|--reuse-message|-C|--reedit-message|--fixup|--squash|--author|--date|--cleanup|--trailer|-S|--gpg-sign|-u|--untracked-files':
      'data',
    '-F|--file|-t|--template|--pathspec-from-file': 'read',
    '-a|--all|-p|--patch|--reset-author|--short|--branch|--porcelain|--long|-z|--null|-s|--signoff': 'flag',
    '--no-signoff|-n|--no-verify|--verify|--allow-empty|--allow-empty-message|-e|--edit|--no-edit|--amend': 'flag',
    '--no-post-rewrite|-i|--include|-o|--only|--pathspec-file-nul|-v|--verbose|-q|--quiet|--dry-run': 'flag',
    '--status|--no-status|--no-gpg-sign': 'flag',
    [HELP]: 'flag',
  },
  // the files a commit takes in are read into it
  operands: 'read',
  reader: 'gitPaths',
  rules: [publish('git commit', ['git commit -m "x"', 'git -C repo commit -am wip'])],
};

const PUSH: CommandSpec = {
  options: {
    '--repo|-o|--push-option': 'data',
    // their values are attached (`--force-with-lease=main`): the next word is the remote
    '--force-with-lease|--signed|--recurse-submodules': 'optional',
    '--receive-pack|--exec': 'script',
    '--all|--branches|--prune|--mirror|-n|--dry-run|--porcelain|--delete|-d|--tags|--follow-tags': 'flag',
    '--no-signed|--atomic|--no-atomic|-f|--force|--force-if-includes|--no-force-if-includes|-u': 'flag',
    '--set-upstream|--thin|--no-thin|-q|--quiet|-v|--verbose|--progress|--no-recurse-submodules|--verify': 'flag',
    '--no-verify|-4|--ipv4|-6|--ipv6': 'flag',
  },
  operands: 'data',
  rules: [
    publish('git push', ['git push', 'git push origin main', 'git -c k=v --no-pager push -f origin x'], {
      purpose: 'upload',
    }),
  ],
};

const TAG_NOT_CREATING = [
  '-l',
  '--list',
  '-d',
  '--delete',
  '-v',
  '--verify',
  '--contains',
  '--no-contains',
  '--points-at',
  '--merged',
  '--no-merged',
];

/** git's subcommands. */
const SUBCOMMANDS: Record<string, CommandSpec> = {
  // reading
  status: {
    options: {
      '-u|--untracked-files|--ignored|--ignore-submodules|--column': 'optional',
      '--porcelain': 'optional',
      '-s|--short|-b|--branch|--show-stash|--long|-v|--verbose|-z|--null|--no-column|--ahead-behind|--no-ahead-behind|--renames|--no-renames|--find-renames':
        'flag',
      [HELP]: 'flag',
    },
    operands: 'read',
    reader: 'gitPaths',
  },
  // the history of the paths after `--` shows their contents (`git log -p -- secrets/key`)
  log: HISTORY,
  whatchanged: HISTORY,
  shortlog: {
    options: {
      ...LOG_OPTIONS,
      '-s|--summary|-n|--numbered|-e|--email|-c|--committer': 'flag',
      '-w|--group': 'optional',
    },
    numericOptions: true,
    operands: 'read',
    reader: 'gitPaths',
  },
  'rev-list': HISTORY,
  // `git show HEAD:secrets/key` prints that file as the commit holds it
  show: HISTORY,
  diff: OBJECTS,
  'diff-tree': OBJECTS,
  'diff-index': OBJECTS,
  'diff-files': OBJECTS,
  'range-diff': {
    options: { ...DIFF_OPTIONS, '--creation-factor': 'data', '--no-dual-color|--left-only|--right-only': 'flag' },
    operands: 'data',
    reader: 'gitPaths',
  },
  blame: {
    options: {
      '-L|-S|--reverse|--ignore-rev|--date|-C|-M': 'data',
      '--contents|--ignore-revs-file': 'read',
      '--abbrev': 'optional',
      '-b|--root|--show-stats|-f|--show-name|-n|--show-number|-p|--porcelain|--line-porcelain': 'flag',
      '--incremental|--encoding|-e|--show-email|-w|-t|-l|-s|-c|--progress|--no-progress|--score-debug': 'flag',
      '--minimal': 'flag',
      [HELP]: 'flag',
    },
    operands: 'read',
    reader: 'gitPaths',
  },
  annotate: { options: { '-L|-S|--contents|--date': 'data', '-b|--root|-l|-t|-s|-e|-w|-c': 'flag' }, operands: 'read' },
  describe: {
    options: {
      '--abbrev|--dirty|--broken': 'optional',
      '--candidates|--match|--exclude': 'data',
      '--all|--tags|--contains|--long|--always|--first-parent|--exact-match|--debug': 'flag',
    },
    operands: 'data',
  },
  'rev-parse': {
    options: {
      '--default|--prefix|--git-path|--resolve-git-dir|--since|--after|--until|--before|--glob|--exclude': 'data',
      '--branches|--tags|--remotes|--disambiguate|--path-format': 'data',
      '--short|--abbrev-ref': 'optional',
      '--parseopt|--sq-quote|--keep-dashdash|--stop-at-non-option|--stuck-long|--revs-only|--no-revs': 'flag',
      '--flags|--no-flags|--sq|--not|--symbolic|--symbolic-full-name|--verify|-q|--quiet|--all': 'flag',
      '--local-env-vars|--git-dir|--git-common-dir|--is-inside-git-dir|--is-inside-work-tree': 'flag',
      '--is-bare-repository|--is-shallow-repository|--show-cdup|--show-prefix|--show-toplevel': 'flag',
      '--show-superproject-working-tree|--shared-index-path|--absolute-git-dir|--show-object-format': 'flag',
      '--show-ref-format': 'flag',
    },
    // `git rev-parse HEAD:secrets/key` names that file's content by its hash
    operands: 'read',
    reader: 'gitPaths',
  },
  'ls-files': {
    options: {
      '-x|--exclude|--exclude-per-directory|--with-tree|--format|--abbrev': 'data',
      '-X|--exclude-from': 'read',
      '-c|--cached|-d|--deleted|-m|--modified|-o|--others|-i|--ignored|-s|--stage|--directory': 'flag',
      '--no-empty-directory|-u|--unmerged|-k|--killed|-z|-t|-v|-f|--exclude-standard|--error-unmatch': 'flag',
      '--full-name|--recurse-submodules|--debug|--eol|--deduplicate|--sparse|--resolve-undo': 'flag',
    },
    operands: 'read',
    reader: 'gitPaths',
  },
  'ls-tree': {
    options: {
      '--format|--abbrev': 'data',
      '-d|-r|-t|-l|--long|-z|--name-only|--name-status|--object-only|--full-name|--full-tree': 'flag',
    },
    // a tree (`HEAD:secrets`), then the paths it lists
    operands: 'read',
    reader: 'gitPaths',
  },
  'cat-file': {
    options: {
      '--batch|--batch-check|--batch-command|--filters|--path': 'optional',
      '-t|-s|-e|-p|--textconv|--batch-all-objects|--buffer|--unordered|--follow-symlinks|-Z|--allow-unknown-type|--mailmap|--use-mailmap':
        'flag',
    },
    // `git cat-file -p HEAD:secrets/key` prints that file
    operands: 'read',
    reader: 'gitPaths',
  },
  grep: {
    options: {
      '-f': 'read',
      '-e|--max-depth|-A|--after-context|-B|--before-context|-C|--context|--threads|-m|--max-count|--color': 'data',
      '--cached|--no-index|--untracked|--no-exclude-standard|--exclude-standard|--recurse-submodules|-a': 'flag',
      '--text|--textconv|--no-textconv|-i|--ignore-case|-I|-w|--word-regexp|-v|--invert-match|-h|-H': 'flag',
      '--full-name|-E|--extended-regexp|-G|--basic-regexp|-P|--perl-regexp|-F|--fixed-strings|-n': 'flag',
      '--line-number|--column|-l|--files-with-matches|--name-only|-L|--files-without-match|-z|--null|-o': 'flag',
      '--only-matching|-c|--count|--no-color|--break|--heading|-p|--show-function|-W|--function-context': 'flag',
      '--and|--or|--not|--all-match|-q|--quiet|-r|--recursive|--no-recursive': 'flag',
    },
    numericOptions: true,
    operands: { leading: ['data'], leadingUnless: ['-e', '-f'], rest: 'read' },
    reader: 'gitPaths',
  },
  reflog: {
    options: LOG_OPTIONS,
    subcommands: {
      show: { options: LOG_OPTIONS, operands: 'data' },
      exists: READ_ONLY,
      list: READ_ONLY,
      expire: READ_ONLY,
      delete: READ_ONLY,
    },
    operands: 'data',
  },
  'show-ref': {
    options: {
      '--hash|--abbrev': 'optional',
      '--head|--branches|--heads|--tags|-d|--dereference|-s|--verify|--exists|-q|--quiet|--exclude-existing': 'flag',
    },
    operands: 'data',
  },
  'for-each-ref': {
    options: {
      '--count|--sort|--format|--points-at|--merged|--no-merged|--contains|--no-contains|--exclude': 'data',
      '--shell|--perl|--python|--tcl|--ignore-case|--omit-empty|--stdin|--start-after': 'flag',
    },
    operands: 'data',
  },
  'name-rev': {
    options: {
      '--refs|--exclude': 'data',
      '--tags|--all|--annotate-stdin|--stdin|--name-only|--no-undefined|--always': 'flag',
    },
    operands: 'data',
  },
  'merge-base': {
    options: { '-a|--all|--octopus|--independent|--is-ancestor|--fork-point': 'flag' },
    operands: 'data',
  },
  cherry: { options: { '--abbrev': 'optional', '-v': 'flag' }, operands: 'data' },
  'count-objects': { options: { '-v|--verbose|-H|--human-readable': 'flag' }, operands: 'data' },
  'check-ignore': {
    options: { '-q|--quiet|-v|--verbose|--stdin|-z|-n|--non-matching|--no-index': 'flag' },
    operands: 'read',
  },
  'check-attr': { options: { '--source': 'data', '-a|--all|--cached|--stdin|-z': 'flag' }, operands: 'data' },
  'verify-commit': READ_ONLY,
  'verify-tag': READ_ONLY,
  fsck: {
    options: {
      '--unreachable|--dangling|--no-dangling|--root|--tags|--cache|--no-reflogs|--full|--no-full': 'flag',
      '--connectivity-only|--strict|--verbose|--lost-found|--name-objects|--progress|--no-progress': 'flag',
    },
    operands: 'data',
  },
  var: READ_ONLY,
  version: { options: { '--build-options': 'flag' }, operands: 'data' },
  help: {
    options: {
      '-a|--all|-g|--guides|-c|--config|-i|--info|-m|--man|-w|--web|--user-interfaces|--developer-interfaces|--no-verbose|--no-external-commands|--no-aliases':
        'flag',
    },
    operands: 'data',
  },
  'symbolic-ref': {
    options: { '-m': 'data', '-q|--quiet|-d|--delete|--short|--no-recurse': 'flag' },
    operands: 'data',
  },
  'merge-tree': {
    options: {
      '--merge-base|-X|--strategy-option': 'data',
      '--write-tree|--trivial-merge|--messages|--no-messages|-z|--name-only|--allow-unrelated-histories|--stdin':
        'flag',
    },
    operands: 'data',
  },
  bugreport: {
    options: { '-o|--output-directory': 'write', '-s|--suffix': 'data', '--no-suffix|--diagnose': 'flag' },
    operands: 'data',
  },
  // changing the index, the history and the refs
  add: {
    options: {
      '--chmod': 'data',
      '--pathspec-from-file': 'read',
      '-n|--dry-run|-v|--verbose|-f|--force|-i|--interactive|-p|--patch|-e|--edit|-u|--update|-A|--all': 'flag',
      '--no-all|--no-ignore-removal|--ignore-removal|-N|--intent-to-add|--refresh|--ignore-errors': 'flag',
      '--ignore-missing|--no-warn-embedded-repo|--renormalize|--sparse|--pathspec-file-nul': 'flag',
      [HELP]: 'flag',
    },
    operands: 'read',
    reader: 'gitPaths',
  },
  commit: COMMIT,
  push: PUSH,
  fetch: { options: REMOTE_OPTIONS, operands: 'data', rules: [fetches(['git fetch', 'git fetch origin main'])] },
  pull: {
    options: { ...REMOTE_OPTIONS, ...MERGE_OPTIONS, '-r|--rebase': 'optional' },
    operands: 'data',
    reader: 'gitPaths',
    rules: [fetches(['git pull', 'git pull --rebase origin main'])],
  },
  clone: {
    options: {
      ...REMOTE_OPTIONS,
      '-u|--upload-pack': 'script',
      '-o|--origin|-b|--branch|--revision|-c|--config|--bundle-uri|--reference|--reference-if-able': 'data',
      '--separate-git-dir|--template': 'data',
      '-l|--local|--no-hardlinks|-s|--shared|--dissociate|--bare|--sparse|--mirror|--no-checkout|-n': 'flag',
      '--single-branch|--no-single-branch|--shallow-submodules|--no-shallow-submodules|--remote-submodules': 'flag',
      '--no-remote-submodules|--also-filter-submodules': 'flag',
    },
    operands: { leading: ['data', 'write'], rest: 'data' },
    reader: 'gitPaths',
    rules: [fetches(['git clone https://github.com/o/r', 'git clone git@github.com:o/r.git app'])],
  },
  'ls-remote': {
    options: {
      '--upload-pack|--exec': 'script',
      '--sort|-o|--server-option': 'data',
      '-h|--heads|--branches|-t|--tags|--refs|-q|--quiet|--get-url|--symref|--exit-code': 'flag',
    },
    operands: 'data',
    rules: [fetches(['git ls-remote origin'])],
  },
  'send-pack': {
    options: {
      '--receive-pack|--exec': 'script',
      '--all|--mirror|--dry-run|--force|-v|--verbose|--thin|--atomic|--stdin': 'flag',
    },
    operands: 'data',
  },
  archive: {
    options: {
      '--exec': 'script',
      '-o|--output': 'overwrite',
      '--format|--prefix|--remote|--add-virtual-file|--mtime': 'data',
      '--add-file': 'read',
      '-l|--list|-v|--verbose|--worktree-attributes|-0|-1|-2|-3|-4|-5|-6|-7|-8|-9': 'flag',
    },
    // a tree (`HEAD`, `HEAD:src`), then the paths whose files it packs
    operands: 'read',
    reader: 'gitPaths',
  },
  bundle: {
    subcommands: {
      create: {
        operands: { leading: ['overwrite'], rest: 'data' },
        options: { '-q|--quiet|--progress|--all': 'flag', '--version': 'data' },
      },
      verify: { operands: 'read' },
      'list-heads': { operands: 'read' },
      unbundle: { operands: 'read' },
    },
  },
  tag: {
    options: {
      '-m|--message|-u|--local-user|--sort|--format|--contains|--no-contains|--points-at|--merged|--no-merged|--cleanup|--color|--trailer':
        'data',
      '-F|--file': 'read',
      '-n': 'optional',
      '-a|--annotate|-s|--sign|--no-sign|-f|--force|-l|--list|-d|--delete|-v|--verify|-i|--ignore-case': 'flag',
      '--omit-empty|--column|--no-column|-e|--edit|--create-reflog': 'flag',
    },
    numericOptions: true,
    operands: 'data',
    rules: [
      publish('git tag', ['git tag v1.0.0', 'git tag -a v1 -m "release 1"'], {
        when: { operands: 'some', notOptions: TAG_NOT_CREATING },
        notExamples: ['git tag', 'git tag -l', 'git tag -d v1'],
      }),
    ],
  },
  branch: {
    options: {
      '-u|--set-upstream-to|--sort|--format|--contains|--no-contains|--merged|--no-merged|--points-at|--color|--column|--abbrev':
        'data',
      '-d|--delete|-D|-m|--move|-M|-c|--copy|-C|-f|--force|-l|--list|-a|--all|-r|--remotes|-v|-vv': 'flag',
      '--verbose|-q|--quiet|--show-current|--unset-upstream|--edit-description|-t|--track|--no-track': 'flag',
      '--create-reflog|-i|--ignore-case|--omit-empty|--no-color|--no-column|--no-abbrev': 'flag',
      '--recurse-submodules': 'flag',
    },
    operands: 'data',
    reader: 'gitPaths',
  },
  checkout: {
    options: {
      '-b|-B|--orphan|--conflict': 'data',
      '--pathspec-from-file': 'read',
      '--track': 'optional',
      '-t|-q|--quiet|--progress|--no-progress|-f|--force|--ours|--theirs|--no-track|--guess|--no-guess|-l': 'flag',
      '-d|--detach|--ignore-skip-worktree-bits|-m|--merge|-p|--patch|--ignore-other-worktrees': 'flag',
      '--overwrite-ignore|--no-overwrite-ignore|--recurse-submodules|--no-recurse-submodules|--overlay': 'flag',
      '--no-overlay|--pathspec-file-nul': 'flag',
      [HELP]: 'flag',
    },
    operands: 'data',
    reader: 'gitPaths',
  },
  switch: {
    options: {
      '-c|--create|-C|--force-create|--orphan|--conflict': 'data',
      '--track': 'optional',
      '-d|--detach|--guess|--no-guess|-f|--force|--discard-changes|-m|--merge|-q|--quiet|--progress': 'flag',
      '--no-progress|--no-track|--ignore-other-worktrees|--recurse-submodules|--no-recurse-submodules': 'flag',
    },
    operands: 'data',
    reader: 'gitPaths',
  },
  restore: {
    options: {
      '-s|--source|--conflict': 'data',
      '--pathspec-from-file': 'read',
      '-p|--patch|-W|--worktree|-S|--staged|-q|--quiet|--progress|--no-progress|--ours|--theirs|-m|--merge': 'flag',
      '--ignore-unmerged|--ignore-skip-worktree-bits|--recurse-submodules|--no-recurse-submodules': 'flag',
      '--overlay|--no-overlay|--pathspec-file-nul': 'flag',
    },
    operands: { rest: 'overwrite', assumed: ['.'] },
    // --staged alone restores the index, not the files: the work tree changes only with --worktree
    with: {
      '-W|--worktree': { operands: { rest: 'overwrite', assumed: ['.'] } },
      '-S|--staged': { operands: { rest: 'read' } },
    },
    reader: 'gitPaths',
  },
  reset: {
    options: {
      '--pathspec-from-file': 'read',
      '--soft|--mixed|--hard|--merge|--keep|-q|--quiet|--no-quiet|--refresh|--no-refresh|-p|--patch|-N': 'flag',
      '--intent-to-add|--recurse-submodules|--no-recurse-submodules|--pathspec-file-nul': 'flag',
    },
    operands: 'data',
    reader: 'gitPaths',
  },
  rm: {
    options: {
      '--pathspec-from-file': 'read',
      '-f|--force|-n|--dry-run|-r|--cached|--ignore-unmatch|--sparse|-q|--quiet|--pathspec-file-nul': 'flag',
    },
    operands: 'delete',
    // --cached removes the paths from the index only: the files stay, read to check they lose no work
    with: { '--cached': { operands: 'read' } },
    reader: 'gitPaths',
  },
  mv: {
    options: { '-f|--force|-k|-n|--dry-run|-v|--verbose|--sparse': 'flag' },
    operands: { rest: 'delete', last: 'overwrite' },
  },
  // git clean removes untracked files; without -f git refuses
  clean: {
    options: { '-e|--exclude': 'data', '-d|-f|--force|-i|--interactive|-n|--dry-run|-q|--quiet|-x|-X': 'flag' },
    operands: 'data',
    with: { '-f|--force': { operands: { rest: 'delete', assumed: ['.'] } } },
    reader: 'gitPaths',
  },
  // its reader reads every stash subcommand: push's pathspecs, and what pop, apply, drop do
  stash: {
    reader: 'gitPaths',
    options: {
      '-m|--message': 'data',
      '--pathspec-from-file': 'read',
      '-p|--patch|-S|--staged|-k|--keep-index|--no-keep-index|-u|--include-untracked|--no-include-untracked|-a|--all|-q|--quiet|--pathspec-file-nul':
        'flag',
    },
    // with no pathspec the whole work tree's changes are taken away: its reader says so (gitPaths.ts)
    operands: { rest: 'overwrite' },
    subcommands: {
      push: {
        options: {
          '-m|--message': 'data',
          '--pathspec-from-file': 'read',
          '-p|--patch|-S|--staged|-k|--keep-index|--no-keep-index|-u|--include-untracked|--no-include-untracked|-a|--all|-q|--quiet|--pathspec-file-nul':
            'flag',
        },
        operands: { rest: 'overwrite' },
      },
      save: {
        options: {
          '-p|--patch|-S|--staged|-k|--keep-index|--no-keep-index|-u|--include-untracked|-a|--all|-q|--quiet': 'flag',
        },
        operands: { rest: 'data', assumed: ['.'] },
      },
      pop: { options: { '--index|-q|--quiet': 'flag' }, operands: 'data' },
      apply: { options: { '--index|-q|--quiet': 'flag' }, operands: 'data' },
      branch: { operands: 'data' },
      drop: { options: { '-q|--quiet': 'flag' }, operands: 'data' },
      clear: { operands: 'data' },
      list: { options: LOG_OPTIONS, operands: 'data' },
      show: { options: { ...DIFF_OPTIONS, '-u|--include-untracked|--only-untracked': 'flag' }, operands: 'data' },
      create: READ_ONLY,
      store: { options: { '-m|--message': 'data', '-q|--quiet': 'flag' }, operands: 'data' },
    },
  },
  // merge, rebase, cherry-pick and revert write the files of the commits they apply (gitWorkTree.ts)
  merge: { options: MERGE_OPTIONS, operands: 'data', reader: 'gitPaths' },
  rebase: {
    options: {
      '--onto|-s|--strategy|-X|--strategy-option|-C|--whitespace|--empty|--rebase-merges|--update-refs': 'data',
      '-x|--exec': 'script',
      '-S|--gpg-sign': 'optional',
      '--keep-base|--continue|--skip|--abort|--quit|--edit-todo|--show-current-patch|--apply|--merge|-m|-i': 'flag',
      '--interactive|--root|--autosquash|--no-autosquash|--autostash|--no-autostash|-q|--quiet|-v': 'flag',
      '--verbose|--stat|-n|--no-stat|--no-verify|--verify|-f|--force-rebase|--no-ff|--fork-point': 'flag',
      '--no-fork-point|--ignore-whitespace|--committer-date-is-author-date|--ignore-date': 'flag',
      '--reset-author-date|--signoff|--no-gpg-sign|--reschedule-failed-exec|--no-reschedule-failed-exec': 'flag',
      '--keep-empty|--no-keep-empty|--allow-empty-message|--no-rebase-merges|--no-update-refs': 'flag',
      '--rerere-autoupdate|--no-rerere-autoupdate': 'flag',
    },
    operands: 'data',
    reader: 'gitPaths',
  },
  'cherry-pick': {
    options: {
      '-m|--mainline|--cleanup|-s|--strategy|-X|--strategy-option|--empty': 'data',
      '-S|--gpg-sign': 'optional',
      '-e|--edit|--no-edit|-x|-r|--signoff|--ff|--allow-empty|--allow-empty-message': 'flag',
      '--keep-redundant-commits|-n|--no-commit|--continue|--skip|--quit|--abort|--rerere-autoupdate': 'flag',
      '--no-rerere-autoupdate|--no-gpg-sign': 'flag',
    },
    operands: 'data',
    reader: 'gitPaths',
  },
  revert: {
    options: {
      '-m|--mainline|--cleanup|-s|--strategy|-X|--strategy-option': 'data',
      '-S|--gpg-sign': 'optional',
      '-e|--edit|--no-edit|-n|--no-commit|--signoff|--reference|--continue|--skip|--quit|--abort|--rerere-autoupdate|--no-rerere-autoupdate|--no-gpg-sign':
        'flag',
    },
    operands: 'data',
    reader: 'gitPaths',
  },
  apply: {
    options: {
      '-p|-C|--exclude|--include|--directory|--whitespace|--build-fake-ancestor': 'data',
      '--stat|--numstat|--summary|--check|--index|--intent-to-add|--cached|--3way|-3|-R|--reverse|--reject': 'flag',
      '-z|--unidiff-zero|--apply|--no-add|--allow-binary-replacement|--binary|--ignore-space-change': 'flag',
      '--ignore-whitespace|--inaccurate-eof|-v|--verbose|-q|--quiet|--recount|--allow-empty|--unsafe-paths': 'flag',
    },
    operands: 'read',
    reader: 'gitPaths',
  },
  am: {
    options: {
      '-C|-p|--exclude|--include|--directory|--whitespace|--patch-format|--resolvemsg|--empty|--quoted-cr': 'data',
      '-S|--gpg-sign': 'optional',
      '-s|--signoff|-k|--keep|--keep-non-patch|--keep-cr|--no-keep-cr|-c|--scissors|--no-scissors|-m': 'flag',
      '--message-id|--no-message-id|-q|--quiet|-u|--utf8|--no-utf8|-3|--3way|--no-3way|--rerere-autoupdate': 'flag',
      '--no-rerere-autoupdate|--ignore-space-change|--ignore-whitespace|--reject|-i|--interactive': 'flag',
      '--committer-date-is-author-date|--ignore-date|--skip|--no-gpg-sign|--continue|-r|--resolved|--abort': 'flag',
      '--quit|--show-current-patch|--allow-empty|--no-verify': 'flag',
    },
    operands: 'read',
    reader: 'gitPaths',
  },
  'format-patch': {
    options: {
      ...DIFF_OPTIONS,
      '-o|--output-directory': 'write',
      '--start-number|--subject-prefix|--suffix|--in-reply-to|--to|--cc|--from|--add-header|--base': 'data',
      '--interdiff|--range-diff|--creation-factor|-v|--reroll-count|--signature-file|--cover-letter-format': 'data',
      '--description-file': 'data',
      '--signature|--thread|--attach|--inline|--from': 'optional',
      '--stdout|-n|--numbered|-N|--no-numbered|-s|--signoff|-k|--keep-subject|--no-stat|--cover-letter': 'flag',
      '--no-thread|--no-attach|--zero-commit|--no-signature|--progress|--ignore-if-in-upstream|--rfc': 'flag',
      '--quiet|--force-in-body-from': 'flag',
    },
    numericOptions: true,
    operands: 'data',
    reader: 'gitPaths',
  },
  init: {
    options: {
      '--template|--separate-git-dir|--object-format|--ref-format|-b|--initial-branch|--shared': 'data',
      '-q|--quiet|--bare': 'flag',
    },
    operands: { rest: 'write', assumed: ['.'] },
  },
  gc: {
    options: {
      '--prune': 'optional',
      '--aggressive|--auto|--detach|--no-detach|--cruft|--no-prune|-q|--quiet|--force|--keep-largest-pack': 'flag',
    },
    operands: 'data',
  },
  prune: READ_ONLY,
  repack: READ_ONLY,
  maintenance: READ_ONLY,
  notes: READ_ONLY,
  'update-ref': { options: { '-m': 'data', '-d|--no-deref|--stdin|-z|--create-reflog': 'flag' }, operands: 'data' },
  remote: {
    options: { '-v|--verbose': 'flag' },
    operands: 'data',
    subcommands: {
      add: READ_ONLY,
      rename: READ_ONLY,
      remove: READ_ONLY,
      rm: READ_ONLY,
      'set-head': READ_ONLY,
      'set-branches': READ_ONLY,
      'get-url': READ_ONLY,
      'set-url': READ_ONLY,
      show: READ_ONLY,
      prune: READ_ONLY,
      update: { operands: 'data', rules: [fetches(['git remote update'])] },
    },
  },
  // `git credential fill` prints the stored credentials it is asked for
  credential: { operands: 'data', printsSecrets: true },
  config: {
    operands: 'data',
    // `git config credential.helper`, `--get-regexp credential`: the helper and what it is given
    printsSecrets: { argument: 'credential' },
    options: {
      '-f|--file|--blob|--type|--default|--comment|--value': 'data',
      '--global|--system|--local|--worktree|--add|--replace-all|--get|--get-all|--get-regexp': 'flag',
      '--get-urlmatch|--get-color|--get-colorbool|-l|--list|--unset|--unset-all|--rename-section': 'flag',
      '--remove-section|-e|--edit|--bool|--int|--bool-or-int|--path|--expiry-date|-z|--null|--name-only': 'flag',
      '--show-origin|--show-scope|--includes|--no-includes|--fixed-value|--all|--regexp|--url': 'flag',
    },
  },
  worktree: {
    subcommands: {
      add: {
        options: {
          '-b|-B|--reason': 'data',
          '-f|--force|-d|--detach|--checkout|--no-checkout|--lock|--orphan|-q|--quiet|--track|--no-track|--guess-remote|--no-guess-remote|--relative-paths':
            'flag',
        },
        operands: { leading: ['write'], rest: 'data' },
      },
      remove: { options: { '-f|--force': 'flag' }, operands: 'delete' },
      move: { options: { '-f|--force': 'flag' }, operands: { leading: ['delete', 'overwrite'] } },
      list: { options: { '--porcelain|-v|--verbose|-z': 'flag', '--expire': 'data' }, operands: 'data' },
      prune: READ_ONLY,
      lock: READ_ONLY,
      unlock: READ_ONLY,
      repair: READ_ONLY,
    },
  },
  submodule: {
    options: { '-q|--quiet': 'flag' },
    subcommands: {
      status: READ_ONLY,
      summary: READ_ONLY,
      init: READ_ONLY,
      deinit: READ_ONLY,
      absorbgitdirs: READ_ONLY,
      'set-branch': READ_ONLY,
      'set-url': READ_ONLY,
      add: {
        options: { '-b|--branch|--name|--reference|--depth': 'data', '-f|--force': 'flag' },
        operands: { leading: ['data', 'write'] },
        rules: [fetches(['git submodule add https://github.com/o/r lib/r'])],
      },
      update: {
        options: {
          '--reference|--depth|--jobs|-j|--filter': 'data',
          '--init|--remote|-N|--no-fetch|--checkout|--rebase|--merge|--recursive|--force|--single-branch': 'flag',
          '--no-single-branch|--recommend-shallow|--no-recommend-shallow|--progress': 'flag',
        },
        operands: 'data',
        reader: 'gitPaths',
        rules: [fetches(['git submodule update --init'])],
      },
      sync: { options: { '--recursive': 'flag' }, operands: 'data', rules: [fetches(['git submodule sync'])] },
      foreach: { options: { '--recursive': 'flag' }, reader: 'gitSubmodule' },
    },
  },
  // bisect checks out each commit it tests, and the first one back at its reset
  bisect: {
    subcommands: {
      start: CHECKS_OUT,
      bad: CHECKS_OUT,
      good: CHECKS_OUT,
      new: CHECKS_OUT,
      old: CHECKS_OUT,
      terms: READ_ONLY,
      skip: CHECKS_OUT,
      reset: CHECKS_OUT,
      visualize: READ_ONLY,
      view: READ_ONLY,
      log: READ_ONLY,
      replay: { operands: 'read', reader: 'gitPaths' },
      run: { operands: { rest: 'command' }, reader: 'gitPaths' },
    },
  },
  'sparse-checkout': {
    options: { '--cone|--no-cone|--sparse-index|--no-sparse-index|--skip-checks|--stdin|-z': 'flag' },
    subcommands: {
      list: READ_ONLY,
      'check-rules': { options: { '--rules-file': 'read', '--cone|--no-cone|-z': 'flag' }, operands: 'data' },
      // these add and remove the files of the work tree its patterns leave out
      init: CHECKS_OUT,
      set: CHECKS_OUT,
      add: CHECKS_OUT,
      reapply: CHECKS_OUT,
      disable: CHECKS_OUT,
    },
  },
  'filter-branch': {
    options: {
      '--setup|--env-filter|--tree-filter|--index-filter|--parent-filter|--msg-filter|--commit-filter|--tag-name-filter':
        'script',
      '--subdirectory-filter|--original|-d|--state-branch|--prune-empty': 'data',
      '-f|--force': 'flag',
    },
    operands: 'data',
    reader: 'gitPaths',
  },
  difftool: {
    options: {
      ...DIFF_OPTIONS,
      '-x|--extcmd': 'script',
      '-t|--tool': 'data',
      '-d|--dir-diff|-y|--no-prompt|--prompt|--symlinks|--no-symlinks|--tool-help|-g|--gui|--no-gui|--trust-exit-code|--no-trust-exit-code':
        'flag',
    },
    operands: 'read',
    reader: 'gitPaths',
  },
  lfs: {
    subcommands: {
      push: { operands: 'data', rules: [publish('git push', ['git lfs push origin main'], { purpose: 'upload' })] },
      fetch: { operands: 'data', rules: [fetches(['git lfs fetch'])] },
      pull: { operands: 'data', rules: [fetches(['git lfs pull'])] },
      clone: { operands: 'data', rules: [fetches(['git lfs clone https://github.com/o/r'])] },
      'ls-files': READ_ONLY,
      status: READ_ONLY,
      env: READ_ONLY,
      version: READ_ONLY,
      track: READ_ONLY,
    },
  },
};

/** The options whose values are messages, for git and hub (`git commit -m`, `git notes add -m`). */
const MESSAGE_OPTIONS = ['-m', '--message', '-t', '--title', '-b', '--body', '-n', '--notes'];

const GIT: CommandSpec = {
  reader: 'git',
  // they choose another configuration, repository or program to run: a grant for `git status` does not cover them
  runChangingOptions: [
    '-C',
    '-c',
    '--config-env',
    '--git-dir',
    '--work-tree',
    '--exec-path',
    '--upload-pack',
    '--receive-pack',
    '--exec',
    '--template',
  ],
  // a commit's or a tag's message is prose: a URL in it is no request
  textOptions: MESSAGE_OPTIONS,
  // a checkout writes the repository's symlinks as symlinks
  placesLinks: true,
  // -C moves every subcommand to the folder, whose operands are then read from there
  globalOptions: { '-C': 'cwd' },
  options: {
    '-c|--config-env|--namespace|--super-prefix|--list-cmds|--attr-source': 'data',
    '--git-dir|--work-tree': 'data',
    '--exec-path': 'optional',
    '-p|--paginate|-P|--no-pager|--bare|--no-replace-objects|--no-lazy-fetch|--no-optional-locks': 'flag',
    '--no-advice|--literal-pathspecs|--glob-pathspecs|--noglob-pathspecs|--icase-pathspecs|--html-path': 'flag',
    '--man-path|--info-path|-v|--version|-h|--help': 'flag',
  },
  subcommands: SUBCOMMANDS,
};

const HUB_PUBLISH = publish(
  'GitHub release or pull request',
  ['hub release create -m v1 v1.0', 'hub pull-request -m x'],
  { purpose: 'upload' },
);

/** git, and hub, which passes git's subcommands through and reaches GitHub's API. */
export const GIT_COMMANDS: CommandSpecs = {
  git: GIT,
  hub: {
    ...GIT,
    rules: [
      {
        category: 'NETWORK_RISK',
        note: 'forge API call',
        purpose: 'API call',
        examples: ['hub browse', 'hub ci-status'],
      },
    ],
    subcommands: {
      ...SUBCOMMANDS,
      push: {
        ...PUSH,
        rules: [publish('git push', ['hub push origin main'], { purpose: 'upload' })],
      },
      release: {
        operands: 'data',
        options: {
          '-m|--message|-a|--attach|-t|--commitish|-F|--file': 'data',
          '-d|--draft|-p|--prerelease|-e|--edit|-o|--browse|-c|--copy': 'flag',
        },
        subcommands: {
          create: { operands: 'data', rules: [HUB_PUBLISH] },
          edit: { operands: 'data', rules: [HUB_PUBLISH] },
          show: READ_ONLY,
          download: READ_ONLY,
          delete: READ_ONLY,
        },
      },
      'pull-request': {
        options: {
          '-m|--message|-F|--file|-b|--base|-h|--head|-a|--assign|-M|--milestone|-l|--labels|-r|--reviewer': 'data',
          '-e|--edit|-f|--force|-p|--push|-o|--browse|-c|--copy|-d|--draft|--no-edit': 'flag',
        },
        operands: 'data',
        rules: [HUB_PUBLISH],
      },
      browse: READ_ONLY,
      'ci-status': READ_ONLY,
      compare: READ_ONLY,
      create: READ_ONLY,
      fork: READ_ONLY,
      issue: READ_ONLY,
      sync: READ_ONLY,
    },
  },
};
