import type { AnalysisContext } from './analysisContext';
import { runScriptWord, type CommandCall } from './commandCall';
import { noteGitHooks } from './gitHooks';
import { readArguments, readLeadingOptions, valuedSet } from './options';
import type { ShellWord } from './shellWord';
import { readSubcommand } from './toolOptions';

/**
 * git subcommands that run commands given on their line: `rebase --exec`, `bisect run`,
 * `submodule foreach`, `filter-branch --*-filter`, `difftool --extcmd`, and the transport
 * programs of `clone -u`, `fetch --upload-pack`, `push --receive-pack` (run on this machine for
 * a local or ssh remote). Values git hands to a shell are analysed as scripts.
 */

// per subcommand: options whose value git runs through a shell
const SCRIPT_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['rebase', ['-x', '--exec']],
  ['filter-branch', ['--setup', '--env-filter', '--tree-filter', '--index-filter', '--parent-filter', '--msg-filter', '--commit-filter', '--tag-name-filter']],
  ['difftool', ['-x', '--extcmd']],
  ['clone', ['-u', '--upload-pack']],
  ['fetch', ['--upload-pack']],
  ['pull', ['--upload-pack']],
  ['ls-remote', ['--upload-pack', '--exec']],
  ['push', ['--receive-pack', '--exec']],
  ['send-pack', ['--receive-pack', '--exec']],
  ['archive', ['--exec']],
]);

// options of those subcommands that take a value of their own, so it is not read as an operand
const OTHER_VALUED = valuedSet(['--onto', '-s', '--strategy', '-X', '--strategy-option', '-C', '--whitespace', '--empty', '-t', '--tool', '--subdirectory-filter', '--original', '-d', '--state-branch', '-o', '--origin', '-b', '--branch', '--depth', '--reference', '--separate-git-dir', '-c', '--config', '--remote', '--prefix', '--format', '--repo']);

function runScriptOptions(call: CommandCall, context: AnalysisContext, subcommand: string, start: number): void {
  const names = SCRIPT_OPTIONS.get(subcommand);
  if (names === undefined) return;
  const parsed = readArguments(call.words, start, new Set([...names, ...OTHER_VALUED]));
  for (const option of parsed.options) {
    if (option.value === undefined || !names.includes(option.name)) continue;
    runScriptWord({ word: option.value, what: `git ${subcommand} ${option.name} command` }, call, context);
  }
}

/**
 * Analyses the commands a git subcommand runs from its own line; returns a command to analyse
 * next (`git bisect run CMD ARGS` runs CMD directly), else undefined.
 */
export function runGitSubcommandCommands(call: CommandCall, context: AnalysisContext): ShellWord[] | undefined {
  const sub = readSubcommand('git', call.words, 2);
  const [first, second] = sub.words.map((word) => word.value);
  const afterFirst = sub.ends[0];
  if (first === undefined || afterFirst === undefined) return undefined;
  runScriptOptions(call, context, first, afterFirst);
  noteGitHooks(call, first, afterFirst - 1, context);
  const afterSecond = sub.ends[1];
  if (afterSecond === undefined) return undefined;
  if (first === 'bisect' && second === 'run') {
    const command = call.words.slice(afterSecond);
    return command.length > 0 ? command : undefined;
  }
  if (first === 'submodule' && second === 'foreach') {
    // `foreach [--recursive] CMD`: one word is run by a shell, several are run as a command
    const parsed = readLeadingOptions(call.words, afterSecond, valuedSet([]));
    const [only, ...more] = parsed.operands;
    if (only === undefined) return undefined;
    if (more.length > 0) return [...parsed.operands];
    runScriptWord({ word: only, what: 'git submodule foreach command' }, call, context);
  }
  return undefined;
}
