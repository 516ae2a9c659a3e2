import type { AnalysisContext } from './analysisContext';
import { runScriptWord, type CommandCall } from './commandCall';
import { hasOption, isOptionWord, optionValue, readLeadingOptions, valuedSet } from './options';
import { staticWord, type ShellWord } from './shellWord';
import { readSubcommand } from './toolOptions';
import { joinWords } from './unwrapped';

/** How a package runner's line reads after the runner (and its subcommand). */
interface RunnerSpec {
  readonly valued: ReadonlySet<string>;
  /** the first operand names a package, maybe versioned (`eslint@9`), unless one of these options names it */
  readonly packageOptions?: readonly string[];
  /** options whose value is a script run by a shell (`npx -c 'cmd'`) */
  readonly callOptions?: readonly string[];
  /** the words are joined and run by a shell: always, or with one of these options (`pnpm dlx -c`) */
  readonly shellMode?: readonly string[] | 'always';
  /** a package name with a version; the first group is the name */
  readonly versioned?: RegExp;
}

// `eslint@9`, `@scope/pkg@latest`; not a path, URL or git spec
const NPM_VERSIONED = /^((?:@[\w.~-]+\/)?[\w.~-]+)@[^/\s]*$/;
// `ruff@0.4`, `black==24.1`, `httpie[socks]`
const PYTHON_VERSIONED = /^([A-Za-z0-9][\w.-]*)(?:@|==|>=|<=|~=|!=|\[)[^/\s]*$/;

const NPX: RunnerSpec = {
  valued: valuedSet(['-p', '--package', '-c', '--call', '-w', '--workspace', '--registry', '--cache', '--userconfig', '--prefix', '--loglevel']),
  packageOptions: ['-p', '--package'],
  callOptions: ['-c', '--call'],
  versioned: NPM_VERSIONED,
};
const UVX: RunnerSpec = {
  valued: valuedSet(['--from', '--with', '--with-editable', '--with-requirements', '-p', '--python', '--index', '--index-url', '--extra-index-url', '--default-index', '--directory', '--project', '--cache-dir', '--config-file']),
  packageOptions: ['--from'],
  versioned: PYTHON_VERSIONED,
};

const PNPM_SHELL_MODE = ['-c', '--shell-mode'];

/** Package runners, by name or `tool subcommand`: each runs a command, most fetching its package first. */
const RUNNERS: ReadonlyMap<string, RunnerSpec> = new Map([
  ['npx', NPX],
  ['pnpx', NPX],
  ['bunx', NPX],
  ['npm exec', NPX],
  ['npm x', NPX],
  ['bun x', NPX],
  ['pnpm dlx', { valued: valuedSet(['--package']), packageOptions: ['--package'], shellMode: PNPM_SHELL_MODE, versioned: NPM_VERSIONED }],
  // pnpm exec runs a binary of the project, fetching nothing
  ['pnpm exec', { valued: valuedSet(['--resume-from', '--filter', '-F', '--workspace-concurrency', '--dir', '-C']), shellMode: PNPM_SHELL_MODE }],
  ['yarn dlx', { valued: valuedSet(['-p', '--package']), packageOptions: ['-p', '--package'], versioned: NPM_VERSIONED }],
  // yarn exec runs its words as a shell line, bun exec as a Bun shell (bash-like) script
  ['yarn exec', { valued: valuedSet([]), shellMode: 'always' }],
  ['bun exec', { valued: valuedSet([]), shellMode: 'always' }],
  ['uvx', UVX],
  ['uv tool run', UVX],
  ['pipx run', { valued: valuedSet(['--spec', '--python', '--pip-args', '-i', '--index-url']), packageOptions: ['--spec'], versioned: PYTHON_VERSIONED }],
]);
const RUNNER_TOOLS: ReadonlySet<string> = new Set([...RUNNERS.keys()].filter((key) => key.includes(' ')).map((key) => key.split(' ')[0] ?? key));

/** The command a package runner runs, and the index in the runner's words where it starts. */
export interface RunnerCommand {
  readonly words: ShellWord[];
  readonly start: number;
}

function runnerOf(call: CommandCall): { spec: RunnerSpec; start: number } | undefined {
  const direct = RUNNERS.get(call.name);
  if (direct !== undefined) return { spec: direct, start: 1 };
  if (!RUNNER_TOOLS.has(call.name)) return undefined;
  const sub = readSubcommand(call.name, call.words, 2);
  for (let level = sub.words.length; level >= 1; level--) {
    const spec = RUNNERS.get([call.name, ...sub.words.slice(0, level).map((word) => word.value ?? '')].join(' '));
    if (spec !== undefined) return { spec, start: sub.ends[level - 1] ?? sub.next };
  }
  return undefined;
}

/** The program a fetched package runs, read by the package's name (`eslint@9` runs `eslint`). */
function programWord(word: ShellWord, versioned: RegExp | undefined): ShellWord {
  const name = word.value === undefined ? undefined : versioned?.exec(word.value)?.[1];
  return name === undefined ? word : staticWord(name);
}

// the tool's options before its subcommand count too: `pnpm --shell-mode exec 'cmd'`
function shellModeBefore(words: readonly ShellWord[], start: number, names: readonly string[]): boolean {
  for (let index = 1; index < start; index++) {
    const value = words[index]?.value;
    if (value !== undefined && names.includes(value)) return true;
  }
  return false;
}

/**
 * `npx CMD`, `npm exec -- CMD`, `pnpm dlx`, `yarn exec`, `bunx`, `uvx`...: a `-c` script or shell
 * line is analysed here; the command run is returned, to be analysed in its own right (the
 * runner's own rules still apply to the runner).
 */
export function runPackageRunner(call: CommandCall, context: AnalysisContext): RunnerCommand | undefined {
  const runner = runnerOf(call);
  if (runner === undefined) return undefined;
  const { spec } = runner;
  // leading options only: after the package come its own arguments (`npx eslint -c cfg.json`)
  const parsed = readLeadingOptions(call.words, runner.start, spec.valued);
  const script = spec.callOptions === undefined ? undefined : optionValue(parsed, spec.callOptions);
  if (script !== undefined) {
    if (!isOptionWord(script)) runScriptWord({ word: script, what: `${call.name} -c script` }, call, context);
    return undefined;
  }
  const [first, ...rest] = parsed.operands;
  if (first === undefined) return undefined;
  if (spec.shellMode === 'always' || (spec.shellMode !== undefined && (hasOption(parsed, spec.shellMode) || shellModeBefore(call.words, runner.start, spec.shellMode)))) {
    runScriptWord({ word: joinWords(parsed.operands), what: `${call.name} shell line` }, call, context);
    return undefined;
  }
  const named = spec.packageOptions !== undefined && hasOption(parsed, spec.packageOptions);
  return { words: [named ? first : programWord(first, spec.versioned), ...rest], start: parsed.firstOperand };
}
