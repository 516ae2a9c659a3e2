import { optionValue, readLeadingOptions, valuedSet } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

/**
 * `capsh [ARGS] -- BASH-ARGS` runs bash with the words after `--` (`--shell=PATH` another shell);
 * `capsh ... == ARGS` runs capsh again with the words after `==`.
 */
export function unwrapCapsh(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  let shell = 'bash';
  for (let index = 1; index < words.length; index++) {
    const value = words[index]?.value;
    if (value === undefined) {
      result.problem = 'a capsh argument built at run time: fail closed';
      return result;
    }
    if (value.startsWith('--shell=')) shell = value.slice('--shell='.length);
    if (value !== '--' && value !== '==') continue;
    result.commands.push([staticWord(value === '--' ? shell : 'capsh'), ...words.slice(index + 1)]);
    return result;
  }
  return result;
}

const GDB_VALUED: ReadonlySet<string> = new Set([
  '-ex',
  '--ex',
  '-iex',
  '--iex',
  '-eval-command',
  '--eval-command',
  '-init-eval-command',
  '--init-eval-command',
  '-x',
  '--x',
  '-ix',
  '--ix',
  '-command',
  '--command',
  '-init-command',
  '--init-command',
  '-p',
  '--pid',
  '-c',
  '--core',
  '-cd',
  '--cd',
  '-d',
  '--directory',
  '-s',
  '--symbols',
  '-e',
  '--exec',
  '-se',
  '-b',
  '-l',
  '-tty',
  '--tty',
  '-D',
  '--data-directory',
  '-i',
  '--interpreter',
]);
const GDB_COMMANDS = new Set([
  '-ex',
  '--ex',
  '-iex',
  '--iex',
  '-eval-command',
  '--eval-command',
  '-init-eval-command',
  '--init-eval-command',
]);
const GDB_FILES = new Set(['-x', '--x', '-ix', '--ix', '-command', '--command', '-init-command', '--init-command']);
// gdb commands that run no shell and no code in the program; `run ARGS` goes through a shell
const GDB_SAFE =
  /^(?:(?:r|run|start|starti)(?:\s+[\w./=,:-]+)*|bt|backtrace(?:\s+full)?|where|info\s+[\w -]+|i\s+[\w -]+|c|continue|n|next|s|step|finish|q|quit|kill|k|thread apply all (?:bt|backtrace)(?:\s+full)?|set (?:pagination|confirm|print [\w-]+|width|height|logging [\w-]+)(?:\s+[\w./-]+)?)$/;

/**
 * `gdb [OPTIONS] [--args] PROGRAM [ARGS]`: the program runs (with `run`); commands given with
 * `-ex` run in gdb, where `shell`, `python` and `call` run code: only a few known-safe ones pass.
 */
export function unwrapGdb(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  for (let index = 1; index < words.length; index++) {
    const word = words[index];
    const value = word?.value;
    if (word === undefined || value === undefined) {
      result.problem = 'a gdb argument built at run time: fail closed';
      return result;
    }
    if (value === '--args') {
      if (index + 1 < words.length) result.commands.push(words.slice(index + 1));
      return result;
    }
    const [name, attached] =
      value.startsWith('--') && value.includes('=')
        ? [value.slice(0, value.indexOf('=')), value.slice(value.indexOf('=') + 1)]
        : [value, undefined];
    if (GDB_VALUED.has(name)) {
      const argument = attached ?? words[index + 1]?.value;
      if (attached === undefined) index++;
      if (GDB_FILES.has(name)) result.problem = 'gdb runs a command file that is not analysed: fail closed';
      else if (GDB_COMMANDS.has(name) && (argument === undefined || !GDB_SAFE.test(argument.trim())))
        result.problem = 'gdb runs a command that may run code: fail closed';
      if (result.problem !== undefined) return result;
      continue;
    }
    if (value.startsWith('-')) continue;
    // the program, then a core file or process id
    result.commands.push([word]);
    return result;
  }
  return result;
}

const PERF_RUNNERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [
    'record',
    valuedSet([
      '-e',
      '--event',
      '--filter',
      '-p',
      '--pid',
      '-t',
      '--tid',
      '-r',
      '--realtime',
      '-m',
      '--mmap-pages',
      '-c',
      '--count',
      '-o',
      '--output',
      '-F',
      '--freq',
      '-C',
      '--cpu',
      '-G',
      '--cgroup',
      '-u',
      '--uid',
      '--call-graph',
      '-j',
      '--branch-filter',
      '-D',
      '--delay',
      '--clockid',
      '-k',
      '--affinity',
      '--mmap-flush',
      '--max-size',
      '--control',
    ]),
  ],
  [
    'stat',
    valuedSet([
      '-e',
      '--event',
      '-p',
      '--pid',
      '-t',
      '--tid',
      '-r',
      '--repeat',
      '-C',
      '--cpu',
      '-G',
      '--cgroup',
      '-o',
      '--output',
      '-x',
      '--field-separator',
      '-I',
      '--interval-print',
      '--pre',
      '--post',
      '-M',
      '--metrics',
      '-D',
      '--delay',
      '--td-level',
      '--for-each-cgroup',
      '--log-fd',
      '--timeout',
      '--control',
    ]),
  ],
  [
    'trace',
    valuedSet([
      '-e',
      '--event',
      '--expr',
      '-o',
      '--output',
      '-p',
      '--pid',
      '-t',
      '--tid',
      '--filter-pids',
      '-u',
      '--uid',
      '--duration',
      '--max-events',
      '-C',
      '--cpu',
      '-m',
      '--mmap-pages',
      '--call-graph',
      '-F',
      '--pf',
      '--max-stack',
      '--min-stack',
    ]),
  ],
]);

/** `perf record|stat|trace [OPTIONS] COMMAND`: the command runs; `perf stat --pre/--post` run scripts; `perf script -s` a script file. */
export function unwrapPerf(words: readonly ShellWord[]): Unwrapped | undefined {
  // perf takes no options of its own before the subcommand that matter here
  let next = 1;
  while (next < words.length && (words[next]?.value ?? '').startsWith('-')) next++;
  const sub = words[next]?.value;
  const subcommand = { next: next + 1 };
  if (sub === 'script' && words.some((word) => word.value === '-s' || word.value?.startsWith('--script') === true)) {
    return { ...emptyUnwrapped(), problem: 'perf script runs a script file that is not analysed: fail closed' };
  }
  const valued = sub === undefined ? undefined : PERF_RUNNERS.get(sub);
  if (valued === undefined) return undefined;
  const result = emptyUnwrapped();
  const parsed = readLeadingOptions(words, subcommand.next, valued);
  for (const option of parsed.options) {
    if (option.value === undefined) continue;
    if (option.name === '-o' || option.name === '--output')
      result.paths.push({ word: option.value, role: 'overwrite' });
    if (option.name === '--pre' || option.name === '--post') result.scripts.push(option.value);
  }
  if (parsed.operands.length > 0 && optionValue(parsed, ['--no-command']) === undefined)
    result.commands.push(parsed.operands);
  return result;
}

/**
 * expect runs Tcl (`-c CODE`, a script file, or stdin) whose `spawn` and `exec` can start any
 * command: it fails closed unless it only prints its version.
 */
export function unwrapExpect(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  const only = words.length === 2 ? words[1]?.value : undefined;
  if (only !== '-v' && only !== '--version')
    result.problem = 'expect runs Tcl code that can spawn any command: fail closed';
  return result;
}
