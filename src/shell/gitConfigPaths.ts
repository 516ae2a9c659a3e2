import { recordPath, type PathSink } from './dependencyFiles';
import { hasOption, optionValue, readArguments, valuedSet } from './options';
import { staticWord, type ShellWord } from './shellWord';

const CONFIG_VALUED = valuedSet(['-f', '--file', '--blob', '--type', '--default', '--comment', '--value']);
// git 2.46 subcommands, and the older options they replace
const WRITE_ACTIONS: ReadonlySet<string> = new Set(['set', 'unset', 'rename-section', 'remove-section', 'edit']);
const READ_ACTIONS: ReadonlySet<string> = new Set(['get', 'list']);
const WRITE_OPTIONS = ['--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section', '-e', '--edit'];
const READ_OPTIONS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '-l', '--list'];

/** The file a scope option names: ~/.gitconfig, /etc/gitconfig, -f FILE, or the repository's own. */
function scopeFile(parsed: ReturnType<typeof readArguments>): ShellWord | undefined {
  if (hasOption(parsed, ['--global'])) return staticWord('~/.gitconfig');
  if (hasOption(parsed, ['--system'])) return staticWord('/etc/gitconfig');
  const file = optionValue(parsed, ['-f', '--file']);
  if (file !== undefined) return file.value === '-' ? undefined : file;
  if (hasOption(parsed, ['--worktree'])) return staticWord('.git/config.worktree');
  if (hasOption(parsed, ['--local'])) return staticWord('.git/config');
  return undefined;
}

// a value stored for later: `git config set K V`, `git config --add K V`, `git config K V`
const SET_OPTIONS = ['--add', '--replace-all'];

/** The key and value a `git config` line stores, when it stores one. */
export function gitConfigAssignment(words: readonly ShellWord[], start: number): { key: ShellWord; value: ShellWord } | undefined {
  const parsed = readArguments(words, start, CONFIG_VALUED);
  const setAction = parsed.operands[0]?.value === 'set';
  const keys = setAction ? parsed.operands.slice(1) : parsed.operands;
  if (!setAction && (WRITE_ACTIONS.has(keys[0]?.value ?? '') || READ_ACTIONS.has(keys[0]?.value ?? ''))) return undefined;
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
export function gitConfigPaths(sink: PathSink, words: readonly ShellWord[], start: number): void {
  const parsed = readArguments(words, start, CONFIG_VALUED);
  const action = parsed.operands[0]?.value;
  const keys = WRITE_ACTIONS.has(action ?? '') || READ_ACTIONS.has(action ?? '') ? parsed.operands.slice(1) : parsed.operands;
  const writes = WRITE_ACTIONS.has(action ?? '') || (!READ_ACTIONS.has(action ?? '') && (hasOption(parsed, WRITE_OPTIONS) || (!hasOption(parsed, READ_OPTIONS) && keys.length >= 2)));
  const file = scopeFile(parsed);
  if (writes) recordPath(sink, file ?? staticWord('.git/config'), 'write');
  else if (file !== undefined) recordPath(sink, file, 'read');
}
