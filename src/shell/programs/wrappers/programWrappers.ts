import type { CommandReading } from '../../catalog/commandReading';
import { hasAny } from './leadingOptions';
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

// gdb commands that run no shell and no code in the program; `run ARGS` goes through a shell
const GDB_SAFE = new RegExp(
  String.raw`^(?:(?:r|run|start|starti)(?:\s+[\w./=,:-]+)*|bt|backtrace(?:\s+full)?|where|info\s+[\w -]+|` +
    String.raw`i\s+[\w -]+|c|continue|n|next|s|step|finish|q|quit|kill|k|thread apply all (?:bt|backtrace)(?:\s+full)?|` +
    String.raw`set (?:pagination|confirm|print [\w-]+|width|height|logging [\w-]+)(?:\s+[\w./-]+)?)$`,
);

// the program's own arguments follow it
const ARGS = ['-args', '--args'];

/**
 * `gdb [OPTIONS] [--args] PROGRAM [ARGS]`: the program runs (with `run`); commands given with
 * `-ex` run in gdb, where `shell`, `python` and `call` run code: only a few known-safe ones pass.
 * The options and the program are the catalog's reading of gdb's spec (programWrapperSpecs.ts).
 */
export function unwrapGdb(words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const runs = reading.runs;
  if (words.slice(1, runs === undefined ? words.length : runs.index + 1).some((word) => word.value === undefined)) {
    result.problem = 'a gdb argument built at run time: fail closed';
    return result;
  }
  for (const option of reading.options) {
    const command = option.value?.value;
    if (option.kind === 'program') result.problem = 'gdb runs a command file that is not analysed: fail closed';
    else if (option.kind === 'code' && (command === undefined || !GDB_SAFE.test(command.trim())))
      result.problem = 'gdb runs a command that may run code: fail closed';
    if (result.problem !== undefined) return result;
  }
  // without --args the words after the program are a core file or a process id
  if (runs !== undefined)
    result.commands.push(words.slice(runs.index, hasAny(reading.options, ARGS) ? words.length : runs.index + 1));
  return result;
}

/**
 * perf's subcommands other than record, stat and trace (which its spec reads, running the command
 * given): they report what perf recorded, but `perf script -s FILE` runs a script file, which is
 * not analysed.
 */
export function unwrapPerf(_words: readonly ShellWord[], reading: CommandReading): Unwrapped | undefined {
  if (reading.operands[0]?.value !== 'script' || !hasAny(reading.options, ['-s', '--script'])) return undefined;
  return { ...emptyUnwrapped(), problem: 'perf script runs a script file that is not analysed: fail closed' };
}

/**
 * expect runs Tcl (`-c CODE`, a script file, or stdin) whose `spawn` and `exec` can start any
 * command: it fails closed unless it only prints its version.
 */
export function unwrapExpect(_words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const [only, ...others] = reading.options;
  const version =
    only !== undefined &&
    others.length === 0 &&
    (only.name === '-v' || only.name === '--version') &&
    reading.operands.length === 0 &&
    reading.runs === undefined;
  if (!version) result.problem = 'expect runs Tcl code that can spawn any command: fail closed';
  return result;
}
