import type { CommandSpec, CommandSpecs, OptionKind, RuleSpec } from '../../catalog/commandSpec';

// npm, pnpm, yarn, bun, deno and the package runners: which subcommands change dependencies,
// publish, fetch and run a package, or run the project's package.json scripts.

function installs(examples: string[], note = 'package install'): RuleSpec {
  return { category: 'DEPS_INSTALL_UPDATE', note, purpose: 'package download', examples };
}

function fetchesAndRuns(examples: string[]): RuleSpec {
  return {
    category: 'DEPS_INSTALL_UPDATE',
    note: 'fetches and runs a package',
    purpose: 'package download',
    packageIsFirstOperand: true,
    examples,
  };
}

function publishes(examples: string[], note = 'package publish'): RuleSpec {
  return { category: 'GIT_PUBLISH', note, purpose: 'upload', examples };
}

/** npm's configuration options, which every subcommand takes. */
const NPM_OPTIONS: Record<string, OptionKind> = {
  '--prefix|-w|--workspace|--registry|--cache|--globalconfig|--loglevel|--otp|--tag|--access|--location': 'data',
  '--omit|--include|--install-strategy|--before|--depth|--node-options|--init-author-name': 'data',
  '--init-author-email|--init-author-url|--init-license|--init-module|--init-version|--userconfig': 'data',
  '--auth-type|--scope|--preid|--message|-m|--pack-destination|--lockfile-version|--cpu|--os|--libc': 'data',
  '--tag-version-prefix|--fetch-retries|--fetch-timeout|--maxsockets|--umask|--otp|--editor|--browser': 'data',
  '--viewer|--sbom-format|--sbom-type|--workspaces-update|--expect-results|--expect-result-count': 'data',
  '--provenance-file|--allow-same-version|--diff|--diff-dst-prefix|--diff-src-prefix|--diff-unified': 'data',
  // the shell npm runs scripts with: read with the package run's settings (taskRunners/npmSettings.ts)
  '--script-shell': 'data',
  '-g|--global|-D|--save-dev|-E|--save-exact|-O|--save-optional|-P|--save-prod|-B|--save-bundle|-S|--save': 'flag',
  '--no-save|--save-peer|--legacy-peer-deps|--strict-peer-deps|-f|--force|--dry-run|--json|-s|--silent|-q': 'flag',
  '--quiet|-d|-dd|-ddd|--verbose|-l|--long|--parseable|-p|--production|--ignore-scripts': 'flag',
  '--foreground-scripts|-ws|--workspaces|--include-workspace-root|--if-present|-y|--yes|--no|--audit': 'flag',
  '--no-audit|--fund|--no-fund|--package-lock|--no-package-lock|--package-lock-only|--engine-strict': 'flag',
  '--prefer-offline|--prefer-online|--offline|--all|-a|--link|--color|--no-color|--progress|--no-progress': 'flag',
  '--timing|--bin-links|--no-bin-links|--global-style|--install-links|--strict-ssl|--unicode': 'flag',
  '--update-notifier|--no-update-notifier|--provenance|--no-provenance|-h|--help|-v|--version|--usage|--ci': 'flag',
  '--no-optional|--no-shrinkwrap|--save-bundle|--read-only|--sign-git-tag|--git-tag-version': 'flag',
  '--no-git-tag-version|--commit-hooks|--no-commit-hooks|--workspaces-update|--include-staged': 'flag',
  '--ignore-existing|--no-workspaces': 'flag',
};

/**
 * The package.json scripts of the project a package manager runs itself (npm's "life cycle
 * operation order"): read like `npm run`'s, since the project's scripts are code the agent may
 * have written.
 */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'];
const TEST_SCRIPTS = ['pretest', 'test', 'posttest'];
const INSTALL_TEST_SCRIPTS = [...INSTALL_SCRIPTS, ...TEST_SCRIPTS];
const PACK_SCRIPTS = ['prepack', 'prepare', 'postpack'];
const PUBLISH_SCRIPTS = ['prepublishOnly', 'prepack', 'prepare', 'postpack', 'publish', 'postpublish'];
const VERSION_SCRIPTS = ['preversion', 'version', 'postversion'];
const RESTART_SCRIPTS = [
  'prerestart',
  'restart',
  'postrestart',
  'prestop',
  'stop',
  'poststop',
  'prestart',
  'start',
  'poststart',
];

function runsScripts(spec: CommandSpec, packageScripts: string[]): CommandSpec {
  return { ...spec, reader: 'packageScript', packageScripts };
}

// npm's configuration chooses the shell, the node options, the package folder and the programs it starts
const NPM_RUN_CHANGING_OPTIONS = [
  '-C',
  '-w',
  '--workspace',
  '--workspaces',
  '-ws',
  '--include-workspace-root',
  '--onload-script',
  '--shell',
  '-c',
  '--call',
  '-p',
  '--package',
  '--registry',
  '--git',
  '--node-gyp',
  '--editor',
  '--browser',
  '--viewer',
  '--init-module',
];

// pnpm's folder, workspace filter, shell and node version
const PNPM_RUN_CHANGING_OPTIONS = [
  '-C',
  '-F',
  '--filter',
  '--filter-prod',
  '--workspace-dir',
  '-w',
  '--workspace-root',
  '-r',
  '--recursive',
  '--config-dir',
  '--shell-emulator',
  '--use-node-version',
  '-c',
  '--shell-mode',
  '--registry',
  '--package',
];

const BUN_RUN_CHANGING_OPTIONS = ['-c', '--config', '-r', '-F', '--filter', '--shell', '--registry', '-p', '--package'];

const NPM_INSTALL = ['i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add'];
const DATA = { operands: 'data' } as const;

/** `npm run NAME`, `npm test`: a package.json script, its arguments handed to code intentgate does not know. */
const RUNS_SCRIPT: CommandSpec = {
  operands: { leading: ['data'], rest: 'unknown' },
  reader: 'packageScript',
  runsProjectCode: true,
};
const RUNS_LIFECYCLE: CommandSpec = { operands: 'unknown', reader: 'packageScript', runsProjectCode: true };

const NPM_RUNNER: CommandSpec = {
  options: { '-p|--package': 'data', '-c|--call': 'script' },
  operands: { rest: 'command' },
  reader: 'packageRunner',
  rules: [fetchesAndRuns(['npm exec -- prettier .', 'npm x cowsay'])],
};

const NPM: CommandSpec = {
  runChangingOptions: NPM_RUN_CHANGING_OPTIONS,
  // `npm version -m "release, see https://x"`: the message is prose, so a URL in it is no request
  textOptions: ['-m', '--message', '-t', '--title', '-b', '--body', '-n', '--notes'],
  globalOptions: NPM_OPTIONS,
  subcommands: {
    install: runsScripts(
      {
        aliases: NPM_INSTALL,
        operands: 'data',
        rules: [installs(['npm install', 'npm i lodash', 'npm -g i x', 'npm --prefix web install'])],
      },
      INSTALL_SCRIPTS,
    ),
    ci: runsScripts(
      { aliases: ['clean-install', 'install-clean'], operands: 'data', rules: [installs(['npm ci'])] },
      INSTALL_SCRIPTS,
    ),
    // an install, then `npm test`: the install's scripts and the test's
    'install-test': runsScripts(
      { aliases: ['it'], operands: 'data', rules: [installs(['npm install-test', 'npm it'])] },
      INSTALL_TEST_SCRIPTS,
    ),
    'install-ci-test': runsScripts(
      {
        aliases: ['cit', 'sit', 'clean-install-test'],
        operands: 'data',
        rules: [installs(['npm install-ci-test', 'npm cit', 'npm sit', 'npm clean-install-test'])],
      },
      INSTALL_TEST_SCRIPTS,
    ),
    update: runsScripts(
      { aliases: ['up', 'upgrade', 'udpate'], operands: 'data', rules: [installs(['npm update', 'npm up lodash'])] },
      INSTALL_SCRIPTS,
    ),
    uninstall: runsScripts(
      {
        aliases: ['remove', 'rm', 'r', 'un', 'unlink', 'link', 'ln'],
        operands: 'data',
        rules: [installs(['npm uninstall left-pad', 'npm link'])],
      },
      INSTALL_SCRIPTS,
    ),
    dedupe: runsScripts({ aliases: ['ddp'], operands: 'data', rules: [installs(['npm dedupe'])] }, INSTALL_SCRIPTS),
    prune: { operands: 'data', rules: [installs(['npm prune --production'])] },
    rebuild: runsScripts({ aliases: ['rb'], operands: 'data', rules: [installs(['npm rebuild'])] }, INSTALL_SCRIPTS),
    pkg: {
      subcommands: {
        set: { operands: 'data', rules: [installs(['npm pkg set scripts.x=y'])] },
        delete: { operands: 'data', rules: [installs(['npm pkg delete scripts.x'])] },
        get: DATA,
        fix: { operands: 'data', rules: [installs(['npm pkg fix'])] },
      },
    },
    audit: {
      operands: 'data',
      subcommands: { fix: { operands: 'data', rules: [installs(['npm audit fix'])] }, signatures: DATA },
    },
    exec: NPM_RUNNER,
    x: NPM_RUNNER,
    init: {
      aliases: ['create', 'innit'],
      operands: 'data',
      rules: [fetchesAndRuns(['npm init vite', 'npm create vite@latest app'])],
    },
    publish: runsScripts(
      { operands: 'data', rules: [publishes(['npm publish', 'npm publish --tag next'])] },
      PUBLISH_SCRIPTS,
    ),
    unpublish: { operands: 'data', rules: [publishes(['npm unpublish x@1.0.0'])] },
    deprecate: { operands: 'data', rules: [publishes(['npm deprecate x@1 "old"'])] },
    'dist-tag': {
      aliases: ['dist-tags'],
      subcommands: {
        add: { operands: 'data', rules: [publishes(['npm dist-tag add x@1.0.0 latest'])] },
        rm: DATA,
        ls: DATA,
      },
    },
    version: runsScripts(
      {
        aliases: ['verison'],
        operands: 'data',
        rules: [{ category: 'GIT_PUBLISH', note: 'version bump and tag', examples: ['npm version patch'] }],
      },
      VERSION_SCRIPTS,
    ),
    run: { aliases: ['run-script', 'rum', 'urn'], ...RUNS_SCRIPT },
    test: { aliases: ['t', 'tst'], ...RUNS_LIFECYCLE },
    start: RUNS_LIFECYCLE,
    stop: RUNS_LIFECYCLE,
    restart: { ...RUNS_LIFECYCLE, packageScripts: RESTART_SCRIPTS },
    // npm explore PKG -- CMD runs CMD in the package's folder
    explore: { operands: { leading: ['data'], rest: 'command' } },
    ls: { aliases: ['list', 'la', 'll'], operands: 'data' },
    view: { aliases: ['v', 'info', 'show'], operands: 'data' },
    outdated: DATA,
    explain: { aliases: ['why'], operands: 'data' },
    query: DATA,
    config: { aliases: ['c'], operands: 'data' },
    get: DATA,
    set: DATA,
    cache: DATA,
    doctor: DATA,
    help: DATA,
    'help-search': DATA,
    search: { aliases: ['find', 's', 'se'], operands: 'data' },
    whoami: DATA,
    ping: DATA,
    root: DATA,
    prefix: DATA,
    bin: DATA,
    fund: DATA,
    repo: DATA,
    docs: { aliases: ['home'], operands: 'data' },
    bugs: { aliases: ['issues'], operands: 'data' },
    pack: runsScripts(DATA, PACK_SCRIPTS),
    login: { aliases: ['adduser', 'add-user'], operands: 'data' },
    logout: DATA,
    token: DATA,
    team: DATA,
    owner: { aliases: ['author'], operands: 'data' },
    access: DATA,
    org: DATA,
    star: DATA,
    stars: DATA,
    unstar: DATA,
    sbom: DATA,
    diff: DATA,
    completion: DATA,
    shrinkwrap: DATA,
    'find-dupes': DATA,
  },
};

/** pnpm: any other first word runs the package script or the project's bin of that name. */
const PNPM_RUNNER: CommandSpec = {
  options: { '--package': 'data' },
  operands: { rest: 'command' },
  reader: 'packageRunner',
  with: { '-c|--shell-mode': { operands: { rest: 'shell' } } },
};

const RUNS_SCRIPT_OR_BIN: CommandSpec = {
  operands: { rest: 'command' },
  reader: 'packageScript',
  runsProjectCode: true,
};

const PNPM: CommandSpec = {
  aliases: [],
  runChangingOptions: PNPM_RUN_CHANGING_OPTIONS,
  globalOptions: {
    '-C|--dir|--filter|-F|--workspace-dir|--registry|--loglevel|--reporter|--config-dir|--filter-prod': 'data',
    '--test-pattern|--changed-files-ignore-pattern|--workspace-concurrency|--resume-from|--node-options': 'data',
    '--use-node-version': 'data',
    '-r|--recursive|-w|--workspace-root|-s|--silent|--stream|--parallel|--aggregate-output|-D|--dev|-P': 'flag',
    '--prod|-O|--optional|-E|--save-exact|-g|--global|--frozen-lockfile|--no-frozen-lockfile': 'flag',
    '--prefer-offline|--offline|--ignore-scripts|--shamefully-hoist|--strict-peer-dependencies': 'flag',
    '--fix-lockfile|--lockfile-only|--force|--if-present|--no-bail|--bail|--sort|--no-sort|--reverse': 'flag',
    '--color|--no-color|-h|--help|-v|--version|--shell-mode|-c|--json|--long|--depth|--latest|-L': 'flag',
    '--interactive|-i|--save-peer|--save-catalog|--include-workspace-root|--fail-if-no-match|--workspace': 'flag',
    '--no-optional|--production|--dev': 'flag',
  },
  subcommands: {
    install: runsScripts(
      { aliases: ['i'], operands: 'data', rules: [installs(['pnpm install', 'pnpm -C web install'])] },
      INSTALL_SCRIPTS,
    ),
    add: runsScripts({ operands: 'data', rules: [installs(['pnpm add react'])] }, INSTALL_SCRIPTS),
    'install-test': runsScripts(
      { aliases: ['it'], operands: 'data', rules: [installs(['pnpm install-test', 'pnpm it'])] },
      INSTALL_TEST_SCRIPTS,
    ),
    update: { aliases: ['up', 'upgrade'], operands: 'data', rules: [installs(['pnpm update'])] },
    remove: { aliases: ['rm', 'uninstall', 'un'], operands: 'data', rules: [installs(['pnpm remove react'])] },
    link: { aliases: ['ln'], operands: 'data', rules: [installs(['pnpm link ../lib'])] },
    unlink: { operands: 'data', rules: [installs(['pnpm unlink'])] },
    import: { operands: 'data', rules: [installs(['pnpm import'])] },
    fetch: { operands: 'data', rules: [installs(['pnpm fetch'])] },
    prune: { operands: 'data', rules: [installs(['pnpm prune'])] },
    rebuild: runsScripts({ aliases: ['rb'], operands: 'data', rules: [installs(['pnpm rebuild'])] }, INSTALL_SCRIPTS),
    dlx: { ...PNPM_RUNNER, rules: [fetchesAndRuns(['pnpm dlx create-vite app'])] },
    create: { operands: 'data', rules: [fetchesAndRuns(['pnpm create vite'])] },
    init: { operands: 'data', rules: [fetchesAndRuns(['pnpm init'])] },
    exec: {
      options: {
        '--resume-from|--filter|-F|--workspace-concurrency|--dir|-C': 'data',
        '-c|--shell-mode|--parallel|-r|--recursive|--no-reporter-hide-prefix|--report-summary': 'flag',
      },
      operands: { rest: 'command' },
      reader: 'packageRunner',
      with: { '-c|--shell-mode': { operands: { rest: 'shell' } } },
    },
    publish: runsScripts({ operands: 'data', rules: [publishes(['pnpm publish --tag next'])] }, PUBLISH_SCRIPTS),
    version: runsScripts(
      {
        operands: 'data',
        rules: [{ category: 'GIT_PUBLISH', note: 'version bump and tag', examples: ['pnpm version patch'] }],
      },
      VERSION_SCRIPTS,
    ),
    run: { aliases: ['run-script'], ...RUNS_SCRIPT },
    test: { aliases: ['t', 'tst'], ...RUNS_LIFECYCLE },
    start: RUNS_LIFECYCLE,
    list: { aliases: ['ls', 'll'], operands: 'data' },
    outdated: DATA,
    why: DATA,
    audit: DATA,
    store: DATA,
    root: DATA,
    bin: DATA,
    config: DATA,
    licenses: DATA,
    env: DATA,
    setup: DATA,
    server: DATA,
  },
  otherSubcommand: RUNS_SCRIPT_OR_BIN,
};

const YARN: CommandSpec = {
  runChangingOptions: ['--use-yarnrc', '--modules-folder', '--registry', '--global-folder', '--link-folder'],
  globalOptions: {
    '--cwd|--registry|--modules-folder|--cache-folder|--mutex|--network-timeout|--network-concurrency': 'data',
    '--use-yarnrc|--link-folder|--global-folder|--preferred-cache-folder': 'data',
    '-D|--dev|-P|--peer|-O|--optional|-E|--exact|-T|--tilde|-W|--ignore-workspace-root-check': 'flag',
    '--frozen-lockfile|--immutable|--immutable-cache|--check-cache|--pure-lockfile|--prefer-offline': 'flag',
    '--offline|--ignore-scripts|--ignore-engines|--ignore-optional|--ignore-platform|--force|--production': 'flag',
    '--prod|--no-lockfile|--non-interactive|--silent|-s|--verbose|--json|--no-progress|--flat|--har|-h': 'flag',
    '--help|-v|--version|--inline-builds|--mode|-A|--all|-R|--recursive|-p|--parallel|-i|--interlaced|-t': 'flag',
    '--topological|--topological-dev|--no-private|--include|--exclude': 'flag',
  },
  // bare `yarn` installs
  operands: 'data',
  rules: [{ ...installs(['yarn', 'yarn --cwd web']), when: { operands: 'none' }, notExamples: ['yarn why react'] }],
  subcommands: {
    install: runsScripts(
      { operands: 'data', rules: [installs(['yarn install', 'yarn --cwd web install'])] },
      INSTALL_SCRIPTS,
    ),
    add: runsScripts({ operands: 'data', rules: [installs(['yarn add lodash'])] }, INSTALL_SCRIPTS),
    upgrade: {
      aliases: ['up', 'upgrade-interactive'],
      operands: 'data',
      rules: [installs(['yarn upgrade', 'yarn up react'])],
    },
    remove: { operands: 'data', rules: [installs(['yarn remove lodash'])] },
    link: { operands: 'data', rules: [installs(['yarn link ../lib'])] },
    unlink: { operands: 'data', rules: [installs(['yarn unlink'])] },
    import: { operands: 'data', rules: [installs(['yarn import'])] },
    dlx: {
      options: { '-p|--package': 'data', '-q|--quiet': 'flag' },
      operands: { rest: 'command' },
      reader: 'packageRunner',
      rules: [fetchesAndRuns(['yarn dlx semantic-release'])],
    },
    create: { operands: 'data', rules: [fetchesAndRuns(['yarn create vite'])] },
    // yarn exec runs its words as a shell line
    exec: { operands: { rest: 'shell' }, reader: 'packageRunner' },
    npm: {
      subcommands: {
        publish: { operands: 'data', rules: [publishes(['yarn npm publish'])] },
        login: DATA,
        logout: DATA,
        info: DATA,
        whoami: DATA,
        audit: DATA,
        tag: DATA,
      },
    },
    publish: runsScripts({ operands: 'data', rules: [publishes(['yarn publish'])] }, [
      ...PUBLISH_SCRIPTS,
      'prepublish',
    ]),
    version: runsScripts(
      {
        operands: 'data',
        rules: [
          { category: 'GIT_PUBLISH', note: 'version bump and tag', examples: ['yarn version --new-version 1.2.0'] },
        ],
      },
      VERSION_SCRIPTS,
    ),
    run: RUNS_SCRIPT,
    test: RUNS_LIFECYCLE,
    start: RUNS_LIFECYCLE,
    why: DATA,
    info: DATA,
    list: DATA,
    ls: DATA,
    outdated: DATA,
    audit: DATA,
    config: DATA,
    cache: DATA,
    bin: DATA,
    global: DATA,
    init: { operands: 'data', rules: [fetchesAndRuns(['yarn init'])] },
    licenses: DATA,
    pack: runsScripts(DATA, PACK_SCRIPTS),
    login: DATA,
    logout: DATA,
    owner: DATA,
    team: DATA,
    versions: DATA,
    workspace: DATA,
    workspaces: DATA,
    check: DATA,
    help: DATA,
    dedupe: { operands: 'data', rules: [installs(['yarn dedupe'])] },
    node: { operands: { rest: 'program' }, reader: 'interpreter' },
    explain: DATA,
    patch: DATA,
    plugin: DATA,
    set: DATA,
    constraints: DATA,
    search: DATA,
    root: DATA,
    env: DATA,
    doctor: DATA,
    setup: DATA,
    tag: DATA,
    unplug: DATA,
  },
  otherSubcommand: RUNS_SCRIPT_OR_BIN,
};

const BUN_RUNNER: CommandSpec = {
  options: { '-p|--package': 'data', '--bun|--silent|--verbose': 'flag' },
  operands: { rest: 'command' },
  reader: 'packageRunner',
};

const BUN: CommandSpec = {
  runChangingOptions: BUN_RUN_CHANGING_OPTIONS,
  globalOptions: {
    '--cwd|-c|--config|--env-file|--tsconfig-override|--define|-d|--loader|-l|--main-fields|--preload|-r': 'data',
    '--require|--import|--conditions|--port|--filter|-F|--elide-lines': 'data',
    '--silent|--smol|--hot|--watch|--no-install|--install|-i|--prefer-offline|--prefer-latest|-b|--bun': 'flag',
    '--inspect|--inspect-wait|--inspect-brk|--if-present|-h|--help|-v|--version|--revision|-e|--eval|-p': 'flag',
    '--print|-D|--dev|--development|-d|-E|--exact|--optional|--peer|-g|--global|--production': 'flag',
    '--frozen-lockfile|--dry-run|--force|--no-save|--save|--trust|--ignore-scripts|--verbose|--no-progress': 'flag',
    '--no-summary|--no-verify': 'flag',
  },
  subcommands: {
    install: runsScripts({ aliases: ['i'], operands: 'data', rules: [installs(['bun install'])] }, INSTALL_SCRIPTS),
    add: runsScripts({ aliases: ['a'], operands: 'data', rules: [installs(['bun add zod'])] }, INSTALL_SCRIPTS),
    update: { operands: 'data', rules: [installs(['bun update'])] },
    remove: { aliases: ['rm'], operands: 'data', rules: [installs(['bun remove zod'])] },
    link: { operands: 'data', rules: [installs(['bun link'])] },
    unlink: { operands: 'data', rules: [installs(['bun unlink'])] },
    x: { ...BUN_RUNNER, rules: [fetchesAndRuns(['bun x cowsay'])] },
    create: { aliases: ['c'], operands: 'data', rules: [fetchesAndRuns(['bun create vite'])] },
    init: { operands: 'data', rules: [fetchesAndRuns(['bun init'])] },
    // bun exec runs a Bun shell (bash-like) script
    exec: { operands: { rest: 'shell' }, reader: 'packageRunner' },
    publish: { operands: 'data', rules: [publishes(['bun publish'])] },
    pm: {
      subcommands: {
        publish: { operands: 'data', rules: [publishes(['bun pm publish'])] },
        pack: DATA,
        bin: DATA,
        ls: DATA,
        cache: DATA,
        hash: DATA,
        'hash-string': DATA,
        'hash-print': DATA,
        whoami: DATA,
        trust: DATA,
        untrusted: DATA,
        'default-trusted': DATA,
        version: DATA,
        migrate: DATA,
      },
    },
    run: { options: { '--shell': 'data' }, ...RUNS_SCRIPT },
    test: { operands: 'read', runsProjectCode: true },
    build: {
      options: {
        '--outdir|--outfile|-o': 'write',
        '--target|--format|--sourcemap|--external|-e|--minify-syntax|--public-path|--naming|--root|--packages|--splitting':
          'data',
        '--minify|--compile|--watch|--bytecode|--no-bundle': 'flag',
      },
      operands: 'read',
    },
    outdated: DATA,
    patch: DATA,
    upgrade: DATA,
    repl: DATA,
    audit: DATA,
    info: DATA,
    why: DATA,
  },
  // `bun x.ts`: a program file; `bun build` a package script of that name first, when there is one
  otherSubcommand: { operands: { rest: 'program' }, reader: 'interpreter' },
};

const DENO_RUN: CommandSpec = {
  options: {
    '--allow-read|--allow-write|--allow-net|--allow-env|--allow-run|--allow-sys|--allow-ffi': 'optional',
    '--allow-import|--deny-read|--deny-write|--deny-net|--deny-env|--deny-run|--deny-sys|--deny-ffi': 'optional',
    '--deny-import|--watch|--watch-exclude|--unstable|--inspect|--inspect-brk|--inspect-wait': 'optional',
    '--env-file': 'optional',
    '-A|--allow-all|-q|--quiet|--no-check|--no-lock|--no-npm|--no-remote|--node-modules-dir|--reload|-r|--cached-only|--frozen|--no-prompt|--ext':
      'flag',
    '-c|--config|--import-map|--lock|--cert|--location|--seed|--v8-flags|--check|--permission-set|--ext': 'data',
  },
  operands: { rest: 'program' },
  reader: 'interpreter',
};

/** JavaScript package managers and runtimes. */
export const NODE_PACKAGE_COMMANDS: CommandSpecs = {
  npm: NPM,
  pnpm: PNPM,
  yarn: YARN,
  bun: BUN,
  npx: {
    aliases: ['pnpx', 'bunx'],
    // one spec for the three: pnpx is pnpm's runner and bunx bun's, so their options count too
    runChangingOptions: [
      ...new Set([...NPM_RUN_CHANGING_OPTIONS, ...PNPM_RUN_CHANGING_OPTIONS, ...BUN_RUN_CHANGING_OPTIONS]),
    ],
    options: { ...NPM_OPTIONS, '-p|--package': 'data', '-c|--call': 'script' },
    operands: { rest: 'command' },
    reader: 'packageRunner',
    rules: [fetchesAndRuns(['npx cowsay hi', 'bunx eslint .', 'pnpx prettier .'])],
  },
  deno: {
    options: { '-q|--quiet|-h|--help|-V|--version|--unstable': 'flag', '--log-level': 'data' },
    subcommands: {
      run: DENO_RUN,
      test: { ...DENO_RUN, operands: 'read', runsProjectCode: true, reader: undefined },
      eval: { options: { '-p|--print|--ext|-q|--quiet': 'flag' }, operands: { leading: ['code'], rest: 'unknown' } },
      task: { operands: { leading: ['data'], rest: 'unknown' }, runsProjectCode: true },
      add: { operands: 'data', rules: [installs(['deno add npm:zod'])] },
      install: {
        aliases: ['i'],
        operands: 'data',
        options: { '-g|--global|-f|--force|-A|--allow-all|--dev|-D': 'flag', '-n|--name|--root': 'data' },
        rules: [installs(['deno install', 'deno install -g jsr:@std/http/file-server'])],
      },
      remove: { aliases: ['rm', 'uninstall'], operands: 'data', rules: [installs(['deno remove npm:zod'])] },
      update: { aliases: ['outdated'], operands: 'data', rules: [installs(['deno update'])] },
      fmt: {
        operands: 'overwrite',
        options: {
          '--check|-q|--quiet|--watch|--unstable-component|--ext|--use-tabs|--no-semicolons|--single-quote': 'flag',
          '--line-width|--indent-width|--prose-wrap|--config|-c|--ignore': 'data',
        },
        with: { '--check': { operands: 'read' } },
      },
      lint: { operands: 'read', with: { '--fix': { operands: 'overwrite' } } },
      check: { operands: 'read' },
      info: DATA,
      doc: { operands: 'read' },
      compile: { options: { '-o|--output': 'write' }, operands: 'read' },
      bench: { operands: 'read', runsProjectCode: true },
      repl: DATA,
      upgrade: DATA,
      completions: DATA,
    },
  },
  // release tools: each publishes a version, tag or site to the outside
  'release-it': { operands: 'data', rules: [publishes(['release-it minor --ci'])] },
  'semantic-release': { operands: 'data', rules: [publishes(['semantic-release'])] },
  changeset: {
    operands: 'data',
    subcommands: {
      publish: { operands: 'data', rules: [publishes(['changeset publish'])] },
      version: DATA,
      status: DATA,
      add: DATA,
      init: DATA,
      pre: DATA,
      tag: DATA,
    },
  },
  lerna: {
    operands: 'data',
    subcommands: {
      publish: { operands: 'data', rules: [publishes(['lerna publish from-git'])] },
      version: { operands: 'data', rules: [publishes(['lerna version patch --yes'])] },
      run: { operands: { leading: ['data'], rest: 'unknown' }, runsProjectCode: true },
      exec: { operands: { rest: 'command' } },
      list: DATA,
      ls: DATA,
      changed: DATA,
      diff: DATA,
      bootstrap: DATA,
      clean: DATA,
      init: DATA,
      info: DATA,
    },
  },
  vsce: {
    operands: 'data',
    subcommands: {
      publish: { operands: 'data', rules: [publishes(['vsce publish'], 'extension publish')] },
      package: DATA,
      ls: DATA,
      login: DATA,
      logout: DATA,
      unpublish: DATA,
      show: DATA,
      search: DATA,
    },
  },
  ovsx: {
    operands: 'data',
    subcommands: { publish: { operands: 'data', rules: [publishes(['ovsx publish'], 'extension publish')] } },
  },
  vercel: {
    operands: 'data',
    rules: [{ ...publishes(['vercel', 'vercel --prod'], 'site deploy'), when: { operands: 'none' } }],
    subcommands: {
      deploy: { operands: 'data', rules: [publishes(['vercel deploy'], 'site deploy')] },
      promote: { operands: 'data', rules: [publishes(['vercel promote x'], 'site deploy')] },
      redeploy: { operands: 'data', rules: [publishes(['vercel redeploy x'], 'site deploy')] },
      rollback: { operands: 'data', rules: [publishes(['vercel rollback'], 'site deploy')] },
      dev: DATA,
      env: DATA,
      link: DATA,
      login: DATA,
      logs: DATA,
      ls: DATA,
      list: DATA,
      pull: DATA,
      whoami: DATA,
      build: DATA,
      inspect: DATA,
    },
  },
  netlify: {
    operands: 'data',
    subcommands: {
      deploy: { operands: 'data', rules: [publishes(['netlify deploy --prod'], 'site deploy')] },
      dev: DATA,
      status: DATA,
      login: DATA,
      build: DATA,
      init: DATA,
      link: DATA,
    },
  },
  firebase: {
    operands: 'data',
    subcommands: {
      deploy: { operands: 'data', rules: [publishes(['firebase deploy'], 'site deploy')] },
      serve: DATA,
      login: DATA,
      emulators: DATA,
      init: DATA,
      use: DATA,
    },
  },
  wrangler: {
    operands: 'data',
    subcommands: {
      deploy: { operands: 'data', rules: [publishes(['wrangler deploy'], 'site deploy')] },
      publish: { operands: 'data', rules: [publishes(['wrangler publish'], 'site deploy')] },
      pages: {
        subcommands: {
          deploy: { operands: 'data', rules: [publishes(['wrangler pages deploy dist'], 'site deploy')] },
          dev: DATA,
        },
      },
      dev: DATA,
      login: DATA,
      whoami: DATA,
      tail: DATA,
    },
  },
  fly: {
    aliases: ['flyctl'],
    operands: 'data',
    subcommands: {
      deploy: { operands: 'data', rules: [publishes(['fly deploy'], 'site deploy')] },
      status: DATA,
      logs: DATA,
      launch: DATA,
      auth: DATA,
      apps: DATA,
    },
  },
};
