import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import { hasOption, optionValue, readArguments, valuedSet, type ParsedArguments } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { splitWords } from '../../engine/splitWords';
import { withOptionsWrittenOut } from './gitAbbreviations';
import { gitConfigProblem, isGitCodeKey } from './gitConfigKeys';
import { GIT_FINDING_DETAILS } from './gitFindingDetails';
import { gitRepositoryRuns } from './gitHooks';

// the options that set configuration for one command
const CONFIG_OPTIONS: ReadonlySet<string> = new Set(['-c', '--config', '--config-env']);
const CONFIG_VALUED = valuedSet(['-f', '--file', '--blob', '--type', '--default', '--comment', '--value']);
// git 2.46 subcommands, and the older options they replace
const WRITE_ACTIONS: ReadonlySet<string> = new Set(['set', 'unset', 'rename-section', 'remove-section', 'edit']);
const READ_ACTIONS: ReadonlySet<string> = new Set(['get', 'list']);
const WRITE_OPTIONS = [
  '--unset',
  '--unset-all',
  '--add',
  '--replace-all',
  '--rename-section',
  '--remove-section',
  '-e',
  '--edit',
];
const READ_OPTIONS = [
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '-l',
  '--list',
];
// a value stored for later: `git config set K V`, `git config --add K V`, `git config K V`
const SET_OPTIONS = ['--add', '--replace-all'];

/** The file a scope option names: ~/.gitconfig, /etc/gitconfig, -f FILE, or the repository's own. */
function scopeFile(parsed: ParsedArguments): ShellWord | undefined {
  if (hasOption(parsed, ['--global'])) return staticWord('~/.gitconfig');
  if (hasOption(parsed, ['--system'])) return staticWord('/etc/gitconfig');
  const file = optionValue(parsed, ['-f', '--file']);
  if (file !== undefined) return file.value === '-' ? undefined : file;
  if (hasOption(parsed, ['--worktree'])) return staticWord('.git/config.worktree');
  if (hasOption(parsed, ['--local'])) return staticWord('.git/config');
  return undefined;
}

/** The key and value a `git config` line stores, when it stores one. */
function configAssignment(
  words: readonly ShellWord[],
  start: number,
): { key: ShellWord; value: ShellWord } | undefined {
  const parsed = readArguments(words, start, CONFIG_VALUED);
  const setAction = parsed.operands[0]?.value === 'set';
  const keys = setAction ? parsed.operands.slice(1) : parsed.operands;
  if (!setAction && (WRITE_ACTIONS.has(keys[0]?.value ?? '') || READ_ACTIONS.has(keys[0]?.value ?? '')))
    return undefined;
  const otherWrite = WRITE_OPTIONS.some((name) => !SET_OPTIONS.includes(name) && hasOption(parsed, [name]));
  if (otherWrite || hasOption(parsed, READ_OPTIONS)) return undefined;
  // `git config set --value=V K` names the value by option
  const optionalValue = optionValue(parsed, ['--value']);
  const [key, value = optionalValue] = keys;
  return key === undefined || value === undefined ? undefined : { key, value };
}

/**
 * `git config`: a change writes the scope's file (the repository's .git/config by default); a
 * read names a file only when a scope is given (`--global` reads ~/.gitconfig, outside the project).
 */
function configPaths(effects: CommandEffects, words: readonly ShellWord[], start: number): void {
  const parsed = readArguments(words, start, CONFIG_VALUED);
  const action = parsed.operands[0]?.value;
  const keys =
    WRITE_ACTIONS.has(action ?? '') || READ_ACTIONS.has(action ?? '') ? parsed.operands.slice(1) : parsed.operands;
  const writes =
    WRITE_ACTIONS.has(action ?? '') ||
    (!READ_ACTIONS.has(action ?? '') &&
      (hasOption(parsed, WRITE_OPTIONS) || (!hasOption(parsed, READ_OPTIONS) && keys.length >= 2)));
  const file = scopeFile(parsed);
  // the value stored is analysed as it is stored (see storedConfig); an editor's is not
  const edits = action === 'edit' || hasOption(parsed, ['-e', '--edit']);
  if (writes) effects.paths.push({ word: file ?? staticWord('.git/config'), role: 'write', contentAnalysed: !edits });
  else if (file !== undefined) effects.paths.push({ word: file, role: 'read' });
}

/** The shell command a config value holds: a `!` alias, or any value of a key git runs as a command. */
function configCommand(key: string, value: ShellWord): ShellWord | undefined {
  const bang = value.value?.startsWith('!') === true;
  if (key.toLowerCase().startsWith('alias.')) {
    if (value.value !== undefined && !bang) return undefined;
  } else if (!isGitCodeKey(key)) return undefined;
  return bang ? staticWord(value.value?.slice(1) ?? '') : value;
}

/** `git config alias.x '!cmd'`, `git config core.pager cmd`: a command git runs later, analysed now. */
function storedConfig(effects: CommandEffects, reading: CommandReading, start: number): void {
  const assignment = configAssignment(reading.words, start);
  if (assignment === undefined) return;
  if (assignment.key.value === undefined) {
    effects.problems.push({ reason: 'git config key built at run time: fail closed', trigger: assignment.key.source });
    return;
  }
  const problem = gitConfigProblem(assignment.key.value, assignment.value.value);
  if (problem !== undefined)
    effects.problems.push({ reason: `${problem}: fail closed`, trigger: assignment.key.value });
  const command = configCommand(assignment.key.value, assignment.value);
  if (command !== undefined) effects.scripts.push({ word: command, what: 'stored git config command' });
}

/** The `key=value` pairs of `git -c` and `git clone -c` (and `--config-env`, whose value comes from the environment). */
function configPairs(reading: CommandReading, effects: CommandEffects): { key: string; value: ShellWord }[] {
  const pairs: { key: string; value: ShellWord }[] = [];
  for (const option of reading.options) {
    const word = option.value;
    if (word === undefined) continue;
    if (!CONFIG_OPTIONS.has(option.name)) continue;
    const text = word.value ?? word.source.replace(/["']/g, '');
    const equals = text.indexOf('=');
    const key = equals === -1 ? text : text.slice(0, equals);
    // a key built at run time may be any key, one that runs a command included
    if (word.value === undefined && /[$`\\]/.test(key))
      effects.problems.push({ reason: `git ${option.name} key built at run time: fail closed`, trigger: word.source });
    const problem = gitConfigProblem(
      key,
      equals === -1 || word.value === undefined ? undefined : text.slice(equals + 1),
    );
    if (problem !== undefined) effects.problems.push({ reason: `${problem}: fail closed`, trigger: key });
    if (option.name === '--config-env')
      pairs.push({ key, value: { value: undefined, literal: undefined, source: text } });
    else if (option.name === '-c' || option.name === '--config')
      pairs.push({
        key,
        value:
          word.value === undefined
            ? { value: undefined, literal: undefined, source: text }
            : staticWord(text.slice(equals + 1)),
      });
  }
  return pairs;
}

/** Words that run code the line does not show: the `ext::` transport's command, a new repository's template hooks. */
function hiddenCode(effects: CommandEffects, reading: CommandReading): void {
  if (reading.words.some((word) => (word.value ?? word.source).includes('ext::'))) {
    effects.problems.push({
      reason: 'the ext:: transport runs the command named in its URL: fail closed',
      trigger: 'ext::',
    });
  }
  const template = reading.options.find((option) => option.name === '--template');
  if (template !== undefined && template.value?.value !== '') {
    effects.problems.push({
      reason: 'git --template gives the new repository hooks from another folder, which it runs: fail closed',
      trigger: '--template',
    });
  }
}

/**
 * git's hooks (see gitHooks.ts) and its configuration on its line: `git -c alias.x='!cmd' x`,
 * `git -c core.pager=cmd log` and `git clone -c core.sshCommand=cmd` run config values through
 * a shell; a plain alias of the subcommand (`-c alias.p=push p`) runs the git command it expands
 * to; `git config` stores commands git runs later and writes a config file. A line with an
 * abbreviated option (`git reset --ha`) is read again with it written out, as git runs it.
 */
export const gitReader: Reader = {
  readsArguments: false,
  findingDetails: GIT_FINDING_DETAILS,
  read(reading) {
    const effects = noEffects();
    gitRepositoryRuns(effects, reading);
    hiddenCode(effects, reading);
    const writtenOut = withOptionsWrittenOut(reading);
    if (writtenOut !== undefined) effects.commands.push({ words: writtenOut, stdin: 'pass' });
    const subcommand = reading.subcommands[0]?.value ?? reading.words[reading.next]?.value;
    const subcommandIndex = reading.subcommandEnds[0] === undefined ? reading.next : reading.subcommandEnds[0] - 1;
    if (reading.subcommands.length === 1 && subcommand === 'config') {
      storedConfig(effects, reading, reading.next);
      configPaths(effects, reading.words, reading.next);
    }
    // the last plain alias of the subcommand wins, as in git; its expansion is built once
    let alias: string | undefined;
    for (const { key, value } of configPairs(reading, effects)) {
      const command = configCommand(key, value);
      if (command !== undefined) {
        effects.scripts.push({ word: command, what: 'git config command' });
        continue;
      }
      if (
        key.toLowerCase().startsWith('alias.') &&
        key.slice('alias.'.length) === subcommand &&
        value.value !== undefined
      )
        alias = value.value;
    }
    if (alias === undefined) return effects;
    const split = splitWords(alias);
    if (split === undefined)
      effects.problems.push({ reason: 'git alias that cannot be split: fail closed', trigger: alias });
    else
      effects.commands.push({
        words: [staticWord('git'), ...split, ...reading.words.slice(subcommandIndex + 1)],
        stdin: 'pass',
      });
    return effects;
  },
};
