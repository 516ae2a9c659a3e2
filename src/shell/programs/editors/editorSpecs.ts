import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';

// Editors run from a command line: the files they open are what they change, and the commands
// they are given on it (vi's Ex commands, emacs' Lisp) are read by the editor reader
// (editorReader.ts), which the pagers less and more name too.

const VIM: CommandSpec = {
  aliases: [
    'vi',
    'nvim',
    'view',
    'vimdiff',
    'gvim',
    'gview',
    'gvimdiff',
    'rvim',
    'rview',
    'evim',
    'eview',
    'ex',
    'nvi',
  ],
  reader: 'editor',
  plusOptions: true,
  options: {
    '-c|--cmd|-S|-s|-u|-U|-i|-T|-w|-W|--servername|--remote|--remote-silent|--remote-tab|-t|-q': 'data',
    '-R|-M|-m|-b|-l|-n|-N|-e|-E|-es|-Es|-d|-o|-O|-p|-r|-L|-y|-Z|-x|-A|-H|-F|-V|-D|--noplugin|--clean': 'flag',
    '--headless|--not-a-term|--nofork|-f|-g|-h|--help|-v|--version|--startuptime|--embed': 'flag',
  },
  // an editor's files are what it changes
  operands: 'write',
};

/** vi and its kin, emacs, nano and its kin. */
export const EDITOR_COMMANDS: CommandSpecs = {
  vim: VIM,
  emacs: {
    aliases: ['emacsclient'],
    reader: 'editor',
    plusOptions: true,
    options: {
      '-nw|--no-window-system|-Q|--quick|-q|--no-init-file|--batch|-c|--create-frame|-t|--tty|-n|--no-wait|--version|--help':
        'flag',
    },
    operands: 'write',
  },
  nano: {
    aliases: ['pico', 'micro'],
    plusOptions: true,
    options: {
      '-B|--backup|-E|--tabstospaces|-i|--autoindent|-l|--linenumbers|-m|--mouse|-v|--view|-w|--nowrap|-V|--version|-h|--help':
        'flag',
      '-T|--tabsize|-Y|--syntax': 'data',
    },
    operands: 'write',
  },
};
