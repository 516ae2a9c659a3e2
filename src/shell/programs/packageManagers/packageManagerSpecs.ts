import type { CommandSpec, CommandSpecs, OptionKind, RuleSpec } from '../../catalog/commandSpec';

// Package managers of other languages and of the system: which subcommands change what is
// installed, which publish, which run the project's code; the rest only read.

const DATA = { operands: 'data' } as const;

function install(note: string, examples: string[]): RuleSpec {
  return { category: 'DEPS_INSTALL_UPDATE', note, purpose: 'package download', examples };
}

function publish(note: string, examples: string[]): RuleSpec {
  return { category: 'GIT_PUBLISH', note, purpose: 'upload', examples };
}

/** Subcommands that each apply one rule, the first name with the rule's examples, the others sharing it. */
function ruled(names: readonly string[], rule: RuleSpec, spec: CommandSpec = DATA): Record<string, CommandSpec> {
  return Object.fromEntries(names.map((name) => [name, { ...spec, rules: [rule] }]));
}

/** Subcommands that only read. */
function reads(names: readonly string[]): Record<string, CommandSpec> {
  return Object.fromEntries(names.map((name) => [name, DATA]));
}

const SYSTEM = 'system package install';

const APT_OPTIONS: Record<string, OptionKind> = {
  '-o|--option|-c|--config-file|-t|--target-release|--default-release|-a|--host-architecture': 'data',
  '-y|--yes|--assume-yes|--assume-no|-q|--quiet|-qq|-s|--simulate|--dry-run|--just-print|--no-act|--recon': 'flag',
  '-d|--download-only|-f|--fix-broken|-m|--ignore-missing|--fix-missing|--no-download|-u|--show-upgraded': 'flag',
  '-V|--verbose-versions|-b|--compile|--build|--no-install-recommends|--install-recommends': 'flag',
  '--install-suggests|--no-install-suggests|--reinstall|--allow-downgrades|--allow-remove-essential': 'flag',
  '--allow-change-held-packages|--allow-unauthenticated|--force-yes|--purge|--auto-remove|--autoremove': 'flag',
  '--only-upgrade|--no-upgrade|--list-cleanup|--trivial-only|--no-remove|--print-uris|--installed': 'flag',
  '--upgradable|--all-versions|-h|--help|-v|--version|--fix-policy|--ignore-hold|--mark-auto': 'flag',
  '--no-allow-insecure-repositories': 'flag',
};

const CARGO_RUN = { operands: 'unknown', runsProjectCode: true } as const;

/** Other languages' package managers and the system's. */
// go's build flags, shared by build and test (`go help build`); go reads `-flag value` and `-flag=value`
const GO_BUILD_OPTIONS: Record<string, OptionKind> = {
  '-a|-n|-race|-msan|-asan|-cover|-v|-work|-x|-trimpath|-linkshared|-modcacherw|-buildvcs': 'flag',
  '-C': 'cwd',
  '-p|-covermode|-coverpkg|-asmflags|-buildmode|-compiler|-gccgoflags|-gcflags|-installsuffix|-ldflags|-mod|-modfile|-overlay|-pgo|-pkgdir|-tags|-toolexec':
    'data',
};

// go test's own flags (`go help testflag`); the profiles it writes are files
const GO_TEST_OPTIONS: Record<string, OptionKind> = {
  '-short|-failfast|-json|-benchmem|-fullpath|-c|-i': 'flag',
  '-run|-skip|-bench|-benchtime|-count|-cpu|-list|-parallel|-shuffle|-timeout|-vet|-covermode': 'data',
  '-o|-coverprofile|-cpuprofile|-memprofile|-blockprofile|-mutexprofile|-trace|-outputdir': 'overwrite',
};

export const PACKAGE_MANAGER_COMMANDS: CommandSpecs = {
  cargo: {
    plusOptions: true,
    runChangingOptions: ['-C', '-Z', '--config', '--manifest-path'],
    globalOptions: {
      '--config|-C|-Z|--color|--manifest-path|-p|--package|--target|--target-dir|--features|-F|-j|--jobs': 'data',
      '--profile|--bin|--example|--test|--bench|--exclude|--message-format|--registry|--index|--vers|--git': 'data',
      '--branch|--tag|--rev|--path|--root': 'data',
      '-q|--quiet|-v|--verbose|-vv|--frozen|--locked|--offline|--release|-r|--all-features': 'flag',
      '--no-default-features|--workspace|--all|--all-targets|--lib|--bins|--examples|--tests|--benches': 'flag',
      '--no-run|--no-fail-fast|-h|--help|-V|--version|--force|-f|--dry-run|--allow-dirty|--no-verify|--fix': 'flag',
      '--broken-code|--allow-no-vcs|--allow-staged|--doc|--open|--no-deps|--dev|--build': 'flag',
    },
    subcommands: {
      ...ruled(
        ['install', 'add', 'update', 'remove', 'uninstall', 'fetch', 'generate-lockfile'],
        install('package install', ['cargo add serde', 'cargo +nightly install ripgrep']),
      ),
      ...ruled(['publish', 'yank', 'owner'], publish('crate publish', ['cargo publish'])),
      run: CARGO_RUN,
      r: CARGO_RUN,
      build: CARGO_RUN,
      b: CARGO_RUN,
      test: CARGO_RUN,
      t: CARGO_RUN,
      bench: CARGO_RUN,
      check: { operands: 'data', runsProjectCode: true },
      c: { operands: 'data', runsProjectCode: true },
      clippy: { operands: 'data', runsProjectCode: true },
      fmt: { operands: 'data' },
      doc: { operands: 'data', runsProjectCode: true },
      clean: DATA,
      new: { operands: 'write' },
      init: { operands: { rest: 'write', assumed: ['.'] } },
      ...reads([
        'tree',
        'metadata',
        'search',
        'version',
        'help',
        'pkgid',
        'locate-project',
        'verify-project',
        'read-manifest',
        'login',
        'logout',
        'info',
        'vendor',
        'package',
        'report',
        'config',
      ]),
    },
  },
  gem: {
    subcommands: {
      ...ruled(['install', 'update', 'uninstall', 'i'], install('package install', ['gem install rails'])),
      ...ruled(['push', 'yank'], publish('gem publish', ['gem push x.gem'])),
      ...reads([
        'list',
        'search',
        'info',
        'query',
        'environment',
        'help',
        'build',
        'contents',
        'dependency',
        'which',
        'outdated',
        'sources',
        'specification',
        'version',
      ]),
    },
  },
  bundle: {
    aliases: ['bundler'],
    operands: 'data',
    rules: [{ ...install('package install', ['bundle', 'bundler']), when: { operands: 'none' } }],
    subcommands: {
      ...ruled(
        ['install', 'update', 'add', 'remove', 'lock'],
        install('package install', ['bundle install', 'bundle add rack']),
      ),
      exec: { operands: { rest: 'command' } },
      ...reads([
        'list',
        'show',
        'info',
        'outdated',
        'check',
        'config',
        'init',
        'platform',
        'version',
        'help',
        'doctor',
        'open',
        'binstubs',
        'clean',
        'cache',
        'package',
        'viz',
      ]),
    },
  },
  go: {
    // another folder, a program that runs the tools or the test binary, other module or source files
    runChangingOptions: ['-C', '-exec', '-toolexec', '-modfile', '-overlay'],
    subcommands: {
      ...ruled(
        ['get', 'install'],
        install('module install', ['go get example.com/x@v1', 'go install example.com/cmd@latest']),
      ),
      mod: {
        subcommands: {
          ...ruled(['tidy', 'download', 'vendor'], install('module install', ['go mod tidy'])),
          ...reads(['init', 'edit', 'graph', 'verify', 'why']),
        },
      },
      run: { operands: 'unknown', runsProjectCode: true },
      test: { options: { ...GO_BUILD_OPTIONS, ...GO_TEST_OPTIONS }, operands: 'data', runsProjectCode: true },
      generate: { operands: 'data', runsProjectCode: true },
      build: { options: { ...GO_BUILD_OPTIONS, '-o': 'overwrite' }, operands: 'data', runsProjectCode: true },
      vet: { operands: 'data', runsProjectCode: true },
      fmt: { operands: 'overwrite' },
      doc: { options: { '-all|-c|-cmd|-short|-src|-u|-http': 'flag' }, operands: 'data' },
      ...reads(['env', 'version', 'list', 'help', 'clean', 'work', 'tool', 'bug', 'telemetry']),
    },
  },
  composer: {
    globalOptions: {
      '-d|--working-dir': 'data',
      '-n|--no-interaction|-q|--quiet|-v|-vv|-vvv|--verbose|--no-dev|--dev|--no-scripts|--no-plugins': 'flag',
      '--ansi|--no-ansi|-h|--help|-V|--version|--optimize-autoloader|-o|--prefer-dist|--prefer-source': 'flag',
      '--with-all-dependencies|-W|--with-dependencies|-w': 'flag',
    },
    subcommands: {
      ...ruled(
        ['require', 'install', 'update', 'remove', 'upgrade'],
        install('package install', ['composer require guzzle/guzzle']),
      ),
      global: {
        subcommands: ruled(['require', 'update'], install('package install', ['composer global require x/y'])),
      },
      'run-script': { operands: { leading: ['data'], rest: 'unknown' }, runsProjectCode: true },
      run: { operands: { leading: ['data'], rest: 'unknown' }, runsProjectCode: true },
      ...reads([
        'show',
        'info',
        'outdated',
        'validate',
        'diagnose',
        'depends',
        'why',
        'prohibits',
        'why-not',
        'licenses',
        'status',
        'search',
        'config',
        'dump-autoload',
        'dumpautoload',
        'audit',
        'init',
        'about',
        'list',
        'help',
      ]),
    },
  },
  apt: {
    aliases: ['apt-get', 'aptitude'],
    globalOptions: APT_OPTIONS,
    subcommands: {
      ...ruled(
        [
          'install',
          'upgrade',
          'dist-upgrade',
          'full-upgrade',
          'remove',
          'purge',
          'update',
          'autoremove',
          'reinstall',
          'build-dep',
        ],
        install(SYSTEM, ['apt-get install -y curl', 'apt update']),
      ),
      ...reads([
        'list',
        'search',
        'show',
        'policy',
        'depends',
        'rdepends',
        'changelog',
        'download',
        'source',
        'clean',
        'autoclean',
        'check',
        'moo',
        'help',
        'showsrc',
        'why',
        'why-not',
      ]),
    },
  },
  dnf: {
    aliases: ['yum', 'microdnf', 'tdnf'],
    globalOptions: {
      '-c|--config|--installroot|--releasever|--enablerepo|--disablerepo|--repo|-x|--exclude|--setopt|-d|--debuglevel|-e|--errorlevel':
        'data',
      '-y|--assumeyes|--assumeno|-q|--quiet|-v|--verbose|-C|--cacheonly|--refresh|--nogpgcheck|--best': 'flag',
      '--nobest|--allowerasing|--skip-broken|-h|--help|--version|--downloadonly': 'flag',
    },
    subcommands: {
      ...ruled(
        [
          'install',
          'update',
          'upgrade',
          'remove',
          'erase',
          'reinstall',
          'downgrade',
          'groupinstall',
          'localinstall',
          'autoremove',
          'distro-sync',
          'makecache',
        ],
        install(SYSTEM, ['dnf install -y git']),
      ),
      ...reads([
        'list',
        'info',
        'search',
        'provides',
        'repolist',
        'history',
        'check-update',
        'deplist',
        'repoquery',
        'clean',
        'help',
      ]),
    },
  },
  zypper: {
    globalOptions: {
      '-R|--root|-c|--config|--reposd-dir': 'data',
      '-n|--non-interactive|-q|--quiet|-v|--verbose|-y|--no-confirm|--no-refresh|--gpg-auto-import-keys|-h|--help|-V|--version':
        'flag',
    },
    subcommands: {
      ...ruled(
        ['install', 'in', 'update', 'up', 'remove', 'rm', 'dist-upgrade', 'dup', 'patch', 'refresh', 'ref'],
        install(SYSTEM, ['zypper in vim']),
      ),
      ...reads(['search', 'se', 'info', 'if', 'list-updates', 'lu', 'repos', 'lr', 'packages', 'pa']),
    },
  },
  apk: {
    globalOptions: {
      '-X|--repository|-p|--root|--arch|--cache-dir|--keys-dir': 'data',
      '-U|--update-cache|--no-cache|-q|--quiet|-v|--verbose|-i|--interactive|--allow-untrusted|--force|-h|--help|-V|--version|--virtual|-t':
        'flag',
    },
    subcommands: {
      ...ruled(['add', 'del', 'upgrade', 'update', 'fix'], install(SYSTEM, ['apk add curl'])),
      ...reads(['info', 'search', 'list', 'stats', 'version', 'policy', 'dot', 'cache', 'audit']),
    },
  },
  // pacman's operation is an option (-S, -R, -U) in any cluster
  pacman: {
    aliases: ['yay', 'paru'],
    operands: 'data',
    rules: [
      {
        ...install(SYSTEM, ['pacman -S git', 'pacman -Syu', 'yay -R foo']),
        when: { check: 'pacmanOperation' },
        notExamples: ['pacman -Ss git', 'pacman -Qi git'],
      },
    ],
  },
  brew: {
    aliases: ['port'],
    subcommands: {
      ...ruled(
        [
          'install',
          'upgrade',
          'reinstall',
          'uninstall',
          'remove',
          'rm',
          'tap',
          'untap',
          'update',
          'bundle',
          'selfupdate',
          'sync',
        ],
        install(SYSTEM, ['brew install jq', 'brew upgrade', 'port install wget']),
      ),
      ...reads([
        'list',
        'ls',
        'info',
        'search',
        'deps',
        'uses',
        'outdated',
        'config',
        'doctor',
        'leaves',
        'home',
        'desc',
        'cat',
        '--prefix',
        '--cellar',
        '--version',
        'services',
        'cleanup',
        'pin',
        'unpin',
        'link',
        'unlink',
        'shellenv',
        'installed',
        'contents',
      ]),
    },
  },
  snap: {
    aliases: ['flatpak'],
    subcommands: {
      ...ruled(
        ['install', 'refresh', 'remove', 'revert', 'update', 'uninstall'],
        install(SYSTEM, ['snap install code', 'flatpak install x']),
      ),
      ...reads(['list', 'info', 'find', 'search', 'run', 'version', 'help']),
    },
  },
  'nix-env': {
    operands: 'data',
    options: {
      '-f|--file|-A|--attr|-p|--profile': 'data',
      '-i|--install|-u|--upgrade|-e|--uninstall|--set|-q|--query|-a|--available|-b|--preserve-installed|--dry-run':
        'flag',
    },
    rules: [
      {
        ...install(SYSTEM, ['nix-env -i hello', 'nix-env -iA nixpkgs.hello']),
        when: { options: ['-i', '--install', '-u', '--upgrade', '-e', '--uninstall', '--set'] },
        notExamples: ['nix-env -q'],
      },
    ],
  },
  nix: {
    globalOptions: { '--option|--extra-experimental-features|--experimental-features': 'data' },
    subcommands: {
      profile: {
        subcommands: {
          ...ruled(['install', 'upgrade', 'remove'], install(SYSTEM, ['nix profile install nixpkgs#hello'])),
          ...reads(['list', 'history']),
        },
      },
      ...reads([
        'build',
        'develop',
        'shell',
        'search',
        'eval',
        'flake',
        'store',
        'path-info',
        'log',
        'why-depends',
        'show-config',
        'repl',
        'fmt',
        'hash',
        'key',
      ]),
      run: { operands: { leading: ['data'], rest: 'unknown' } },
    },
  },
  dpkg: {
    aliases: ['rpm'],
    options: {
      '--root|--admindir|--instdir|--force-all|-L|--listfiles|-s|--status|-S|--search|-q|--query|--qf|--queryformat':
        'data',
      '-l|--list|--get-selections|--version|--help|-a|--all|-v|--verbose|-h|--hash|--nodeps|--force|--test|-V|--verify|-c|--configfiles|-d|--docfiles':
        'flag',
      '-i|--install|-r|--remove|-P|--purge|-U|--upgrade|-e|--erase|--configure': 'flag',
    },
    operands: 'read',
    rules: [
      {
        category: 'DEPS_INSTALL_UPDATE',
        note: SYSTEM,
        when: { options: ['-i', '--install', '-r', '--remove', '-P', '--purge', '-U', '--upgrade', '-e', '--erase'] },
        examples: ['dpkg -i x.deb', 'rpm -U x.rpm', 'rpm -ivh x.rpm'],
        notExamples: ['dpkg -l', 'rpm -qa'],
      },
    ],
  },
};
