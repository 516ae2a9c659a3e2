import type { AnalysisContext } from './analysisContext';
import { runBuiltin } from './builtins';
import type { CommandEffects } from '../catalog/commandEffects';
import { readCommand, unknownReading, type CommandReading } from '../catalog/commandReading';
import { specEffects, writesMayBeLinks } from '../catalog/specEffects';
import { urlArgumentFinding } from '../catalog/urlArguments';
import { originOf, runScriptWord, type CommandCall } from './commandCall';
import { recordPath } from './dependencyFiles';
import { commandBasename, listedWords, type ShellWord } from '../words/shellWord';
import { NO_INPUT, type StdinSource } from '../words/stdinSource';

/** Wrappers nested deeper than this (`sudo sudo sudo ...`) fail closed: listing each would be quadratic. */
export const MAX_WRAPPER_DEPTH = 16;

interface Pending {
  readonly words: readonly ShellWord[];
  readonly stdin: () => StdinSource;
  readonly depth: number;
  /** run by the shell itself, not by another program */
  readonly inShell: boolean;
  /** a program file run with its arguments: not in the catalog, not listed */
  readonly programFile: boolean;
  /** read for its effects, not listed */
  readonly unlisted: boolean;
  /** its words were searched for commands already (see scanForCommands) */
  readonly wordsSearched: boolean;
  /** the listed words and their text, when already computed */
  readonly listed: readonly string[] | undefined;
  readonly command: string | undefined;
}

// every Pending has the same properties in the same order, so property access stays monomorphic
function pending(
  words: readonly ShellWord[],
  stdin: () => StdinSource,
  depth: number,
  how: {
    readonly inShell: boolean;
    readonly programFile: boolean;
    readonly unlisted: boolean;
    readonly wordsSearched: boolean;
  },
): Pending {
  return {
    words,
    stdin,
    depth,
    inShell: how.inShell,
    programFile: how.programFile,
    unlisted: how.unlisted,
    wordsSearched: how.wordsSearched,
    listed: undefined,
    command: undefined,
  };
}

// these run the command they wrap in the shell itself; any other wrapper is a program of its own
const IN_SHELL_WRAPPERS: ReadonlySet<string> = new Set(['builtin', 'command']);
// a command named by a path in these folders is an installed program, not a file of the project
const SYSTEM_BIN = /^\/(?:usr\/(?:local\/)?)?s?bin\//;

/** A simple command's words, with their listing and text computed once by the caller. */
export interface CommandWords {
  readonly words: readonly ShellWord[];
  readonly listed: readonly string[];
  readonly command: string;
}

const noInput = (): StdinSource => NO_INPUT;

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
  if (use.endsInBlank)
    context.failClosed(
      `alias '${use.name}' ends in a blank, so the word after it may be an alias too: fail closed`,
      origin,
    );
  else context.aliases.expandWhile(use, () => context.runScript(use.text, origin, 'inline'));
}

/** A command run by its path (`./deploy.sh`): a file of the project, listed for the caller to read. */
function notePathCommand(head: ShellWord, effects: CommandEffects): void {
  const value = head.value ?? '';
  if (!value.includes('/') || SYSTEM_BIN.test(value)) return;
  effects.unanalysed.push(value);
  effects.scriptRuns.push({ word: head, how: 'direct' });
}

/**
 * Applies one command's effects to the analysis: what is found, the paths used, the scripts
 * run. `linkWriter`: what it writes may be links (a possible write is always read so).
 */
function applyEffects(call: CommandCall, effects: CommandEffects, context: AnalysisContext, linkWriter: boolean): void {
  for (const problem of effects.problems) context.failClosed(problem.reason, originOf(call, problem.trigger));
  for (const finding of effects.findings) context.addFinding(finding);
  for (const note of effects.notes) context.noteEffect(note);
  for (const name of effects.unanalysed) context.noteUnanalysed(name);
  for (const run of effects.scriptRuns) context.noteScriptRun(run.word, run.how, run.script, run.details);
  const sink = { context, command: call.command };
  for (const use of effects.paths) recordPath(sink, use.word, use.role, use, linkWriter || use.assumed !== undefined);
  for (const script of effects.scripts) runScriptWord(script, call, context);
}

/** The catalog's reading of a command; a program file (`python x.py`) is one the catalog does not know. */
function readingOf(item: Pending, call: CommandCall, context: AnalysisContext): CommandReading {
  if (item.programFile)
    return unknownReading(
      call.words,
      call.command,
      call.name,
      `'${call.name}' is a program file whose code intentgate does not analyse`,
    );
  return readCommand(call.words, call.command, call.name, context.catalog);
}

/** Lists and reads one command; returns the commands it runs. */
function runOne(item: Pending, context: AnalysisContext): Pending[] | undefined {
  const head = item.words[0];
  if (head === undefined) return undefined;
  const listed = item.listed ?? listedWords(item.words);
  const command = item.command ?? listed.join(' ');
  const name = head.value === undefined ? undefined : commandBasename(head.value);
  if (!item.programFile && !item.unlisted) context.listCommand(listed, name ?? head.source, command);
  context.steps += listed.length;
  if (command.includes('CDPATH')) context.flow.cdpath = true;
  if (name === undefined) {
    context.failClosed('command name built at run time: fail closed', { trigger: head.source, command });
    return undefined;
  }
  // only the shell expands aliases, in the words it reads as a command
  if (item.inShell) expandAlias(item, command, context);
  const call: CommandCall = { name, words: item.words, command, stdin: item.stdin, inShell: item.inShell };
  // eval, source, trap, cd and kin are the shell's own: they change what the walk knows
  if (!item.programFile && runBuiltin(call, context)) return undefined;
  const reading = readingOf(item, call, context);
  const effects = specEffects(reading, {
    catalog: context.catalog,
    stdin: item.stdin,
    wordsSearched: item.wordsSearched,
  });
  if (!item.programFile) notePathCommand(head, effects);
  // a program file's words are its interpreter's too: their URL is already found there
  const url = item.programFile ? undefined : urlArgumentFinding(reading, effects);
  if (url !== undefined) {
    effects.findings.push(url);
    effects.notes.push('network request');
  }
  applyEffects(call, effects, context, writesMayBeLinks(reading));
  if (effects.commands.length === 0 || tooDeep(call, item, context)) return undefined;
  const inShell = item.inShell && IN_SHELL_WRAPPERS.has(name);
  return effects.commands.map((run) =>
    pending(run.words, run.stdin === 'pass' ? item.stdin : noInput, item.depth + 1, {
      inShell,
      programFile: run.programFile === true,
      unlisted: run.unlisted === true,
      // what a found command runs is made of the same words
      wordsSearched: item.wordsSearched || run.found === true,
    }),
  );
}

/**
 * Analyses one simple command and, through wrappers (sudo, env, xargs, find -exec...), every
 * command it runs; each is read against the catalog in its own right. Iterative, so a long chain
 * of wrappers cannot overflow the stack.
 */
export function runCommand(first: CommandWords, stdin: () => StdinSource, context: AnalysisContext): void {
  let queue: Pending[] | undefined;
  let item: Pending | undefined = {
    words: first.words,
    stdin,
    depth: 0,
    inShell: true,
    programFile: false,
    unlisted: false,
    wordsSearched: false,
    listed: first.listed,
    command: first.command,
  };
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
