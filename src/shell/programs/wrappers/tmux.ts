import { readLeadingSpecOptions } from '../../catalog/commandReading';
import type { CatalogNode } from '../../catalog/catalogNode';
import type { CommandReading } from '../../catalog/commandReading';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { readTypedKeys } from './tmuxKeys';
import { joinWords } from '../../words/wordLists';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';
import { hasAny } from './leadingOptions';

// tmux's options and commands are data (tmuxSpec.ts); what is read here is how a line holds
// several commands, which of them type keys, and where a command runs what is not analysed

/** A command by its full name, alias or unique prefix, as tmux finds it; undefined when unknown or ambiguous. */
function commandNode(tmux: CatalogNode, given: string): CatalogNode | undefined {
  const named = tmux.subcommands?.get(given);
  if (named !== undefined) return named;
  const matches = Object.keys(tmux.spec.subcommands ?? {}).filter((full) => full.startsWith(given));
  return matches.length === 1 ? tmux.subcommands?.get(matches[0] ?? '') : undefined;
}

/**
 * The commands of a tmux line: a `;` word, or a word ending in an unescaped `;`, ends one (`\;`
 * ending a word is a literal `;`). A word built at run time might end one: unknown unless last.
 */
function splitCommands(words: readonly ShellWord[], start: number): ShellWord[][] | undefined {
  const commands: ShellWord[][] = [[]];
  for (let index = start; index < words.length; index++) {
    const word = words[index];
    const value = word?.value;
    const current = commands[commands.length - 1];
    if (word === undefined || current === undefined) break;
    if (value === undefined) {
      if (index + 1 < words.length) return undefined;
      current.push(word);
    } else if (value.endsWith('\\;')) {
      current.push(staticWord(`${value.slice(0, -2)};`));
    } else if (value.endsWith(';')) {
      if (value.length > 1) current.push(staticWord(value.slice(0, -1)));
      commands.push([]);
    } else {
      current.push(word);
    }
  }
  return commands.filter((command) => command.length > 0);
}

/** Whether a command's spec describes its operands and none of them runs anything. */
function runsNothing(node: CatalogNode): boolean {
  return node.operands !== undefined && !node.runsCommand;
}

/** One tmux command: its shell command or typed keys are analysed; commands not described fail closed. */
function readCommand(words: readonly ShellWord[], tmux: CatalogNode, result: Unwrapped): void {
  const given = words[0]?.value;
  const node = given === undefined ? undefined : commandNode(tmux, given);
  if (words.some((word) => word.value?.includes('#(') === true)) {
    result.problem = 'a tmux format runs a shell command with #(): fail closed';
    return;
  }
  const name = node?.path.at(-1);
  if (node !== undefined && name === 'send-keys') {
    const read = readLeadingSpecOptions(words, 1, node.grammar);
    if (hasAny(read.options, ['-H', '-K']))
      result.problem = 'tmux send-keys -H or -K sends keys that are not read here: fail closed';
    else if (!hasAny(read.options, ['-X'])) readTypedKeys(words.slice(read.next), hasAny(read.options, ['-l']), result);
    return;
  }
  if (node !== undefined && runsNothing(node)) return;
  if (node !== undefined && node.operands !== undefined) {
    const read = readLeadingSpecOptions(words, 1, node.grammar);
    const operands = words.slice(read.next);
    if (name === 'run-shell' && hasAny(read.options, ['-C']))
      result.problem = 'tmux run-shell -C runs tmux commands that are not analysed: fail closed';
    // one operand is run by `sh -c`; several are joined (older tmux) or run directly (newer)
    else if (operands.length > 0) result.scripts.push(joinWords(operands));
    return;
  }
  const shown = given ?? words[0]?.source ?? '';
  result.problem =
    name === 'source-file'
      ? 'tmux source-file runs tmux commands from a file that is not analysed: fail closed'
      : `tmux ${shown} may run commands that are not analysed: fail closed`;
}

/**
 * `tmux [OPTIONS] [COMMAND [FLAGS]] [\; COMMAND...]`: the shell commands of new-session,
 * split-window, run-shell... are analysed, as is text typed by send-keys; with no command tmux
 * starts an interactive shell, which runs nothing by itself.
 */
export function unwrapTmux(words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const tmux = reading.node?.chain[0];
  if (tmux === undefined) return result;
  const global = readLeadingSpecOptions(words, 1, tmux.grammar);
  const script = global.options.find((option) => option.kind === 'script')?.value;
  if (script !== undefined) {
    result.scripts.push(script);
    return result;
  }
  const config = global.options.find((option) => option.kind === 'program')?.value;
  if (config !== undefined && config.value !== '/dev/null')
    result.problem = 'tmux -f reads a config file that is not analysed: fail closed';
  else if (hasAny(global.options, ['-C'])) result.problem = 'tmux -C reads tmux commands from stdin: fail closed';
  if (result.problem !== undefined || hasAny(global.options, ['-V'])) return result;
  const commands = splitCommands(words, global.next);
  if (commands === undefined) {
    result.problem = 'a tmux argument built at run time may end a tmux command: fail closed';
    return result;
  }
  for (const command of commands) {
    readCommand(command, tmux, result);
    if (result.problem !== undefined) return result;
  }
  return result;
}
