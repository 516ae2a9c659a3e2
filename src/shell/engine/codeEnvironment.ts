import type { ScriptRunEffect } from '../catalog/commandEffects';
import { holdsCodeText, staticWord, type ShellWord } from '../words/shellWord';
import { tarOptionsProblem } from './tarOptionsVariable';

/**
 * Environment variables that make programs load code from files and folders, or from another
 * configuration: a command line that sets one chooses code the analysis does not see in the
 * commands it names (`PATH=./bin:$PATH ls` may run ./bin/ls, `LD_PRELOAD=x.so id` runs x.so).
 * Setting one either lists the files to read (start-up files, PATH's folders) or fails closed.
 */
export interface EnvironmentCode {
  /** why the effect cannot be known: the call fails closed */
  readonly problem: string | undefined;
  /** the files or folders the decision reads or checks */
  readonly runs: readonly ScriptRunEffect[];
}

const NONE: EnvironmentCode = { problem: undefined, runs: [] };

function problem(reason: string): EnvironmentCode {
  return { problem: `${reason}: fail closed`, runs: [] };
}

// git reads its configuration, hooks and programs from where these say
const GIT_LOCATIONS: ReadonlySet<string> = new Set([
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CONFIG',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_COUNT',
  'GIT_CONFIG_PARAMETERS',
  'GIT_EXEC_PATH',
  'GIT_TEMPLATE_DIR',
]);
const GIT_CONFIG_PAIR = /^GIT_CONFIG_(?:KEY|VALUE)_\d+$/;
// a configuration file that holds nothing
const EMPTY_CONFIG: ReadonlySet<string> = new Set(['/dev/null', '']);

// the dynamic loader and iconv load shared objects from these into every program
const LIBRARY_LOADERS: ReadonlySet<string> = new Set([
  'LD_PRELOAD',
  'LD_AUDIT',
  'LD_LIBRARY_PATH',
  'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH',
  'DYLD_FRAMEWORK_PATH',
  'GCONV_PATH',
]);

// options that load a module or file before the program, per variable
const LOADING_OPTIONS: ReadonlyMap<string, RegExp> = new Map([
  [
    'NODE_OPTIONS',
    new RegExp(
      String.raw`(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader|--env-file|--env-file-if-exists|` +
        String.raw`--experimental-policy|--openssl-config|--snapshot-blob|--experimental-config-file)\b`,
    ),
  ],
  ['PERL5OPT', /(?:^|\s)-[A-Za-z]*[MmdIx]/],
  ['RUBYOPT', /(?:^|\s)-[A-Za-z]*[rI]/],
  ['JAVA_TOOL_OPTIONS', /-javaagent|-agentpath|-agentlib|-Xbootclasspath|@/],
  ['_JAVA_OPTIONS', /-javaagent|-agentpath|-agentlib|-Xbootclasspath|@/],
  ['JDK_JAVA_OPTIONS', /-javaagent|-agentpath|-agentlib|-Xbootclasspath|@/],
]);

// npm reads its configuration from the environment: these choose the shell its scripts run in, or another configuration
const NPM_CONFIG =
  /^npm_config_(?:script[_-]shell|shell|userconfig|globalconfig|node[_-]options|onload[_-]script|prefix|git|node[_-]gyp)$/i;

// python finds its standard library, site-packages (whose .pth files run code) or start-up code where these say
const PYTHON_LOCATIONS: ReadonlySet<string> = new Set(['PYTHONHOME', 'PYTHONUSERBASE', 'PYTHONPLATLIBDIR']);
// gawk finds the files -f, -i and @include load, and the extensions -l loads, where these say
const AWK_LOCATIONS: ReadonlySet<string> = new Set(['AWKPATH', 'AWKLIBPATH']);

// make reads more makefiles, or options and variables, from these
const MAKE_VARIABLES: ReadonlySet<string> = new Set(['MAKEFILES', 'MAKEFLAGS', 'MFLAGS', 'GNUMAKEFLAGS']);
// make options that only change how many jobs run and what is printed
const PLAIN_MAKE_FLAGS =
  /^(?:-+[jklsw]*\d*|--jobs(?:=\d+)?|--no-print-directory|--print-directory|--silent|--quiet|--keep-going|--load-average(?:=[\d.]+)?|\d+)$/;

// programs that run commands through $SHELL (script -c, tmux, screen, editors' :!)
const KNOWN_SHELLS = /^(?:\/usr)?(?:\/local)?\/bin\/(?:sh|bash|dash|zsh|ksh|fish)$|^(?:sh|bash|dash|zsh|ksh|fish)$/;

// zsh reads these from $ZDOTDIR (or $HOME) as it starts
const ZSH_STARTUP_FILES = ['.zshenv', '.zprofile', '.zshrc', '.zlogin'];

/** The entries of a PATH-like value (PATH, PYTHONPATH), as far as they can be read: `$NAME` is the inherited list. */
function pathEntries(word: ShellWord, name = 'PATH'): (string | undefined)[] {
  const text = word.value ?? word.source.replace(/["']/g, '');
  return text.split(':').map((entry) => {
    if (word.value === undefined && (entry === `$${name}` || entry === `\${${name}}`)) return 'inherited';
    const home = word.value === undefined ? entry.replace(/^\$(?:HOME|\{HOME\})(?=\/|$)/, '~') : entry;
    return word.value === undefined && /[$`]/.test(home) ? undefined : home;
  });
}

/** PATH: a folder it adds may hold the agent's programs under the names the line runs. */
function pathCode(word: ShellWord): EnvironmentCode {
  const runs: ScriptRunEffect[] = [];
  for (const entry of pathEntries(word)) {
    if (entry === 'inherited') continue;
    if (entry === undefined)
      return problem('PATH set to a folder built at run time, from which the commands named may run');
    if (entry === '' || !(entry.startsWith('/') || entry.startsWith('~'))) {
      return problem(
        `PATH entry '${entry === '' ? '(empty: the current folder)' : entry}' is relative, so the commands named may be programs of the workspace`,
      );
    }
    runs.push({ word: staticWord(entry), how: 'programs', details: { mustRead: 'always' } });
  }
  return { problem: undefined, runs };
}

/** A start-up file a shell sources (BASH_ENV, ENV): read like a script, after its value is expanded. */
function startupFile(name: string, word: ShellWord, mustRead: 'always' | 'ifPresent'): EnvironmentCode {
  const value = word.value;
  if (value === undefined || holdsCodeText(value) || value.includes('$'))
    return problem(`${name} names a start-up file built at run time`);
  if (value === '') return NONE;
  return { problem: undefined, runs: [{ word, how: 'shell', details: { mustRead } }] };
}

function zshStartup(word: ShellWord): EnvironmentCode {
  const value = word.value;
  if (value === undefined || value === '')
    return problem('ZDOTDIR set to a folder built at run time, whose start-up files zsh reads');
  const folder = value.endsWith('/') ? value : `${value}/`;
  return {
    problem: undefined,
    runs: ZSH_STARTUP_FILES.map((file) => ({
      word: staticWord(`${folder}${file}`),
      how: 'shell',
      details: { mustRead: 'ifPresent' },
    })),
  };
}

function makeVariable(name: string, word: ShellWord): EnvironmentCode {
  if (name === 'MAKEFILES')
    return word.value === '' ? NONE : problem('MAKEFILES names makefiles make reads before its own');
  const words = word.value?.split(/\s+/).filter((item) => item !== '');
  if (words !== undefined && words.every((item) => PLAIN_MAKE_FLAGS.test(item))) return NONE;
  return problem(`${name} may give make other makefiles, variables (SHELL=...) or code to evaluate`);
}

function gitLocation(name: string, word: ShellWord): EnvironmentCode {
  if (
    (name === 'GIT_CONFIG_GLOBAL' || name === 'GIT_CONFIG_SYSTEM') &&
    word.value !== undefined &&
    EMPTY_CONFIG.has(word.value)
  )
    return NONE;
  return problem(
    `${name} makes git read its configuration, hooks or programs from elsewhere (a pager, an alias, a hook it runs)`,
  );
}

/** PYTHONPATH: its folders come before the standard library, so a module file there runs in a module's place. */
function pythonPath(word: ShellWord): EnvironmentCode {
  const runs: ScriptRunEffect[] = [];
  for (const entry of pathEntries(word, 'PYTHONPATH')) {
    if (entry === 'inherited') continue;
    if (entry === undefined) return problem('PYTHONPATH set to a folder built at run time, from which python imports');
    runs.push({ word: staticWord(entry === '' ? '.' : entry), how: 'python' });
  }
  return { problem: undefined, runs };
}

/** Python's settings: module folders and the bytecode folder are read by python's reader of them, start-up code fails closed. */
function pythonCode(name: string, word: ShellWord): EnvironmentCode | undefined {
  if (name === 'PYTHONPATH') return pythonPath(word);
  if (name === 'PYTHONPYCACHEPREFIX') {
    if (word.value === undefined) return problem(`${name} set to a folder built at run time, where python writes`);
    return word.value === '' ? NONE : { problem: undefined, runs: [{ word, how: 'python', script: 'bytecode' }] };
  }
  if (name === 'PYTHONSTARTUP')
    return word.value === '' ? NONE : problem(`${name} names Python code an interactive python runs first`);
  if (name === 'PYTHONBREAKPOINT')
    return word.value === '' || word.value === '0'
      ? NONE
      : problem(`${name} names a function python imports and calls at breakpoint()`);
  if (PYTHON_LOCATIONS.has(name))
    return problem(`${name} moves where python finds its standard library or the packages it loads at start-up`);
  return undefined;
}

function loadingOptions(name: string, word: ShellWord, loads: RegExp): EnvironmentCode {
  if (word.value !== undefined && !loads.test(word.value)) return NONE;
  return problem(`${name} may load a module or file into every such program`);
}

/**
 * What setting `name` to `word` does to the code programs run; undefined for a variable that
 * chooses none. The value is as the assignment evaluates it (undefined parts: built at run time).
 */
export function environmentCode(name: string, word: ShellWord): EnvironmentCode | undefined {
  if (name === 'PATH') return pathCode(word);
  if (name === 'BASH_ENV') return startupFile(name, word, 'always');
  // sh and bash --posix read $ENV only when interactive; a value naming no file is ignored then
  if (name === 'ENV') return startupFile(name, word, 'ifPresent');
  if (name === 'ZDOTDIR') return zshStartup(word);
  if (name === 'HOME' || name === 'XDG_CONFIG_HOME')
    return problem(
      `${name} moves the configuration programs read (git's pager and aliases, npm's script shell, shells' start-up files)`,
    );
  if (name === 'SHELL')
    return word.value !== undefined && KNOWN_SHELLS.test(word.value)
      ? NONE
      : problem('SHELL names the program that runs commands for script, tmux, screen and editors');
  if (GIT_LOCATIONS.has(name) || GIT_CONFIG_PAIR.test(name)) return gitLocation(name, word);
  if (LIBRARY_LOADERS.has(name))
    return word.value === '' ? NONE : problem(`${name} loads shared libraries into every program`);
  const loads = LOADING_OPTIONS.get(name);
  if (loads !== undefined) return loadingOptions(name, word, loads);
  if (MAKE_VARIABLES.has(name)) return makeVariable(name, word);
  if (name === 'TAR_OPTIONS') {
    const why = tarOptionsProblem(word);
    return why === undefined ? NONE : problem(why);
  }
  if (NPM_CONFIG.test(name)) return problem(`${name} chooses the shell or configuration npm runs scripts with`);
  if (name.startsWith('PYTHON')) return pythonCode(name, word);
  if (AWK_LOCATIONS.has(name)) return problem(`${name} moves where gawk finds the code -f, -i and -l load`);
  return undefined;
}

/** Whether setting `name` may choose the code programs run (for a Makefile's exported variables). */
export function isCodeEnvironment(name: string): boolean {
  return environmentCode(name, { value: undefined, literal: undefined, source: '' }) !== undefined;
}
