import { readLeadingSpecOptions } from '../../catalog/commandReading';
import type { CommandReading } from '../../catalog/commandReading';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { joinWords } from '../../words/wordLists';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';
import { valueOf } from './leadingOptions';

/**
 * Development runners that start commands given as arguments: nodemon, concurrently and
 * watchexec, whose options are their specs (devRunnerSpecs.ts). Where a runner hands its words
 * to a shell, the joined words are analysed as a script; where an option unknown here could
 * swallow the next word, the command is unknown.
 */

/**
 * `nodemon [OPTIONS] [SCRIPT] [ARGS]` runs `node SCRIPT ARGS`, or with `--exec CMD` the line
 * `CMD SCRIPT ARGS` through a shell. Options nodemon does not know go to node, so its options
 * are read here up to the script, with its spec's grammar.
 */
export function unwrapNodemon(words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const grammar = reading.node?.grammar;
  if (grammar === undefined) return result;
  const leading = readLeadingSpecOptions(words, 1, grammar);
  const rest = words.slice(leading.next);
  const exec = valueOf(leading.options, ['-x', '--exec']);
  if (exec !== undefined) result.scripts.push(joinWords([exec, ...rest]));
  else if (rest.length > 0) result.commands.push([staticWord('node'), ...rest]);
  return result;
}

// `npm:build` and its kin name package scripts, whose content is not analysed
const SCRIPT_SHORTHAND = /^(?:npm|pnpm|yarn|bun|node|deno):/;

/** `concurrently [OPTIONS] CMD...`: each operand, and each `--teardown` value, is a shell command. */
export function unwrapConcurrently(_words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const unknown = reading.unknownOptions[0];
  if (unknown !== undefined) {
    result.problem = `concurrently option ${unknown} is not known: fail closed`;
    return result;
  }
  for (const option of reading.options)
    if (option.kind === 'script' && option.value !== undefined) result.scripts.push(option.value);
  reading.operands.forEach((operand, index) => {
    if (reading.roles[index] !== 'script') return;
    if (operand.value !== undefined && SCRIPT_SHORTHAND.test(operand.value)) return;
    result.scripts.push(operand);
  });
  return result;
}

/**
 * `watchexec [OPTIONS] [--] COMMAND...` runs the command through a shell unless `-n` or
 * `--shell=none` (the spec's `with` says -n); with `--shell=SHELL` through that shell, which reads
 * it as a script all the same. An option it does not know fails closed, as for any wrapper.
 */
export function unwrapWatchexec(words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const runs = reading.runs;
  if (runs === undefined) return result;
  // an option whose value may follow it (`--poll 100`) could take the command's first word
  const options = reading.node?.options;
  const bareOptional = words.slice(1, runs.index).some((word) => {
    const kind = word.value === undefined ? undefined : options?.get(word.value);
    return kind === 'optional' || kind === 'optionalWrite';
  });
  if (bareOptional && words[runs.index - 1]?.value !== '--') {
    result.problem = 'a watchexec option may take the next word as its value: fail closed';
    return result;
  }
  const rest = words.slice(runs.index);
  if (runs.role === 'command' || valueOf(reading.options, ['--shell'])?.value === 'none') result.commands.push(rest);
  else result.scripts.push(joinWords(rest));
  return result;
}
