import { describe, it } from 'vitest';
import { type CommandsCase, expectCommands, expectFailClosed, type FailCase, ONLY_EXEC } from '../support';

// Editors (src/shell/programs/editors/: editorSpecs.ts, editorReader.ts): an editor or pager
// given commands on its command line runs them.

describe('editors and pagers given commands on the command line', () => {
  it.each<CommandsCase>([
    {
      name: 'treats vim +LINE as opening a file',
      command: 'vim +42 src/a.ts',
      commands: [['vim', '+42', 'src/a.ts']],
      categories: ONLY_EXEC,
    },
    {
      name: 'passes a substitution and wq without expressions',
      command: "vim -u NONE -c '%s/foo/bar/g' -c wq src/a.ts",
      commands: [['vim', '-u', 'NONE', '-c', '%s/foo/bar/g', '-c', 'wq', 'src/a.ts']],
      categories: ONLY_EXEC,
    },
    {
      name: 'passes a plain search',
      command: "view '+/TODO' a.ts",
      commands: [['view', '+/TODO', 'a.ts']],
      categories: ONLY_EXEC,
    },
    {
      name: 'treats emacs opening a file as no code',
      command: 'emacs -nw a.ts',
      commands: [['emacs', '-nw', 'a.ts']],
      categories: ONLY_EXEC,
    },
    {
      name: 'treats a file name from a variable as a file',
      command: 'vim "$f"',
      commands: [['vim', '"$f"']],
      categories: ONLY_EXEC,
    },
    {
      name: 'passes less +G and a search',
      command: "less +G a.log && less '+/error' b.log",
      commands: [
        ['less', '+G', 'a.log'],
        ['less', '+/error', 'b.log'],
      ],
      categories: ONLY_EXEC,
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    { name: 'fails closed on vim -c with a shell escape', command: "vim -c '!sudo id'", reason: 'Ex command' },
    { name: 'fails closed on a search followed by a filter', command: "vim '+/x/!sudo id' f", reason: 'Ex command' },
    {
      name: 'fails closed on a substitution with an expression',
      command: `vim -c '%s/a/\\=system("id")/g' f`,
      reason: 'Ex command',
    },
    { name: 'fails closed on commands chained with |', command: "vim -c 'wq|!sudo id' f", reason: 'Ex command' },
    { name: 'fails closed on nvim :terminal', command: "nvim --headless -c 'term sudo id'", reason: 'Ex command' },
    { name: 'fails closed on a vimrc that is not analysed', command: 'vim -u evil.vim f', reason: 'startup file' },
    { name: 'fails closed on a sourced session file', command: 'vim -S session.vim', reason: 'not analysed' },
    { name: 'fails closed on Ex mode reading stdin', command: 'vim -es < cmds', reason: 'not analysed' },
    { name: 'fails closed on ex', command: 'ex -s f', reason: 'ex reads' },
    { name: 'fails closed on emacs --eval', command: `emacs --eval '(shell-command "sudo id")'`, reason: 'Lisp' },
    { name: 'fails closed on emacsclient -e', command: "emacsclient -e '(kill-emacs)'", reason: 'Lisp' },
    { name: 'fails closed on an Ex command built at run time', command: 'vim "+$cmd" f', reason: 'built at run time' },
    { name: 'fails closed on a less shell escape', command: "less '+!sudo id' f", reason: 'less' },
    { name: 'fails closed on a less pipe to a command', command: "less -R '+|sudo id' f", reason: 'less' },
  ])('$name', expectFailClosed);
});
