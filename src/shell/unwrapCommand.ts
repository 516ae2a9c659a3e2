import { unwrapBwrap } from './bwrap';
import { unwrapConcurrently, unwrapNodemon, unwrapWatchexec } from './devRunners';
import { unwrapEnv, unwrapEnvShell, unwrapSu } from './envAndSu';
import { unwrapFind, unwrapXargs } from './findAndXargs';
import { hasOption, optionValue, readLeadingOptions, valuedSet, type ParsedArguments } from './options';
import { unwrapParallel } from './parallel';
import { unwrapCapsh, unwrapExpect, unwrapGdb, unwrapPerf } from './programWrappers';
import { unwrapScreen } from './screen';
import { staticWord, type ShellWord } from './shellWord';
import { unwrapTmux } from './tmux';
import { readSubcommand } from './toolOptions';
import { emptyUnwrapped, joinWords, type Unwrapped } from './unwrapped';
import { PYTHON_CLI_MODULES, RUNNER_SUBCOMMANDS, WRAPPER_SPECS, type WrapperSpec } from './wrapperSpecs';

// maps, not object lookups: a command named `constructor` must not find Object.prototype's
const SPECS: ReadonlyMap<string, WrapperSpec> = new Map(Object.entries(WRAPPER_SPECS));
const VALUED = new Map(Object.values(WRAPPER_SPECS).map((spec) => [spec, valuedSet(spec.valued)] as const));

function valuedOf(spec: WrapperSpec): ReadonlySet<string> {
  return VALUED.get(spec) ?? valuedSet(spec.valued);
}
const RUNNER_VALUED = new Map(Object.entries(RUNNER_SUBCOMMANDS).map(([name, valued]) => [name, valuedSet(valued)] as const));
const RUNNER_TOOLS: ReadonlySet<string> = new Set(Object.keys(RUNNER_SUBCOMMANDS).map((key) => key.split(' ')[0] ?? key));
const PYTHON_VALUED = valuedSet(['-X', '-W', '-m', '-c']);
const PYTHON_NAME = /^(?:python|pypy)[0-9.]*$/;

export function isPythonName(name: string): boolean {
  return (name.startsWith('py')) && PYTHON_NAME.test(name);
}

function readOutputs(spec: WrapperSpec, parsed: ParsedArguments, result: Unwrapped): void {
  for (const option of parsed.options) {
    if (option.value === undefined) continue;
    if (spec.outputOptions?.includes(option.name) === true) result.paths.push({ word: option.value, role: 'overwrite' });
    if (spec.scriptOptions?.includes(option.name) === true) result.scripts.push(option.value);
  }
}

/** The fixed operands before the command (timeout's duration, chroot's folder); returns where the command starts. */
function readLeadingOperands(spec: WrapperSpec, words: readonly ShellWord[], parsed: ParsedArguments, result: Unwrapped): number {
  let index = parsed.firstOperand;
  for (let count = 0; count < (spec.leadingOperands ?? 0) && index < words.length; count++, index++) {
    const operand = words[index];
    if (operand !== undefined && spec.leadingOperandRole !== undefined) result.paths.push({ word: operand, role: spec.leadingOperandRole });
    if (operand !== undefined && count === 0 && spec.userOperand === true) result.user = operand.value ?? operand.source;
  }
  if (spec.optionsAfterOperands !== true) return index;
  return readLeadingOptions(words, index, valuedOf(spec)).firstOperand;
}

/** A wrapper from the table: options, fixed operands, then the command (or a script, or files to edit). */
function unwrapBySpec(spec: WrapperSpec, words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  const parsed = readLeadingOptions(words, 1, valuedOf(spec));
  if (spec.userOptions !== undefined) {
    const user = optionValue(parsed, spec.userOptions);
    result.user = user === undefined ? 'root' : (user.value ?? user.source);
  }
  result.elevated = spec.elevatesUnless !== undefined && !hasOption(parsed, spec.elevatesUnless);
  readOutputs(spec, parsed, result);
  if (spec.lookupOptions !== undefined && hasOption(parsed, spec.lookupOptions)) return result;
  if (spec.editsFiles === true || (spec.editOptions !== undefined && hasOption(parsed, spec.editOptions))) {
    for (const operand of parsed.operands) result.paths.push({ word: operand, role: 'overwrite' });
    return result;
  }
  const index = readLeadingOperands(spec, words, parsed, result);
  const next = words[index]?.value;
  if (next !== undefined && spec.scriptOptions?.includes(next) === true) {
    const script = words[index + 1];
    if (script !== undefined) result.scripts.push(script);
    return result;
  }
  const rest = words.slice(index);
  if (rest.length === 0) {
    // a wrapper given no command starts a shell, which reads its program from stdin
    if (spec.shellWithoutCommand === true && result.scripts.length === 0) result.commands.push([staticWord('sh')]);
    return result;
  }
  const joined = (spec.scriptFlags !== undefined && hasOption(parsed, spec.scriptFlags)) || (spec.joinsWordsUnless !== undefined && !hasOption(parsed, spec.joinsWordsUnless));
  if (joined) result.scripts.push(joinWords(rest));
  else result.commands.push(rest);
  return result;
}

/** `python -m pip install x` reads as `pip install x`; other modules are python programs. */
function unwrapPythonModule(words: readonly ShellWord[]): Unwrapped | undefined {
  const parsed = readLeadingOptions(words, 1, PYTHON_VALUED);
  const module = optionValue(parsed, ['-m']);
  if (module?.value === undefined || !PYTHON_CLI_MODULES.has(module.value)) return undefined;
  const result = emptyUnwrapped();
  result.commands.push([staticWord(module.value), ...parsed.operands]);
  return result;
}

/** `uv run pytest`, `bundle exec rake`: the command after the runner's options. */
function unwrapRunner(name: string, words: readonly ShellWord[]): Unwrapped | undefined {
  const subcommand = readSubcommand(name, words, 1);
  const sub = subcommand.words[0]?.value;
  const valued = sub === undefined ? undefined : RUNNER_VALUED.get(`${name} ${sub}`);
  if (valued === undefined) return undefined;
  const parsed = readLeadingOptions(words, subcommand.next, valued);
  const result = emptyUnwrapped();
  if (parsed.operands.length > 0) result.commands.push(parsed.operands);
  return result;
}

/** `hash -p PATH NAME` makes NAME run PATH later: PATH is analysed as a command (plain hash only looks up). */
function unwrapHash(words: readonly ShellWord[]): Unwrapped | undefined {
  const target = optionValue(readLeadingOptions(words, 1, valuedSet(['-p'])), ['-p']);
  if (target === undefined) return undefined;
  const result = emptyUnwrapped();
  result.commands.push([target]);
  return result;
}

/**
 * What a wrapper runs (sudo, env, xargs, find -exec, timeout, ...), or undefined when `name` is
 * not a wrapper and its own rules apply.
 */
export function unwrapCommand(name: string, words: readonly ShellWord[]): Unwrapped | undefined {
  switch (name) {
    case 'env':
      return unwrapEnv(words);
    case 'su':
    case 'runuser':
      return unwrapSu(name, words);
    case 'xargs':
      return unwrapXargs(words);
    case 'find':
      return unwrapFind(words);
    case 'hash':
      return unwrapHash(words);
    case 'capsh':
      return unwrapCapsh(words);
    case 'bwrap':
      return unwrapBwrap(words);
    case 'nodemon':
      return unwrapNodemon(words);
    case 'concurrently':
      return unwrapConcurrently(words);
    case 'watchexec':
      return unwrapWatchexec(words);
    case 'cross-env':
      return unwrapEnv(words);
    case 'cross-env-shell':
      return unwrapEnvShell(words);
    case 'gdb':
      return unwrapGdb(words);
    case 'perf':
      return unwrapPerf(words);
    case 'expect':
      return unwrapExpect(words);
    case 'tmux':
      return unwrapTmux(words);
    case 'screen':
      return unwrapScreen(words);
    case 'parallel':
      return unwrapParallel(words);
    default:
      break;
  }
  const spec = SPECS.get(name);
  if (spec !== undefined) return unwrapBySpec(spec, words);
  if (isPythonName(name)) return unwrapPythonModule(words);
  return RUNNER_TOOLS.has(name) ? unwrapRunner(name, words) : undefined;
}

