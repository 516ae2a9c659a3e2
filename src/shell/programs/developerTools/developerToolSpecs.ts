import type { CommandSpec, CommandSpecs, RuleSpec } from '../../catalog/commandSpec';

// The tools a coding agent runs on a project: build tools that run the project's own code
// (their effect lives in files this analysis reads, like a Makefile, or not at all), compilers,
// linters and formatters that change the files they name, and test runners. Editors are a family
// of their own (src/shell/programs/editors/).

const DATA = { operands: 'data' } as const;
const PROJECT_CODE: CommandSpec = { operands: 'data', runsProjectCode: true };

/** A formatter or fixer: it rewrites its operands unless told only to check. */
function formatter(options: CommandSpec['options'], checkOnly: string): CommandSpec {
  return { options, operands: 'overwrite', with: { [checkOnly]: { operands: 'read' } } };
}

/** A build tool's publish: GIT_PUBLISH; its reader adds the NETWORK_RISK of the upload. */
function publishes(check: string, examples: string[], notExamples: string[]): RuleSpec {
  return {
    category: 'GIT_PUBLISH',
    note: 'artifact publish',
    when: { check },
    examples,
    notExamples,
  };
}

// gradle's tasks and maven's phases and goals are its operands; the ones that publish are found
// by the checks and details of buildPublishing.ts
const GRADLE: CommandSpec = {
  ...PROJECT_CODE,
  reader: 'buildPublish',
  options: {
    '-x|--exclude-task|-P|--project-prop|-D|--system-prop|-p|--project-dir|-g|--gradle-user-home|--console': 'data',
    '--warning-mode|--max-workers|--priority|--include-build|--dependency-verification|-F': 'data',
    '--project-cache-dir|-M|--write-verification-metadata|--update-locks|--task|--tests|--args': 'data',
    '--configuration|--dependency': 'data',
    '-b|--build-file|-c|--settings-file|-I|--init-script': 'read',
    '-q|--quiet|-i|--info|-d|--debug|-w|--warn|-s|--stacktrace|-S|--full-stacktrace|--scan|--no-scan': 'flag',
    '--offline|--parallel|--no-parallel|--daemon|--no-daemon|--build-cache|--no-build-cache': 'flag',
    '--configuration-cache|--no-configuration-cache|--configure-on-demand|--continue': 'flag',
    '--refresh-dependencies|-U|--rerun-tasks|--rerun|-t|--continuous|-m|--dry-run|--profile|--foreground': 'flag',
    '--status|--stop|--watch-fs|--no-watch-fs|--write-locks|--export-keys|-a|--no-rebuild|-v|--version|-h': 'flag',
    '--help': 'flag',
  },
  rules: [
    publishes(
      'gradlePublishTask',
      ['gradle publish', './gradlew clean build :lib:publishToSonatype', 'gradlew publishPlugins'],
      [
        'gradle build',
        'gradle publishToMavenLocal',
        'gradle build -x publish',
        'gradle publish --dry-run',
        './gradlew test',
      ],
    ),
  ],
};

const MAVEN: CommandSpec = {
  ...PROJECT_CODE,
  reader: 'buildPublish',
  options: {
    '-D|--define|-pl|--projects|-P|--activate-profiles|-T|--threads|-rf|--resume-from|-b|--builder|--color': 'data',
    '-f|--file|-s|--settings|-gs|--global-settings|-t|--toolchains|-gt|--global-toolchains': 'read',
    '-l|--log-file': 'write',
    '-q|--quiet|-X|--debug|-e|--errors|-B|--batch-mode|-U|--update-snapshots|-o|--offline|-N': 'flag',
    '--non-recursive|-am|--also-make|-amd|--also-make-dependents|-fae|--fail-at-end|-ff|--fail-fast|-fn': 'flag',
    '--fail-never|-C|--strict-checksums|-c|--lax-checksums|-nsu|--no-snapshot-updates|-ntp': 'flag',
    '--no-transfer-progress|-V|--show-version|-v|--version|-h|--help': 'flag',
  },
  rules: [
    publishes(
      'mavenDeployGoal',
      [
        'mvn deploy',
        'mvn -B clean deploy -DskipTests',
        './mvnw release:perform',
        'mvn deploy:deploy-file -Dfile=a.jar',
      ],
      ['mvn install', 'mvn -q test', 'mvn clean verify', 'mvn dependency:tree'],
    ),
  ],
};

const ESLINT: CommandSpec = {
  options: {
    '-c|--config|--resolve-plugins-relative-to|--ignore-path|--cache-location|--rulesdir': 'read',
    '-o|--output-file': 'overwrite',
    '--ext|--parser|--parser-options|--env|--global|--plugin|--rule|--ignore-pattern|-f|--format': 'data',
    '--max-warnings|--cache-strategy|--fix-type|--stdin-filename': 'data',
    '--report-unused-disable-directives-severity|--flag|--concurrency': 'data',
    '--no-eslintrc|--no-config-lookup|--no-ignore|--fix-dry-run|--cache|--quiet|--color|--no-color': 'flag',
    '--no-inline-config|--report-unused-disable-directives|--stdin|--debug|-h|--help|-v|--version': 'flag',
    '--print-config|--env-info|--no-error-on-unmatched-pattern|--exit-on-fatal-error|--pass-on-no-patterns': 'flag',
    '--no-warn-ignored|--inspect-config|--stats': 'flag',
    '--fix': 'flag',
  },
  operands: 'read',
  with: { '--fix': { operands: 'overwrite' } },
};

const PRETTIER: CommandSpec = {
  options: {
    '--config|--ignore-path|--plugin': 'read',
    '--print-width|--tab-width|--trailing-comma|--parser|--end-of-line|--arrow-parens|--prose-wrap': 'data',
    '--html-whitespace-sensitivity|--embedded-language-formatting|--quote-props|--object-wrap': 'data',
    '--experimental-operator-position|--stdin-filepath|--cache-location|--cache-strategy|--log-level': 'data',
    '--config-precedence|--cursor-offset|--range-start|--range-end': 'data',
    '--use-tabs|--no-semi|--semi|--single-quote|--jsx-single-quote|--bracket-same-line': 'flag',
    '--no-bracket-spacing|--single-attribute-per-line|--vue-indent-script-and-style|--no-config': 'flag',
    '--no-editorconfig|--cache|--ignore-unknown|-u|--no-error-on-unmatched-pattern|--require-pragma': 'flag',
    '--insert-pragma|--experimental-ternaries|-l|--list-different|--check|-c|--debug-check': 'flag',
    '--find-config-path|--file-info|--support-info|--no-color|--color|-h|--help|-v|--version|--write|-w': 'flag',
  },
  operands: 'read',
  with: { '--write|-w': { operands: 'overwrite' } },
};

const TSC: CommandSpec = {
  options: {
    '-p|--project': 'read',
    '--outDir|--outFile|--declarationDir|--tsBuildInfoFile|--generateTrace': 'write',
    '-t|--target|-m|--module|--moduleResolution|--jsx|--lib|--types|--rootDir|--baseUrl|--locale|--newLine': 'data',
    '--listFilesOnly|--jsxFactory|--jsxFragmentFactory|--jsxImportSource|--moduleDetection': 'data',
    '--maxNodeModuleJsDepth|--ignoreDeprecations|--customConditions': 'data',
    '--noEmit|--watch|-w|--build|-b|--strict|--declaration|-d|--sourceMap|--incremental|--pretty': 'flag',
    '--listFiles|--listEmittedFiles|--traceResolution|--diagnostics|--extendedDiagnostics|--showConfig': 'flag',
    '--init|-v|--version|-h|--help|--all|--skipLibCheck|--esModuleInterop|--allowJs|--checkJs': 'flag',
    '--noImplicitAny|--noUnusedLocals|--noUnusedParameters|--emitDeclarationOnly|--isolatedModules': 'flag',
    '--resolveJsonModule|--allowSyntheticDefaultImports|--verbatimModuleSyntax|--force|--clean|--dry': 'flag',
    '--verbose|--preserveWatchOutput|--noEmitOnError|--removeComments|--composite|--noErrorTruncation': 'flag',
  },
  // tsc writes where its configuration says; the files named are read
  operands: 'read',
  runsProjectCode: true,
};

const TEST_RUNNER: CommandSpec = {
  unknownOptions: 'data',
  options: {
    '--watch|--run|--coverage|--ci|--bail|--silent|--verbose|-u|--update|--passWithNoTests|--no-watch': 'flag',
    '--reporter|--changed|--related|--runInBand|-i|--detectOpenHandles|--forceExit|--clearCache': 'flag',
    '--listTests|--typecheck|--ui|--globals|--no-cache': 'flag',
  },
  operands: 'read',
  runsProjectCode: true,
};

const COMPILER: CommandSpec = {
  options: {
    '-o': 'overwrite',
    '-MF|-MT|-MQ': 'data',
    '-I|-L|-isystem|-include|-imacros|-idirafter|-iquote|--sysroot': 'read',
    '-D|-U|-l|-x|-std|-march|-mtune|-Xlinker|-Xassembler|-Xpreprocessor': 'data',
    '-c|-S|-E|-g|-O0|-O1|-O2|-O3|-Os|-Og|-Ofast|-Wall|-Wextra|-Werror|-pedantic|-fPIC|-shared|-static|-pthread|-v|--version|-M|-MM|-MD|-MMD|-MP|-w|-pipe':
      'flag',
  },
  operands: 'read',
};

/** Build tools, compilers, linters, formatters and test runners. */
export const DEVELOPER_TOOL_COMMANDS: CommandSpecs = {
  ...Object.fromEntries(
    ['rake', 'ninja', 'mage', 'ant', 'scons', 'bazel', 'bazelisk', 'invoke', 'cmake', 'meson', 'turbo', 'nx'].map(
      (name) => [name, PROJECT_CODE],
    ),
  ),
  gradle: GRADLE,
  gradlew: GRADLE,
  mvn: MAVEN,
  mvnw: MAVEN,
  tsc: TSC,
  eslint: ESLINT,
  prettier: PRETTIER,
  biome: {
    subcommands: {
      check: { operands: 'read', with: { '--write|--apply|--fix': { operands: 'overwrite' } } },
      lint: { operands: 'read', with: { '--write|--apply|--fix': { operands: 'overwrite' } } },
      format: { operands: 'read', with: { '--write': { operands: 'overwrite' } } },
      ci: { operands: 'read' },
      init: DATA,
      version: DATA,
    },
  },
  stylelint: { ...ESLINT },
  rustfmt: formatter(
    {
      '--edition|--config|--config-path|--emit|--color': 'data',
      '--check|-q|--quiet|-v|--verbose|--version|-h|--help': 'flag',
    },
    '--check',
  ),
  gofmt: {
    options: { '-r': 'data', '-l|-d|-e|-s|-w': 'flag' },
    operands: 'read',
    with: { '-w': { operands: 'overwrite' } },
  },
  'clang-format': {
    options: {
      '--style|--assume-filename|--lines|--offset|--length|--fallback-style': 'data',
      '-i|--dry-run|-n|--Werror|--verbose|--version|--help': 'flag',
    },
    operands: 'read',
    with: { '-i': { operands: 'overwrite' } },
  },
  shellcheck: {
    options: {
      '-e|--exclude|-f|--format|-s|--shell|-S|--severity|-o|--enable|-i|--include|-P|--source-path': 'data',
      '-a|--check-sourced|-x|--external-sources|-C|--color|-V|--version|-W|--wiki-link-count|--norc': 'flag',
    },
    operands: 'read',
  },
  shfmt: {
    options: { '-i|--indent|-ln|--language-dialect|-f': 'data', '-l|-d|-s|-w|-bn|-ci|-sr|-kp|-fn|-mn': 'flag' },
    operands: 'read',
    with: { '-w': { operands: 'overwrite' } },
  },
  jest: TEST_RUNNER,
  vitest: {
    ...TEST_RUNNER,
    subcommands: {
      run: TEST_RUNNER,
      watch: TEST_RUNNER,
      dev: TEST_RUNNER,
      bench: TEST_RUNNER,
      related: TEST_RUNNER,
      typecheck: TEST_RUNNER,
      list: TEST_RUNNER,
    },
    otherSubcommand: TEST_RUNNER,
  },
  mocha: TEST_RUNNER,
  playwright: {
    subcommands: {
      test: TEST_RUNNER,
      'show-report': DATA,
      codegen: DATA,
      install: {
        operands: 'data',
        rules: [
          {
            category: 'DEPS_INSTALL_UPDATE',
            note: 'package install',
            purpose: 'package download',
            examples: ['playwright install chromium'],
          },
        ],
      },
    },
  },
  tsx: {
    reader: 'interpreter',
    options: {
      '--tsconfig|--env-file|--import|--require': 'data',
      '--watch|--no-cache|-h|--help|-v|--version': 'flag',
    },
    operands: { rest: 'program' },
    with: { '-e|--eval|-p|--print': { operands: 'unknown' } },
  },
  'ts-node': {
    reader: 'interpreter',
    options: {
      '-e|--eval|-p|--print': 'code',
      '-P|--project|-C|--compiler|-r|--require|-O|--compiler-options': 'data',
      '-T|--transpile-only|-H|--compiler-host|--esm|--swc|-h|--help|-v|--version': 'flag',
    },
    operands: { rest: 'program' },
    with: { '-e|--eval|-p|--print': { operands: 'unknown' } },
  },
  cc: { ...COMPILER, aliases: ['gcc', 'g++', 'c++', 'clang', 'clang++'] },
  rustc: {
    options: {
      '-o|--out-dir': 'overwrite',
      '--edition|--crate-type|--crate-name|-C|--codegen|-L|-l|--target|--cfg|--emit|-A|-W|-D|-F|--cap-lints|--explain':
        'data',
      '-O|-g|--test|-v|--verbose|--version|-h|--help': 'flag',
    },
    operands: 'read',
  },
  javac: {
    options: {
      '-d|-s|-h': 'write',
      '-cp|-classpath|--class-path|-sourcepath|--source-path|-source|--source|-target|--target|--release': 'data',
      '-encoding|-processor|-processorpath|--module-path|-p|--add-modules|-Xlint': 'data',
      '-g|-nowarn|-verbose|-deprecation|-parameters|-Werror|--version|-version|-help|--help': 'flag',
    },
    operands: 'read',
  },
  // java [OPTIONS] MAIN ARGS, java [OPTIONS] -jar FILE ARGS, java [OPTIONS] -m MODULE ARGS: java's
  // options are single-dash words, never clusters; every word after the main class, -jar FILE or
  // -m MODULE is the program's argument (`java -jar cli.jar -s URL list-jobs`)
  java: {
    optionsEnd: ['-jar', '-m|--module'],
    options: {
      '-cp|-classpath|--class-path|-p|--module-path|--upgrade-module-path|--add-modules|--limit-modules': 'data',
      '--add-reads|--add-exports|--add-opens|--enable-native-access|--illegal-access|--source': 'data',
      // -Dname=value, -Xmx512m, -XX:+UseG1GC, -Xlog:gc: the value is attached to the letter
      '-D|-X': 'optional',
      // a jar file or a module from the module path: code that is not analysed
      '-jar|-m|--module': 'program',
      '-ea|-da|-esa|-dsa|-enableassertions|-disableassertions|-enablesystemassertions': 'flag',
      '-disablesystemassertions|-version|--version|-showversion|--show-version|-verbose|-verbose:class': 'flag',
      '-verbose:gc|-verbose:jni|-verbose:module|-server|-client|-help|--help|-h|-?|--help-extra': 'flag',
      '--enable-preview|--dry-run|--show-module-resolution|--list-modules|-d32|-d64': 'flag',
    },
    reader: 'interpreter',
    operands: { rest: 'program' },
    with: {
      '-version|--version|-help|--help|-h|-?|--help-extra|--list-modules': { operands: 'data' },
      // the jar's and the module's arguments go to code intentgate does not know
      '-jar|-m|--module': { operands: 'unknown' },
    },
  },
  man: {
    options: {
      '-P|--pager': 'script',
      '-M|--manpath|-S|-s|--sections|-L|--locale|-m|--systems|-E|--encoding': 'data',
      '-a|--all|-k|--apropos|-f|--whatis|-w|--where|--path|-W|-l|--local-file|-K|--global-apropos|-h|--help|-V|--version':
        'flag',
    },
    operands: 'data',
  },
  iconv: {
    options: {
      '-f|--from-code|-t|--to-code': 'data',
      '-o|--output': 'overwrite',
      '-c|-s|--silent|-l|--list|--verbose|-?|--help|-V|--version': 'flag',
    },
    operands: 'read',
  },
  // at and batch run a shell script later, read from stdin or -f FILE
  at: {
    aliases: ['batch'],
    reader: 'at',
    options: { '-f|-q|-t|-u': 'data', '-m|-M|-v|-l|-r|-d|-c|-V|-b': 'flag' },
    operands: 'data',
  },
};
