import type { AnalysisContext } from './analysisContext';
import { classifyCommand } from './classifyCommand';
import { isSudoCommand, SUDO_RULE } from './commandRules';
import { originOf, runScriptWord, type CommandCall } from './commandCall';
import { recordPath } from './dependencyFiles';
import { commandBasename, listedWords, shownWord, type ShellWord } from './shellWord';
import { NO_INPUT, type StdinSource } from './stdinSource';
import { unwrapCommand } from './unwrapCommand';
import type { Unwrapped } from './unwrapped';

/** Wrappers nested deeper than this (`sudo sudo sudo ...`) fail closed: listing each would be quadratic. */
export const MAX_WRAPPER_DEPTH = 16;
const MAX_DETAIL = 200;

interface Pending {
  readonly words: readonly ShellWord[];
  readonly stdin: () => StdinSource;
  readonly depth: number;
  /** run by the shell itself, not by another program */
  readonly inShell: boolean;
  /** the listed words and their text, when already computed */
  readonly listed: readonly string[] | undefined;
  readonly command: string | undefined;
}

// every Pending has the same properties in the same order, so property access stays monomorphic
function pending(words: readonly ShellWord[], stdin: () => StdinSource, depth: number, inShell = false): Pending {
  return { words, stdin, depth, inShell, listed: undefined, command: undefined };
}

// these run the command they wrap in the shell itself; any other wrapper is a program of its own
const IN_SHELL_WRAPPERS: ReadonlySet<string> = new Set(['builtin', 'command']);

/** A simple command's words, with their listing and text computed once by the caller. */
export interface CommandWords {
  readonly words: readonly ShellWord[];
  readonly listed: readonly string[];
  readonly command: string;
}

const noInput = (): StdinSource => NO_INPUT;

/** SUDO's details: [the wrapped command, the user it runs as, reason ('' : the shell does not say)]. */
function elevation(call: CommandCall, unwrapped: Unwrapped, context: AnalysisContext): void {
  const wrapped = unwrapped.commands[0];
  const script = unwrapped.scripts[0];
  // sudo -e / sudoedit run no command: they edit files
  const edited = unwrapped.paths.map((use) => shownWord(use.word)).join(' ');
  // only the start is shown: joining every word of a huge wrapped command at each level is costly
  const full = wrapped !== undefined ? listedWords(wrapped.slice(0, MAX_DETAIL)).join(' ') : script !== undefined ? shownWord(script) : edited === '' ? '' : `edit ${edited}`;
  const target = full.length <= MAX_DETAIL ? full : `${full.slice(0, MAX_DETAIL - 1)}\u2026`;
  context.noteEffect(SUDO_RULE.note);
  context.addFinding({ category: 'SUDO', trigger: call.name, command: call.command, note: SUDO_RULE.note, details: [target, unwrapped.user ?? 'root', ''] });
}

function applyWrapper(call: CommandCall, unwrapped: Unwrapped, context: AnalysisContext): void {
  if (unwrapped.problem !== undefined) context.failClosed(unwrapped.problem, originOf(call));
  if (isSudoCommand(call.name) || unwrapped.elevated) elevation(call, unwrapped, context);
  const sink = { context, command: call.command };
  for (const use of unwrapped.paths) recordPath(sink, use.word, use.role);
  for (const script of unwrapped.scripts) runScriptWord({ word: script, what: `${call.name} script` }, call, context);
}

/** Whether the command one level below `item` is nested too deep (failing closed when it is). */
function tooDeep(call: CommandCall, item: Pending, context: AnalysisContext): boolean {
  if (item.depth + 1 <= MAX_WRAPPER_DEPTH) return false;
  context.failClosed(`wrappers nested deeper than ${MAX_WRAPPER_DEPTH}: fail closed`, originOf(call));
  return true;
}

/** A command named by an alias the line defined is analysed as bash expands it, too. */
function expandAlias(item: Pending, command: string, context: AnalysisContext): void {
  const use = context.aliases.use(item.words);
  if (use === undefined) return;
  const origin = { trigger: use.name, command };
  if (use.endsInBlank) context.failClosed(`alias '${use.name}' ends in a blank, so the word after it may be an alias too: fail closed`, origin);
  else context.aliases.expandWhile(use, () => context.runScript(use.text, origin, 'inline'));
}

/** Lists and classifies one command; returns what it runs when it is a wrapper. */
function runOne(item: Pending, context: AnalysisContext): Pending[] | undefined {
  const head = item.words[0];
  if (head === undefined) return undefined;
  const listed = item.listed ?? listedWords(item.words);
  const command = item.command ?? listed.join(' ');
  const name = head.value === undefined ? undefined : commandBasename(head.value);
  context.listCommand(listed, name ?? head.source);
  context.steps += listed.length;
  if (command.includes('CDPATH')) context.flow.cdpath = true;
  if (name === undefined) {
    context.failClosed('command name built at run time: fail closed', { trigger: head.source, command });
    return undefined;
  }
  // only the shell expands aliases, in the words it reads as a command
  if (item.inShell) expandAlias(item, command, context);
  const call: CommandCall = { name, words: item.words, command, stdin: item.stdin, inShell: item.inShell };
  const unwrapped = unwrapCommand(name, item.words);
  if (unwrapped === undefined) {
    const expansion = classifyCommand(call, context);
    if (expansion === undefined || tooDeep(call, item, context)) return undefined;
    return [pending(expansion, item.stdin, item.depth + 1)];
  }
  applyWrapper(call, unwrapped, context);
  if (unwrapped.commands.length > 0 && tooDeep(call, item, context)) return undefined;
  const stdin = unwrapped.passesStdin ? item.stdin : noInput;
  const inShell = item.inShell && IN_SHELL_WRAPPERS.has(name);
  return unwrapped.commands.map((wrapped) => pending(wrapped, stdin, item.depth + 1, inShell));
}

/**
 * Analyses one simple command and, through wrappers (sudo, env, xargs, find -exec...), every
 * command it runs; each is listed and classified in its own right. Iterative, so a long chain of
 * wrappers cannot overflow the stack.
 */
export function runCommand(first: CommandWords, stdin: () => StdinSource, context: AnalysisContext): void {
  let queue: Pending[] | undefined;
  let item: Pending | undefined = { words: first.words, stdin, depth: 0, inShell: true, listed: first.listed, command: first.command };
  while (item !== undefined) {
    const next = runOne(item, context);
    // reversed onto the stack so that wrapped commands are listed in source order
    if (next !== undefined) {
      queue ??= [];
      for (let index = next.length - 1; index >= 0; index--) {
        const entry = next[index];
        if (entry !== undefined) queue.push(entry);
      }
    }
    item = queue?.pop();
  }
}
