import { readLeadingSpecOptions, type LeadingSpecOptions } from '../../catalog/commandReading';
import type { CommandReading } from '../../catalog/commandReading';
import type { ReadOption } from '../../catalog/readOptions';
import { hasAny, valueOf } from './leadingOptions';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { splitWords } from '../../engine/splitWords';
import { joinWords, runtimeWord } from '../../words/wordLists';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

// jobs read from a file or a database
const JOB_FILES = ['-a', '--arg-file', '--sqlworker', '--sqlandworker', '--retry-failed'];
// the command runs without arguments from the command line: it reads stdin blocks, or runs once per host
const NO_ARGUMENTS = ['--pipe', '--pipepart', '--nonall'];
// parallel's replacement strings: {} {.} {/} {//} {/.} {#} {%} and positional {1} {2.}
const REPLACEMENT = /\{(\d*)(\.|\/|\/\/|\/\.|#|%)?\}/g;
/** Job count times command words beyond which the jobs are not listed one by one. */
const MAX_JOB_WORDS = 100_000;

/** An argument as parallel writes it into the line: shell-quoted, so that it stays one word of data. */
function quoted(argument: ShellWord): string | undefined {
  return argument.value === undefined ? undefined : `'${argument.value.replace(/'/g, `'"'"'`)}'`;
}

/** A substituted word: the program gets `value` once the shell removes the quotes of `written`. */
function argumentWord(value: string, written: string): ShellWord {
  return { value, literal: value, source: written, quoted: true };
}

/** `value` with its replacement strings filled in by `text` of the job's arguments; undefined when one is unknown. */
function fill(
  value: string,
  args: readonly ShellWord[],
  replace: string | undefined,
  text: (arg: ShellWord) => string | undefined,
): { filled: string | undefined; replaced: boolean } {
  const all = (): string | undefined => {
    const parts = args.map(text);
    return parts.includes(undefined) ? undefined : parts.join(' ');
  };
  if (replace !== undefined) {
    const pieces = value.split(replace);
    const filler = pieces.length > 1 ? all() : '';
    return { filled: filler === undefined ? undefined : pieces.join(filler), replaced: pieces.length > 1 };
  }
  let known = true;
  let replaced = false;
  const filled = value.replace(REPLACEMENT, (_match, position: string, modifier: string | undefined) => {
    replaced = true;
    const arg = position === '' ? undefined : args[Number(position) - 1];
    const chosen = position === '' ? all() : arg === undefined ? '' : text(arg);
    // {.} {/} {#}... transform the argument or number the job: not worked out here
    if (chosen === undefined || modifier !== undefined) known = false;
    return chosen ?? '';
  });
  return { filled: known ? filled : undefined, replaced };
}

/** One job's command words: the arguments in place of the replacement strings, or appended when there are none. */
function jobCommand(
  template: readonly ShellWord[],
  args: readonly ShellWord[],
  replace: string | undefined,
): ShellWord[] {
  let any = false;
  const words = template.map((word) => {
    if (word.value === undefined) return word;
    const plain = fill(word.value, args, replace, (arg) => arg.value);
    if (!plain.replaced) return word;
    any = true;
    const written = fill(word.value, args, replace, quoted).filled;
    return plain.filled === undefined || written === undefined
      ? runtimeWord(word.source)
      : argumentWord(plain.filled, written);
  });
  if (any) return words;
  for (const arg of args) {
    const written = quoted(arg);
    words.push(
      arg.value === undefined || written === undefined ? runtimeWord(arg.source) : argumentWord(arg.value, written),
    );
  }
  return words;
}

/** One job as a shell line, for a template that is more than a simple command (`echo {} | sh`). */
function jobLine(template: readonly ShellWord[], args: readonly ShellWord[], replace: string | undefined): ShellWord {
  let any = false;
  const parts = template.map((word) => {
    const result = fill(word.value ?? '', args, replace, quoted);
    any ||= result.replaced;
    return result.filled;
  });
  if (!any) parts.push(...args.map(quoted));
  const source = [...template, ...args].map((word) => word.source).join(' ');
  return parts.includes(undefined) ? runtimeWord(source) : { ...staticWord(parts.join(' ')), source };
}

/** The command template (the words before the first `:::`) and the argument lists after each separator. */
function readSources(
  words: readonly ShellWord[],
  leading: LeadingSpecOptions,
): { template: ShellWord[]; sources: ShellWord[][]; fromFile: boolean } {
  const argSep = valueOf(leading.options, ['--arg-sep'])?.value ?? ':::';
  const fileSep = valueOf(leading.options, ['--arg-file-sep'])?.value ?? '::::';
  const template: ShellWord[] = [];
  const sources: ShellWord[][] = [];
  let fromFile = false;
  for (const word of words.slice(leading.next)) {
    const value = word.value;
    if (value === argSep || value === `${argSep}+`) sources.push([]);
    else if (value === fileSep || value === `${fileSep}+`) fromFile = true;
    else (sources[sources.length - 1] ?? template).push(word);
  }
  return { template, sources, fromFile };
}

/** Every combination of one argument from each list, as parallel runs them (`:::+` links are a subset). */
function combinations(sources: readonly (readonly ShellWord[])[]): ShellWord[][] {
  let jobs: ShellWord[][] = [[]];
  for (const source of sources) jobs = jobs.flatMap((job) => source.map((arg) => [...job, arg]));
  return jobs;
}

/** The template as parallel hands it to the shell: its words joined, then split again (or a whole script). */
function templateWords(template: readonly ShellWord[], options: readonly ReadOption[]): ShellWord[] | undefined {
  if (hasAny(options, ['-q', '--quote'])) return [...template];
  return splitWords(template.map((word) => word.value ?? '').join(' '));
}

/**
 * GNU `parallel [OPTIONS] COMMAND ::: ARGS...`: runs COMMAND once per argument (each combination
 * of several lists), the argument quoted in place of `{}` or appended; with no command each
 * argument is a command line. Arguments read from stdin or a file, a command built at run time
 * and Perl expressions cannot be known: fail closed. Its options are its spec (jobRunnerSpecs.ts),
 * read up to the command with the spec's grammar; options it does not list are read as flags.
 */
export function unwrapParallel(words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const grammar = reading.node?.grammar;
  if (grammar === undefined) return result;
  const leading = readLeadingSpecOptions(words, 1, grammar);
  const { options } = leading;
  for (const option of options)
    if (option.value !== undefined && option.kind === 'script') result.scripts.push(option.value);
  const { template, sources, fromFile } = readSources(words, leading);
  const replace = valueOf(options, ['-I'])?.value;
  if (hasAny(options, JOB_FILES) || fromFile) result.problem = 'parallel reads its arguments from a file: fail closed';
  else if (sources.length === 0 && !hasAny(options, NO_ARGUMENTS))
    result.problem = 'parallel reads its arguments from stdin: fail closed';
  else if (template.some((word) => word.value === undefined))
    result.problem = 'a parallel command built at run time: fail closed';
  else if (
    options.some((option) => option.kind === 'code') ||
    words.some((word) => word.value?.includes('{=') === true)
  )
    result.problem = 'parallel runs a Perl expression: fail closed';
  if (result.problem !== undefined || hasAny(options, ['--dry-run', '--dryrun'])) return result;
  // counted before they are built: a few lists of a few arguments multiply fast
  let count = template.length + sources.length + 1;
  for (const source of sources) count = Math.min(count * source.length, MAX_JOB_WORDS + 1);
  if (count > MAX_JOB_WORDS) {
    result.problem = 'parallel with too many argument combinations to list: fail closed';
    return result;
  }
  const jobs = combinations(sources);
  const split = template.length === 0 ? undefined : templateWords(template, options);
  for (const args of jobs) {
    if (template.length === 0) result.scripts.push(joinWords(args));
    else if (split !== undefined) result.commands.push(jobCommand(split, args, replace));
    else result.scripts.push(jobLine(template, args, replace));
  }
  return result;
}
