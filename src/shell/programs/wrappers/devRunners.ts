import { hasOption, optionValue, readLeadingOptions, valuedSet, type ParsedArguments } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { joinWords } from '../../words/wordLists';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

/**
 * Development runners that start commands given as arguments: nodemon, concurrently and
 * watchexec. Where a runner hands its words to a shell, the joined words are analysed as a
 * script; where an option unknown here could swallow the next word, the command is unknown.
 */

/** The runner's leading options, or undefined (with the problem set) when one of them is not known. */
function readKnownOptions(
  program: string,
  words: readonly ShellWord[],
  options: { valued: ReadonlySet<string>; known: ReadonlySet<string> },
  result: Unwrapped,
): ParsedArguments | undefined {
  const parsed = readLeadingOptions(words, 1, options.valued);
  const unknown = parsed.options.find((option) => !options.known.has(option.name))?.name;
  if (unknown === undefined) return parsed;
  result.problem = `${program} option ${unknown} is not known: fail closed`;
  return undefined;
}

const NODEMON_VALUED = valuedSet([
  '-x',
  '--exec',
  '-e',
  '--ext',
  '-w',
  '--watch',
  '-i',
  '--ignore',
  '-d',
  '--delay',
  '--config',
  '--cwd',
  '-s',
  '--signal',
]);

/**
 * `nodemon [OPTIONS] [SCRIPT] [ARGS]` runs `node SCRIPT ARGS`, or with `--exec CMD` the line
 * `CMD SCRIPT ARGS` through a shell. Options nodemon does not know go to node.
 */
export function unwrapNodemon(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  const parsed = readLeadingOptions(words, 1, NODEMON_VALUED);
  const rest = words.slice(parsed.firstOperand);
  const exec = optionValue(parsed, ['-x', '--exec']);
  if (exec !== undefined) result.scripts.push(joinWords([exec, ...rest]));
  else if (rest.length > 0) result.commands.push([staticWord('node'), ...rest]);
  return result;
}

const CONCURRENTLY_VALUED = valuedSet([
  '-n',
  '--names',
  '--name-separator',
  '-c',
  '--prefix-colors',
  '-p',
  '--prefix',
  '-l',
  '--prefix-length',
  '-t',
  '--timestamp-format',
  '-s',
  '--success',
  '--kill-signal',
  '--restart-tries',
  '--restart-after',
  '-m',
  '--max-processes',
  '--default-input-target',
  '--hide',
  '--teardown',
]);
const CONCURRENTLY_KNOWN = new Set([
  ...CONCURRENTLY_VALUED,
  '-k',
  '--kill-others',
  '--kill-others-on-fail',
  '-r',
  '--raw',
  '--no-color',
  '-g',
  '--group',
  '--pad-prefix',
  '-i',
  '--handle-input',
  '-P',
  '--passthrough-arguments',
  '--timings',
  '-h',
  '--help',
  '-v',
  '-V',
  '--version',
]);
// `npm:build` and its kin name package scripts, whose content is not analysed
const SCRIPT_SHORTHAND = /^(?:npm|pnpm|yarn|bun|node|deno):/;

/** `concurrently [OPTIONS] CMD...`: each operand, and each `--teardown` value, is a shell command. */
export function unwrapConcurrently(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  const parsed = readKnownOptions(
    'concurrently',
    words,
    { valued: CONCURRENTLY_VALUED, known: CONCURRENTLY_KNOWN },
    result,
  );
  if (parsed === undefined) return result;
  for (const option of parsed.options)
    if (option.name === '--teardown' && option.value !== undefined) result.scripts.push(option.value);
  for (const operand of parsed.operands) {
    if (operand.value !== undefined && SCRIPT_SHORTHAND.test(operand.value)) continue;
    result.scripts.push(operand);
  }
  return result;
}

const WATCHEXEC_VALUED = valuedSet([
  '-w',
  '--watch',
  '-W',
  '--watch-non-recursive',
  '-F',
  '--watch-file',
  '-e',
  '--exts',
  '-f',
  '--filter',
  '--filter-file',
  '-j',
  '--filter-prog',
  '-i',
  '--ignore',
  '--ignore-file',
  '--fs-events',
  '-o',
  '--on-busy-update',
  '-s',
  '--signal',
  '--stop-signal',
  '--stop-timeout',
  '--map-signal',
  '-d',
  '--debounce',
  '--delay-run',
  '--shell',
  '-E',
  '--env',
  '--wrap-process',
  '--color',
  '--project-origin',
  '--workdir',
  '--emit-events-to',
]);
// options whose value is optional, so it must be attached with '='
const WATCHEXEC_OPTIONAL_VALUE: ReadonlySet<string> = new Set(['-c', '--clear', '--poll', '--log-file']);
const WATCHEXEC_KNOWN = new Set([
  ...WATCHEXEC_VALUED,
  ...WATCHEXEC_OPTIONAL_VALUE,
  '-r',
  '--restart',
  '-p',
  '--postpone',
  '-n',
  '-N',
  '--notify',
  '-q',
  '--quiet',
  '--bell',
  '--timings',
  '--stdin-quit',
  '--no-vcs-ignore',
  '--no-project-ignore',
  '--no-global-ignore',
  '--no-default-ignore',
  '--no-discover-ignore',
  '--ignore-nothing',
  '--only-emit-events',
  '--no-process-group',
  '--no-meta',
  '--print-events',
  '--manual',
  '-v',
  '--verbose',
  '-1',
  '-h',
  '--help',
  '-V',
  '--version',
]);

/**
 * `watchexec [OPTIONS] [--] COMMAND...` runs the command through a shell unless `-n` or
 * `--shell=none`; with `--shell=SHELL` through that shell, which reads it as a script all the same.
 */
export function unwrapWatchexec(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  const parsed = readKnownOptions('watchexec', words, { valued: WATCHEXEC_VALUED, known: WATCHEXEC_KNOWN }, result);
  if (parsed === undefined) return result;
  const bareOptional = words
    .slice(1, parsed.firstOperand)
    .some((word) => word.value !== undefined && WATCHEXEC_OPTIONAL_VALUE.has(word.value));
  if (bareOptional && parsed.firstOperand < words.length && words[parsed.firstOperand - 1]?.value !== '--') {
    result.problem = 'a watchexec option may take the next word as its value: fail closed';
    return result;
  }
  const rest = words.slice(parsed.firstOperand);
  if (rest.length === 0) return result;
  const shell = optionValue(parsed, ['--shell']);
  if (hasOption(parsed, ['-n']) || shell?.value === 'none') result.commands.push(rest);
  else result.scripts.push(joinWords(rest));
  return result;
}
