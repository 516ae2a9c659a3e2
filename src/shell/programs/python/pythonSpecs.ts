import type { CommandSpec, CommandSpecs, RuleSpec } from '../../catalog/commandSpec';

// pip and the Python project managers: which subcommands change dependencies or publish, and
// which run a command in the project's environment; the tools agents run on Python code.

function installs(examples: string[]): RuleSpec {
  return { category: 'DEPS_INSTALL_UPDATE', note: 'package install', purpose: 'package download', examples };
}

function publishes(examples: string[]): RuleSpec {
  return { category: 'GIT_PUBLISH', note: 'package publish', purpose: 'upload', examples };
}

const DATA = { operands: 'data' } as const;

const PIP_INSTALL_OPTIONS = {
  '-r|--requirement|-c|--constraint': 'read',
  '-e|--editable|-t|--target|--prefix|--root|--src|-i|--index-url|--extra-index-url|-f|--find-links': 'data',
  '--platform|--python-version|--implementation|--abi|--upgrade-strategy|--progress-bar|--no-binary': 'data',
  '--only-binary|--report|--config-settings|-C|--global-option|--trusted-host|--cert|--client-cert|--proxy': 'data',
  '--retries|--timeout|--exists-action|--cache-dir|--log|--python|--use-feature|--use-deprecated': 'data',
  '--keyring-provider|--group|-d|--dest|--build|--pre-release': 'data',
  '-U|--upgrade|--force-reinstall|-I|--ignore-installed|--ignore-requires-python|--no-deps|--pre|--user': 'flag',
  '--no-build-isolation|--no-index|--no-cache-dir|--no-warn-script-location|--no-warn-conflicts': 'flag',
  '--break-system-packages|--dry-run|--compile|--no-compile|--require-hashes|--prefer-binary|--no-clean': 'flag',
  '--use-pep517|--no-use-pep517|--check-build-dependencies|-q|--quiet|-v|--verbose|--isolated': 'flag',
  '--require-virtualenv|--disable-pip-version-check|--no-color|--no-input|-y|--yes|-h|--help|-V|--version': 'flag',
  '--root-user-action|--json|--local|--format|--not-required|-o|--outdated|--uptodate|-l|--editable-only': 'flag',
  '--exclude-editable|--include-editable|--path|--all|--files': 'flag',
} as const;

/** A runner subcommand: the command after its options runs in the project's environment. */
function runner(options: CommandSpec['options'] = {}): CommandSpec {
  return { options, operands: { rest: 'command' } };
}

const PIP: CommandSpec = {
  aliases: ['pip3', 'pip2'],
  versioned: true,
  globalOptions: PIP_INSTALL_OPTIONS,
  subcommands: {
    install: {
      operands: 'data',
      rules: [
        installs([
          'pip install requests',
          'pip3 install -r requirements.txt',
          'pip --quiet install x',
          'python3 -m pip install x',
        ]),
      ],
    },
    uninstall: { operands: 'data', rules: [installs(['pip uninstall -y requests'])] },
    download: { operands: 'data', rules: [installs(['pip download requests'])] },
    freeze: DATA,
    list: DATA,
    show: DATA,
    check: DATA,
    config: DATA,
    search: DATA,
    cache: DATA,
    index: DATA,
    wheel: { options: { '-w|--wheel-dir': 'write' }, operands: 'data' },
    hash: { operands: 'read' },
    inspect: DATA,
    debug: DATA,
    help: DATA,
    completion: DATA,
  },
};

const UV_RUN = runner({
  '--with|--python|-p|--package|--env-file|--directory|--project|--extra|--group|--index|--index-url|--with-requirements|--with-editable':
    'data',
  '--no-project|--isolated|--no-sync|--locked|--frozen|--all-extras|--all-packages|--no-dev|--only-dev|-q': 'flag',
  '--quiet|-v|--verbose|--script|-m|--module|--active|--no-env-file': 'flag',
});
const UVX: CommandSpec = {
  options: {
    '--from|--with|--with-editable|--with-requirements|-p|--python|--index|--index-url|--extra-index-url': 'data',
    '--default-index|--directory|--project|--cache-dir|--config-file': 'data',
    '--isolated|-q|--quiet|-v|--verbose|--offline|--no-cache|--refresh|-U|--upgrade': 'flag',
  },
  operands: { rest: 'command' },
  reader: 'packageRunner',
  rules: [
    {
      category: 'DEPS_INSTALL_UPDATE',
      note: 'fetches and runs a package',
      purpose: 'package download',
      packageIsFirstOperand: true,
      examples: ['uvx ruff check', 'uv tool run black .'],
    },
  ],
};

/** Python package tools and the programs agents run on Python code. */
export const PYTHON_PACKAGE_COMMANDS: CommandSpecs = {
  pip: PIP,
  uv: {
    globalOptions: {
      '--directory|--project|--cache-dir|--config-file|--color|--python|-p|--index-url|--default-index|--index|--extra-index-url':
        'data',
      '-q|--quiet|-v|--verbose|--offline|--no-cache|-n|--native-tls|--no-progress|--no-config|--preview': 'flag',
      '--frozen|--locked|--no-sync|--all-extras|--dev|--no-dev|-U|--upgrade|-h|--help|-V|--version': 'flag',
    },
    subcommands: {
      pip: {
        subcommands: {
          install: { options: PIP_INSTALL_OPTIONS, operands: 'data', rules: [installs(['uv pip install x'])] },
          uninstall: { options: PIP_INSTALL_OPTIONS, operands: 'data', rules: [installs(['uv pip uninstall x'])] },
          sync: { options: PIP_INSTALL_OPTIONS, operands: 'read', rules: [installs(['uv pip sync requirements.txt'])] },
          compile: { options: { '-o|--output-file': 'overwrite' }, operands: 'read' },
          freeze: DATA,
          list: DATA,
          show: DATA,
          check: DATA,
          tree: DATA,
        },
      },
      add: {
        operands: 'data',
        options: {
          '-r|--requirements': 'read',
          '--dev|--optional|--group|--editable|--raw|--frozen|--no-sync': 'flag',
        },
        rules: [installs(['uv add httpx'])],
      },
      remove: { operands: 'data', rules: [installs(['uv remove httpx'])] },
      sync: { operands: 'data', rules: [installs(['uv sync'])] },
      lock: { operands: 'data', rules: [installs(['uv lock'])] },
      tool: {
        subcommands: {
          install: { operands: 'data', rules: [installs(['uv tool install ruff'])] },
          upgrade: { operands: 'data', rules: [installs(['uv tool upgrade ruff'])] },
          run: UVX,
          list: DATA,
          uninstall: DATA,
          dir: DATA,
        },
      },
      python: {
        subcommands: {
          install: { operands: 'data', rules: [installs(['uv python install 3.12'])] },
          list: DATA,
          find: DATA,
          pin: DATA,
          uninstall: DATA,
          dir: DATA,
        },
      },
      run: UV_RUN,
      publish: { operands: 'read', rules: [publishes(['uv publish'])] },
      init: DATA,
      venv: { operands: 'write' },
      build: { operands: 'read' },
      tree: DATA,
      export: { options: { '-o|--output-file': 'overwrite' }, operands: 'data' },
      cache: DATA,
      self: DATA,
      version: DATA,
      help: DATA,
    },
  },
  uvx: UVX,
  pipx: {
    subcommands: {
      install: { operands: 'data', rules: [installs(['pipx install black'])] },
      upgrade: { operands: 'data', rules: [installs(['pipx upgrade black'])] },
      'upgrade-all': { operands: 'data', rules: [installs(['pipx upgrade-all'])] },
      inject: { operands: 'data', rules: [installs(['pipx inject black x'])] },
      reinstall: { operands: 'data', rules: [installs(['pipx reinstall black'])] },
      'reinstall-all': { operands: 'data', rules: [installs(['pipx reinstall-all'])] },
      run: {
        options: { '--spec|--python|--pip-args|-i|--index-url': 'data', '--no-cache|-v|--verbose|-q|--quiet': 'flag' },
        operands: { rest: 'command' },
        reader: 'packageRunner',
        rules: [installs(['pipx run cowsay'])],
      },
      list: DATA,
      uninstall: DATA,
      'uninstall-all': DATA,
      ensurepath: DATA,
      environment: DATA,
    },
  },
  poetry: {
    globalOptions: {
      '-C|--directory|-P|--project': 'data',
      '-q|--quiet|-v|-vv|-vvv|--verbose|-n|--no-interaction|--no-ansi|--ansi|--no-plugins|--no-cache|-h|--help|-V|--version':
        'flag',
    },
    subcommands: {
      add: { operands: 'data', rules: [installs(['poetry add requests'])] },
      update: { operands: 'data', rules: [installs(['poetry update'])] },
      install: { operands: 'data', rules: [installs(['poetry -C api install'])] },
      remove: { operands: 'data', rules: [installs(['poetry remove requests'])] },
      lock: { operands: 'data', rules: [installs(['poetry lock'])] },
      sync: { operands: 'data', rules: [installs(['poetry sync'])] },
      publish: { operands: 'data', rules: [publishes(['poetry publish --build'])] },
      run: runner(),
      shell: DATA,
      show: DATA,
      check: DATA,
      build: DATA,
      version: DATA,
      env: DATA,
      config: DATA,
      init: DATA,
      new: { operands: 'write' },
      export: { options: { '-o|--output': 'overwrite', '-f|--format': 'data' }, operands: 'data' },
    },
  },
  pipenv: {
    options: { '--python': 'data' },
    subcommands: {
      install: { operands: 'data', rules: [installs(['pipenv install flask'])] },
      update: { operands: 'data', rules: [installs(['pipenv update'])] },
      uninstall: { operands: 'data', rules: [installs(['pipenv uninstall flask'])] },
      sync: { operands: 'data', rules: [installs(['pipenv sync'])] },
      lock: { operands: 'data', rules: [installs(['pipenv lock'])] },
      upgrade: { operands: 'data', rules: [installs(['pipenv upgrade flask'])] },
      run: runner(),
      shell: DATA,
      graph: DATA,
      check: DATA,
      requirements: DATA,
    },
  },
  pdm: {
    subcommands: {
      add: { operands: 'data', rules: [installs(['pdm add httpx'])] },
      install: { operands: 'data', rules: [installs(['pdm install'])] },
      update: { operands: 'data', rules: [installs(['pdm update'])] },
      remove: { operands: 'data', rules: [installs(['pdm remove httpx'])] },
      sync: { operands: 'data', rules: [installs(['pdm sync'])] },
      lock: { operands: 'data', rules: [installs(['pdm lock'])] },
      publish: { operands: 'data', rules: [publishes(['pdm publish'])] },
      run: runner(),
      list: DATA,
      show: DATA,
      info: DATA,
      build: DATA,
      init: DATA,
    },
  },
  hatch: {
    subcommands: {
      add: { operands: 'data', rules: [installs(['hatch add httpx'])] },
      install: { operands: 'data', rules: [installs(['hatch install'])] },
      update: { operands: 'data', rules: [installs(['hatch update'])] },
      remove: { operands: 'data', rules: [installs(['hatch remove httpx'])] },
      sync: { operands: 'data', rules: [installs(['hatch sync'])] },
      lock: { operands: 'data', rules: [installs(['hatch lock'])] },
      publish: { operands: 'data', rules: [publishes(['hatch publish'])] },
      run: runner(),
      build: DATA,
      version: DATA,
      env: DATA,
      shell: DATA,
      test: { operands: 'read', runsProjectCode: true },
      fmt: { operands: 'overwrite' },
    },
  },
  conda: {
    aliases: ['mamba', 'micromamba'],
    globalOptions: {
      '-n|--name|-p|--prefix|-c|--channel|--file': 'data',
      '-y|--yes|-q|--quiet|-v|--verbose|--json|--dry-run|--override-channels|--all|--force|--offline': 'flag',
      '--no-deps|--only-deps|--freeze-installed|--update-deps|-S|--satisfied-skip-solve|--clone|-h|--help': 'flag',
      '-V|--version': 'flag',
    },
    subcommands: {
      install: { operands: 'data', rules: [installs(['conda install numpy'])] },
      update: { operands: 'data', rules: [installs(['conda update numpy'])] },
      upgrade: { operands: 'data', rules: [installs(['conda upgrade numpy'])] },
      create: { operands: 'data', rules: [installs(['mamba create -n x python'])] },
      remove: { aliases: ['uninstall'], operands: 'data', rules: [installs(['conda remove numpy'])] },
      env: {
        subcommands: {
          create: {
            options: { '-f|--file': 'read' },
            operands: 'data',
            rules: [installs(['conda env create -f environment.yml'])],
          },
          update: { operands: 'data', rules: [installs(['conda env update'])] },
          remove: { operands: 'data', rules: [installs(['conda env remove -n x'])] },
          list: DATA,
          export: DATA,
          config: DATA,
        },
      },
      run: runner({ '--cwd': 'data', '--no-capture-output|--live-stream': 'flag' }),
      activate: DATA,
      deactivate: DATA,
      list: DATA,
      info: DATA,
      search: DATA,
      config: DATA,
      clean: DATA,
    },
  },
  twine: {
    subcommands: {
      upload: { operands: 'read', rules: [publishes(['twine upload dist/*'])] },
      check: { operands: 'read' },
      register: { operands: 'read' },
    },
  },
  flit: {
    subcommands: {
      publish: { operands: 'data', rules: [publishes(['flit publish'])] },
      build: DATA,
      install: { operands: 'data', rules: [installs(['flit install'])] },
      init: DATA,
    },
  },
  rye: {
    subcommands: {
      run: runner(),
      sync: { operands: 'data', rules: [installs(['rye sync'])] },
      add: { operands: 'data', rules: [installs(['rye add httpx'])] },
      remove: { operands: 'data', rules: [installs(['rye remove httpx'])] },
      publish: { operands: 'data', rules: [publishes(['rye publish'])] },
      build: DATA,
      list: DATA,
      show: DATA,
    },
  },
  pixi: {
    subcommands: {
      run: runner({ '-e|--environment|--manifest-path': 'data' }),
      add: { operands: 'data', rules: [installs(['pixi add numpy'])] },
      install: { operands: 'data', rules: [installs(['pixi install'])] },
      remove: { operands: 'data', rules: [installs(['pixi remove numpy'])] },
      list: DATA,
      info: DATA,
      shell: DATA,
    },
  },
  // the tools agents run on Python code
  pytest: {
    aliases: ['py.test'],
    // plugins it loads, and the configuration it reads, which may add more of both
    runChangingOptions: ['-c', '--config-file', '-p', '--rootdir', '--confcutdir', '-o', '--override-ini'],
    options: {
      '-k|-m|-r|--maxfail|--tb|--durations|--durations-min|-p|--capture|--log-level|--log-cli-level': 'data',
      '--log-format|--log-date-format|--import-mode|--rootdir|--basetemp|-o|--override-ini|-c': 'data',
      '--config-file|--confcutdir|--deselect|--ignore|--ignore-glob|--cov|--cov-report|--cov-config': 'data',
      '--cov-fail-under|-n|--numprocesses|--dist|--junitxml|--junit-xml|--junit-prefix|--color': 'data',
      '--code-highlight|-W|--pythonwarnings|--timeout|--reruns|--lf-no-failures|--last-failed-no-failures': 'data',
      '--random-order-seed': 'data',
      '-x|--exitfirst|-s|-q|--quiet|-v|--verbose|-vv|-vvv|-l|--showlocals|--lf|--last-failed|--ff': 'flag',
      '--failed-first|--nf|--new-first|--sw|--stepwise|--sw-skip|--co|--collect-only|--pdb|--trace': 'flag',
      '--runxfail|--strict-markers|--strict|--disable-warnings|--no-header|--no-summary|--fixtures': 'flag',
      '--markers|--setup-only|--setup-show|--setup-plan|--cache-clear|--cache-show|--doctest-modules': 'flag',
      '--no-cov|--cov-append|--version|-V|-h|--help|--full-trace': 'flag',
    },
    operands: 'read',
  },
  mypy: {
    options: {
      '--config-file|--python-version|--exclude|-m|--module|-p|--package|--cache-dir|--junit-xml|--html-report|--txt-report|--follow-imports':
        'data',
      '--strict|--ignore-missing-imports|--no-incremental|--install-types|--non-interactive': 'flag',
      '--show-error-codes|--pretty|--check-untyped-defs|--disallow-untyped-defs|--no-error-summary': 'flag',
      '--show-column-numbers|--warn-unused-ignores|-V|--version|-h|--help|--explicit-package-bases': 'flag',
      '--namespace-packages': 'flag',
    },
    operands: 'read',
  },
  black: {
    options: {
      '-l|--line-length|-t|--target-version|--include|--exclude|--extend-exclude|--force-exclude|--config|-c|--code|--required-version|-W|--workers':
        'data',
      '--check|--diff|--color|--no-color|-q|--quiet|-v|--verbose|--fast|--safe|--preview': 'flag',
      '--skip-string-normalization|-S|--skip-magic-trailing-comma|-C|--version|-h|--help|--pyi|--ipynb': 'flag',
    },
    operands: 'overwrite',
    with: { '--check|--diff': { operands: 'read' } },
  },
  ruff: {
    options: {
      '--config|--select|--ignore|--extend-select|--line-length|--target-version|--exclude|--extend-exclude|--output-format|--per-file-ignores|--cache-dir':
        'data',
      '-q|--quiet|-v|--verbose|-s|--silent|--no-cache|--isolated|-h|--help|-V|--version': 'flag',
    },
    subcommands: {
      check: {
        options: {
          '-o|--output-file': 'overwrite',
          '--fix|--unsafe-fixes|--no-fix|--show-fixes|--diff|--watch|--statistics|--exit-zero': 'flag',
          '--exit-non-zero-on-fix|--preview|--add-noqa|--show-files|--show-settings|-e': 'flag',
        },
        operands: 'read',
        with: { '--fix|--unsafe-fixes|--add-noqa': { operands: 'overwrite' } },
      },
      format: {
        options: { '--check|--diff|--preview|--range': 'flag' },
        operands: 'overwrite',
        with: { '--check|--diff': { operands: 'read' } },
      },
      rule: DATA,
      config: DATA,
      linter: DATA,
      clean: DATA,
      version: DATA,
      analyze: DATA,
    },
    // ruff FILES reads as `ruff check FILES`
    otherSubcommand: { operands: 'read' },
  },
  flake8: {
    options: {
      '--max-line-length|--select|--ignore|--extend-ignore|--exclude|--config|--format|--max-complexity|--per-file-ignores':
        'data',
      '--output-file': 'overwrite',
      '--count|--statistics|--show-source|-q|--quiet|-v|--verbose|--version|-h|--help': 'flag',
    },
    operands: 'read',
  },
  pylint: {
    options: {
      '--rcfile|--disable|-d|--enable|-e|--output-format|-f|--max-line-length|-j|--jobs|--ignore|--ignore-patterns|--load-plugins':
        'data',
      '--output': 'overwrite',
      '-E|--errors-only|-r|--reports|--exit-zero|-v|--verbose|--version|-h|--help|--recursive': 'flag',
    },
    operands: 'read',
  },
  isort: {
    options: {
      '--profile|-l|--line-length|--settings-path|--sp|--skip|-s': 'data',
      '--check-only|-c|--check|--diff|-q|--quiet|--version|-h|--help|--atomic': 'flag',
    },
    operands: 'overwrite',
    with: { '--check-only|-c|--check|--diff': { operands: 'read' } },
  },
  tox: {
    options: { '-e|--env|-c|--conf|-r|--recreate': 'data', '-p|--parallel|-q|-v|--version|-h|--help|--notest': 'flag' },
    operands: 'unknown',
    runsProjectCode: true,
  },
  nox: {
    options: {
      '-s|--session|--sessions|-t|--tags|-f|--noxfile|-p|--python': 'data',
      '-l|--list|-r|--reuse-existing-virtualenvs|-R|--no-install|--version|-h|--help': 'flag',
    },
    operands: 'unknown',
    runsProjectCode: true,
  },
};
