import type { CommandSpec, OptionKind } from '../../catalog/commandSpec';

// tmux's commands, as subcommands: those that run a shell command (their operands, run by
// `sh -c`), send-keys (its keys are typed text, read by the reader), those whose operands start
// nothing and type nothing, and those whose words are tmux commands, key bindings, hooks or
// options holding commands: their operands are not described, and the reader fails closed on
// them. Several commands share one line, split at `;` by the reader (tmux.ts), which reads each
// with its command's options here; a command may also be given by a unique prefix of its name.

const SHELL_COMMAND = { rest: 'shell' } as const;

function runsShell(aliases: string[], options: Record<string, OptionKind>): CommandSpec {
  return { aliases, options, operands: SHELL_COMMAND };
}

const RUN_SHELL_COMMANDS: Record<string, CommandSpec> = {
  'new-session': runsShell(['new'], {
    '-c': 'cwd',
    '-e|-f|-F|-n|-s|-t|-x|-y': 'data',
    '-A|-d|-D|-E|-P|-X': 'flag',
  }),
  'new-window': runsShell(['neww'], { '-c': 'cwd', '-e|-F|-n|-t': 'data', '-a|-b|-d|-k|-P|-S': 'flag' }),
  'split-window': runsShell(['splitw'], {
    '-c': 'cwd',
    '-e|-F|-l|-p|-t': 'data',
    '-b|-d|-f|-h|-I|-v|-P|-Z': 'flag',
  }),
  'respawn-pane': runsShell(['respawnp'], { '-c': 'cwd', '-e|-t': 'data', '-k': 'flag' }),
  'respawn-window': runsShell(['respawnw'], { '-c': 'cwd', '-e|-t': 'data', '-k': 'flag' }),
  // -C runs tmux commands instead: the reader fails closed on it
  'run-shell': runsShell(['run'], { '-c': 'cwd', '-d|-t': 'data', '-b|-C|-E': 'flag' }),
  'display-popup': runsShell(['popup'], {
    '-d': 'cwd',
    '-b|-c|-e|-h|-s|-S|-t|-T|-w|-x|-y': 'data',
    '-B|-C|-E|-k|-N': 'flag',
  }),
  'pipe-pane': runsShell(['pipep'], { '-t': 'data', '-I|-O|-o': 'flag' }),
};

const NOTHING: CommandSpec = { operands: 'data' };

/** Commands that start no process and type nothing: sessions, windows, panes, buffers, listings. */
const NOTHING_RUNS: Record<string, CommandSpec> = {
  'attach-session': { ...NOTHING, aliases: ['attach'] },
  'break-pane': { ...NOTHING, aliases: ['breakp'] },
  'capture-pane': { ...NOTHING, aliases: ['capturep'] },
  'clear-history': { ...NOTHING, aliases: ['clearhist'] },
  'clear-prompt-history': { ...NOTHING, aliases: ['clearphist'] },
  'clock-mode': NOTHING,
  'copy-mode': NOTHING,
  'delete-buffer': { ...NOTHING, aliases: ['deleteb'] },
  'detach-client': { ...NOTHING, aliases: ['detach'] },
  'display-message': { ...NOTHING, aliases: ['display'] },
  'has-session': { ...NOTHING, aliases: ['has'] },
  'join-pane': { ...NOTHING, aliases: ['joinp'] },
  'kill-pane': { ...NOTHING, aliases: ['killp'] },
  'kill-server': NOTHING,
  'kill-session': NOTHING,
  'kill-window': { ...NOTHING, aliases: ['killw'] },
  'last-pane': { ...NOTHING, aliases: ['lastp'] },
  'last-window': { ...NOTHING, aliases: ['last'] },
  'link-window': { ...NOTHING, aliases: ['linkw'] },
  'list-buffers': { ...NOTHING, aliases: ['lsb'] },
  'list-clients': { ...NOTHING, aliases: ['lsc'] },
  'list-commands': { ...NOTHING, aliases: ['lscm'] },
  'list-keys': { ...NOTHING, aliases: ['lsk'] },
  'list-panes': { ...NOTHING, aliases: ['lsp'] },
  'list-sessions': { ...NOTHING, aliases: ['ls'] },
  'list-windows': { ...NOTHING, aliases: ['lsw'] },
  // into a paste buffer
  'load-buffer': { aliases: ['loadb'], operands: 'read' },
  'move-pane': { ...NOTHING, aliases: ['movep'] },
  'move-window': { ...NOTHING, aliases: ['movew'] },
  'next-layout': { ...NOTHING, aliases: ['nextl'] },
  'next-window': { ...NOTHING, aliases: ['next'] },
  'previous-layout': { ...NOTHING, aliases: ['prevl'] },
  'previous-window': { ...NOTHING, aliases: ['prev'] },
  'refresh-client': { ...NOTHING, aliases: ['refresh'] },
  'rename-session': { ...NOTHING, aliases: ['rename'] },
  'rename-window': { ...NOTHING, aliases: ['renamew'] },
  'resize-pane': { ...NOTHING, aliases: ['resizep'] },
  'resize-window': { ...NOTHING, aliases: ['resizew'] },
  'rotate-window': { ...NOTHING, aliases: ['rotatew'] },
  'select-layout': { ...NOTHING, aliases: ['selectl'] },
  'select-pane': { ...NOTHING, aliases: ['selectp'] },
  'select-window': { ...NOTHING, aliases: ['selectw'] },
  'send-prefix': NOTHING,
  'set-buffer': { ...NOTHING, aliases: ['setb'] },
  'show-buffer': { ...NOTHING, aliases: ['showb'] },
  'show-environment': { ...NOTHING, aliases: ['showenv'] },
  'show-hooks': NOTHING,
  'show-messages': { ...NOTHING, aliases: ['showmsgs'] },
  'show-options': { ...NOTHING, aliases: ['show'] },
  'show-prompt-history': { ...NOTHING, aliases: ['showphist'] },
  'show-window-options': { ...NOTHING, aliases: ['showw'] },
  'start-server': { ...NOTHING, aliases: ['start'] },
  'suspend-client': { ...NOTHING, aliases: ['suspendc'] },
  'swap-pane': { ...NOTHING, aliases: ['swapp'] },
  'swap-window': { ...NOTHING, aliases: ['swapw'] },
  'switch-client': { ...NOTHING, aliases: ['switchc'] },
  'unbind-key': { ...NOTHING, aliases: ['unbind'] },
  'unlink-window': { ...NOTHING, aliases: ['unlinkw'] },
  'wait-for': { ...NOTHING, aliases: ['wait'] },
};

/** Commands that run tmux commands, key bindings, hooks or options holding commands: not described. */
const NOT_DESCRIBED: Record<string, CommandSpec> = {
  'bind-key': { aliases: ['bind'] },
  'choose-buffer': {},
  'choose-client': {},
  'choose-tree': {},
  'command-prompt': {},
  'confirm-before': { aliases: ['confirm'] },
  'customize-mode': {},
  'display-menu': { aliases: ['menu'] },
  'display-panes': { aliases: ['displayp'] },
  'find-window': { aliases: ['findw'] },
  'if-shell': { aliases: ['if'] },
  'lock-client': { aliases: ['lockc'] },
  'lock-server': { aliases: ['lock'] },
  'lock-session': { aliases: ['locks'] },
  'paste-buffer': { aliases: ['pasteb'] },
  'save-buffer': { aliases: ['saveb'] },
  'server-access': {},
  'set-environment': { aliases: ['setenv'] },
  'set-hook': {},
  'set-option': { aliases: ['set'] },
  'set-window-option': { aliases: ['setw'] },
  'source-file': { aliases: ['source'] },
};

/**
 * `tmux [OPTIONS] [COMMAND [FLAGS]] [\; COMMAND...]`: -c runs a shell command, -f reads a config
 * file of tmux commands, -C reads tmux commands from stdin; with no command tmux starts an
 * interactive shell, which runs nothing by itself.
 */
export const TMUX: CommandSpec = {
  options: { '-c': 'script', '-f': 'program', '-L|-S|-T': 'data', '-2|-C|-D|-l|-N|-u|-v|-V': 'flag' },
  subcommands: {
    ...RUN_SHELL_COMMANDS,
    'send-keys': {
      aliases: ['send'],
      options: { '-c|-N|-t': 'data', '-F|-H|-K|-l|-M|-R|-X': 'flag' },
      operands: 'data',
    },
    ...NOTHING_RUNS,
    ...NOT_DESCRIBED,
  },
  reader: 'tmux',
};
