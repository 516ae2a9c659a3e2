import type { AnalysisContext } from './analysisContext';
import { isGitCodeKey } from './codeVariables';
import { runScriptWord, type CommandCall } from './commandCall';
import { gitConfigAssignment } from './gitConfigPaths';
import { readLeadingOptions, valuedSet } from './options';
import { staticWord, type ShellWord } from './shellWord';
import { splitWords } from './splitWords';
import { readSubcommand } from './toolOptions';
import { joinWords } from './unwrapped';

const SSH_VALUED = valuedSet(['-b', '-B', '-c', '-D', '-E', '-e', '-F', '-I', '-i', '-J', '-L', '-l', '-m', '-O', '-o', '-p', '-Q', '-R', '-S', '-W', '-w']);

/**
 * `ssh [options] HOST [COMMAND...]`: the remote command is shell code (run on the other machine,
 * analysed all the same: its sudo or rm still matters to the user).
 */
export function runSsh(call: CommandCall, context: AnalysisContext): void {
  const beforeHost = readLeadingOptions(call.words, 1, SSH_VALUED);
  if (beforeHost.operands.length === 0) return;
  // ssh reads options again after the host
  const afterHost = readLeadingOptions(call.words, beforeHost.firstOperand + 1, SSH_VALUED);
  if (afterHost.operands.length === 0) return;
  runScriptWord({ word: joinWords(afterHost.operands), what: 'remote command' }, call, context);
}

/** The `key=value` pairs of `git -c` (and `--config-env`, whose value comes from the environment). */
function gitConfigPairs(words: readonly ShellWord[], end: number): { key: string; value: ShellWord }[] {
  const pairs: { key: string; value: ShellWord }[] = [];
  for (let index = 1; index < end; index++) {
    const word = words[index];
    const value = word?.value;
    if (value === '-c') {
      const pair = words[index + 1];
      const text = pair?.value ?? pair?.source ?? '';
      const equals = text.indexOf('=');
      const key = equals === -1 ? text : text.slice(0, equals);
      pairs.push({ key, value: pair?.value === undefined ? { value: undefined, literal: undefined, source: text } : staticWord(text.slice(equals + 1)) });
      index++;
    } else if (value?.startsWith('--config-env=') === true) {
      const key = value.slice('--config-env='.length).split('=')[0] ?? '';
      pairs.push({ key, value: { value: undefined, literal: undefined, source: value } });
    }
  }
  return pairs;
}

/** The shell command a config value holds: a `!` alias, or any value of a key git runs as a command. */
function configCommand(key: string, value: ShellWord): ShellWord | undefined {
  const bang = value.value?.startsWith('!') === true;
  if (key.toLowerCase().startsWith('alias.')) {
    if (value.value !== undefined && !bang) return undefined;
  } else if (!isGitCodeKey(key)) return undefined;
  return bang ? staticWord(value.value?.slice(1) ?? '') : value;
}

/**
 * `git config alias.x '!cmd'`, `git config core.pager cmd`: a command stored now that git runs
 * through a shell later, analysed now, since the later `git x` says nothing of it.
 */
function runStoredConfig(call: CommandCall, context: AnalysisContext, start: number): void {
  const assignment = gitConfigAssignment(call.words, start);
  if (assignment === undefined) return;
  if (assignment.key.value === undefined) {
    context.failClosed('git config key built at run time: fail closed', { trigger: assignment.key.source, command: call.command });
    return;
  }
  const command = configCommand(assignment.key.value, assignment.value);
  if (command !== undefined) runScriptWord({ word: command, what: 'stored git config command' }, call, context);
}

/**
 * `git -c alias.x='!cmd' x`, `git -c core.pager=cmd log`: config values git runs through a shell.
 * A plain alias of the subcommand (`-c alias.p=push p`) returns the git command it expands to.
 */
export function runGitConfig(call: CommandCall, context: AnalysisContext): ShellWord[] | undefined {
  const sub = readSubcommand('git', call.words, 1);
  const subcommandIndex = sub.ends[0] === undefined ? call.words.length : sub.ends[0] - 1;
  if (sub.words[0]?.value === 'config' && sub.words.length === 1) runStoredConfig(call, context, sub.next);
  // the last plain alias of the subcommand wins, as in git; its expansion is built once
  let alias: string | undefined;
  for (const { key, value } of gitConfigPairs(call.words, subcommandIndex)) {
    const command = configCommand(key, value);
    if (command !== undefined) {
      runScriptWord({ word: command, what: 'git config command' }, call, context);
      continue;
    }
    // a plain alias (its value is known here) matters only when it names the subcommand
    if (key.toLowerCase().startsWith('alias.') && key.slice('alias.'.length) === sub.words[0]?.value && value.value !== undefined) alias = value.value;
  }
  if (alias === undefined) return undefined;
  const split = splitWords(alias);
  if (split === undefined) {
    context.failClosed('git alias that cannot be split: fail closed', { trigger: alias, command: call.command });
    return undefined;
  }
  return [staticWord('git'), ...split, ...call.words.slice(subcommandIndex + 1)];
}
