import { hasOption, optionValue, readLeadingOptions, valuedSet } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { readTypedKeys } from './tmuxKeys';
import { joinWords } from '../../words/wordLists';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

const GLOBAL_VALUED = valuedSet(['-c', '-f', '-L', '-S', '-T']);

/** Commands whose last operand is a shell command run by `sh -c`, with the options that take a value. */
const SHELL_COMMANDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['new-session', valuedSet(['-c', '-e', '-f', '-F', '-n', '-s', '-t', '-x', '-y'])],
  ['new-window', valuedSet(['-c', '-e', '-F', '-n', '-t'])],
  ['split-window', valuedSet(['-c', '-e', '-F', '-l', '-p', '-t'])],
  ['respawn-pane', valuedSet(['-c', '-e', '-t'])],
  ['respawn-window', valuedSet(['-c', '-e', '-t'])],
  ['run-shell', valuedSet(['-c', '-d', '-t'])],
  ['display-popup', valuedSet(['-b', '-c', '-d', '-e', '-h', '-s', '-S', '-t', '-T', '-w', '-x', '-y'])],
  ['pipe-pane', valuedSet(['-t'])],
]);
const SEND_KEYS_VALUED = valuedSet(['-c', '-N', '-t']);

/** Commands that start no process and type nothing: sessions, windows, panes, buffers, listings. */
const HARMLESS: ReadonlySet<string> = new Set([
  'attach-session',
  'break-pane',
  'capture-pane',
  'clear-history',
  'clear-prompt-history',
  'clock-mode',
  'copy-mode',
  'delete-buffer',
  'detach-client',
  'display-message',
  'has-session',
  'join-pane',
  'kill-pane',
  'kill-server',
  'kill-session',
  'kill-window',
  'last-pane',
  'last-window',
  'link-window',
  'list-buffers',
  'list-clients',
  'list-commands',
  'list-keys',
  'list-panes',
  'list-sessions',
  'list-windows',
  'load-buffer',
  'move-pane',
  'move-window',
  'next-layout',
  'next-window',
  'previous-layout',
  'previous-window',
  'refresh-client',
  'rename-session',
  'rename-window',
  'resize-pane',
  'resize-window',
  'rotate-window',
  'select-layout',
  'select-pane',
  'select-window',
  'send-prefix',
  'set-buffer',
  'show-buffer',
  'show-environment',
  'show-hooks',
  'show-messages',
  'show-options',
  'show-prompt-history',
  'show-window-options',
  'start-server',
  'suspend-client',
  'swap-pane',
  'swap-window',
  'switch-client',
  'unbind-key',
  'unlink-window',
  'wait-for',
]);

// commands that run tmux commands, key bindings, hooks or options holding commands: not read here
const OTHERS = [
  'bind-key',
  'choose-buffer',
  'choose-client',
  'choose-tree',
  'command-prompt',
  'confirm-before',
  'customize-mode',
  'display-menu',
  'display-panes',
  'find-window',
  'if-shell',
  'lock-client',
  'lock-server',
  'lock-session',
  'paste-buffer',
  'save-buffer',
  'server-access',
  'set-environment',
  'set-hook',
  'set-option',
  'set-window-option',
  'source-file',
  'send-keys',
];
const NAMES: readonly string[] = [...SHELL_COMMANDS.keys(), ...HARMLESS, ...OTHERS];

const ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    attach: 'attach-session',
    bind: 'bind-key',
    breakp: 'break-pane',
    capturep: 'capture-pane',
    clearhist: 'clear-history',
    clearphist: 'clear-prompt-history',
    confirm: 'confirm-before',
    deleteb: 'delete-buffer',
    detach: 'detach-client',
    menu: 'display-menu',
    display: 'display-message',
    displayp: 'display-panes',
    popup: 'display-popup',
    findw: 'find-window',
    has: 'has-session',
    if: 'if-shell',
    joinp: 'join-pane',
    killp: 'kill-pane',
    killw: 'kill-window',
    lastp: 'last-pane',
    last: 'last-window',
    linkw: 'link-window',
    lsb: 'list-buffers',
    lsc: 'list-clients',
    lscm: 'list-commands',
    lsk: 'list-keys',
    lsp: 'list-panes',
    ls: 'list-sessions',
    lsw: 'list-windows',
    loadb: 'load-buffer',
    lockc: 'lock-client',
    lock: 'lock-server',
    locks: 'lock-session',
    movep: 'move-pane',
    movew: 'move-window',
    new: 'new-session',
    neww: 'new-window',
    nextl: 'next-layout',
    next: 'next-window',
    pasteb: 'paste-buffer',
    pipep: 'pipe-pane',
    prevl: 'previous-layout',
    prev: 'previous-window',
    refresh: 'refresh-client',
    rename: 'rename-session',
    renamew: 'rename-window',
    resizep: 'resize-pane',
    resizew: 'resize-window',
    respawnp: 'respawn-pane',
    respawnw: 'respawn-window',
    rotatew: 'rotate-window',
    run: 'run-shell',
    saveb: 'save-buffer',
    selectl: 'select-layout',
    selectp: 'select-pane',
    selectw: 'select-window',
    send: 'send-keys',
    setb: 'set-buffer',
    setenv: 'set-environment',
    set: 'set-option',
    setw: 'set-window-option',
    showb: 'show-buffer',
    showenv: 'show-environment',
    showmsgs: 'show-messages',
    show: 'show-options',
    showphist: 'show-prompt-history',
    showw: 'show-window-options',
    source: 'source-file',
    splitw: 'split-window',
    start: 'start-server',
    suspendc: 'suspend-client',
    swapp: 'swap-pane',
    swapw: 'swap-window',
    switchc: 'switch-client',
    unbind: 'unbind-key',
    unlinkw: 'unlink-window',
    wait: 'wait-for',
  }),
);

/** A command by its full name, alias or unique prefix, as tmux finds it; undefined when unknown or ambiguous. */
function resolveName(name: string): string | undefined {
  if (NAMES.includes(name)) return name;
  const alias = ALIASES.get(name);
  if (alias !== undefined) return alias;
  const matches = NAMES.filter((full) => full.startsWith(name));
  return matches.length === 1 ? matches[0] : undefined;
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

/** One tmux command: its shell command or typed keys are analysed; unknown commands fail closed. */
function readCommand(words: readonly ShellWord[], result: Unwrapped): void {
  const given = words[0]?.value;
  const name = given === undefined ? undefined : resolveName(given);
  if (words.some((word) => word.value?.includes('#(') === true)) {
    result.problem = 'a tmux format runs a shell command with #(): fail closed';
    return;
  }
  if (name !== undefined && HARMLESS.has(name)) return;
  const valued = name === undefined ? undefined : SHELL_COMMANDS.get(name);
  if (valued !== undefined) {
    const parsed = readLeadingOptions(words, 1, valued);
    if (name === 'run-shell' && hasOption(parsed, ['-C']))
      result.problem = 'tmux run-shell -C runs tmux commands that are not analysed: fail closed';
    // one operand is run by `sh -c`; several are joined (older tmux) or run directly (newer)
    else if (parsed.operands.length > 0) result.scripts.push(joinWords(parsed.operands));
    return;
  }
  if (name === 'send-keys') {
    const parsed = readLeadingOptions(words, 1, SEND_KEYS_VALUED);
    if (hasOption(parsed, ['-H', '-K']))
      result.problem = 'tmux send-keys -H or -K sends keys that are not read here: fail closed';
    else if (!hasOption(parsed, ['-X'])) readTypedKeys(parsed.operands, hasOption(parsed, ['-l']), result);
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
export function unwrapTmux(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  const parsed = readLeadingOptions(words, 1, GLOBAL_VALUED);
  const script = optionValue(parsed, ['-c']);
  if (script !== undefined) {
    result.scripts.push(script);
    return result;
  }
  const config = optionValue(parsed, ['-f']);
  if (config !== undefined && config.value !== '/dev/null')
    result.problem = 'tmux -f reads a config file that is not analysed: fail closed';
  else if (hasOption(parsed, ['-C'])) result.problem = 'tmux -C reads tmux commands from stdin: fail closed';
  if (result.problem !== undefined || hasOption(parsed, ['-V'])) return result;
  const commands = splitCommands(words, parsed.firstOperand);
  if (commands === undefined) {
    result.problem = 'a tmux argument built at run time may end a tmux command: fail closed';
    return result;
  }
  for (const command of commands) {
    readCommand(command, result);
    if (result.problem !== undefined) return result;
  }
  return result;
}
