import { describe, expect, it } from 'vitest';
import {
  type CommandsCase,
  DEPS,
  expectCommands,
  expectFailClosed,
  EXEC,
  type FailCase,
  GIT,
  NET,
  ONLY_EXEC,
  SUDO,
  SYS,
} from './support';
import type { RiskCategory } from '../../src/index';
import { decideEveryday, everydayWorkspace } from '../support/everydaySession';

// a rewrite of the work tree by a ref may write intentgate's control files (gitWorkTree.ts)
const CONTROL: RiskCategory = 'FS_CONFIG_SECRETS';

describe('git subcommands that run commands from their own line', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses git rebase -x',
      command: "git rebase -x 'npm test' main",
      commands: [
        ['git', 'rebase', '-x', 'npm test', 'main'],
        ['npm', 'test'],
      ],
      categories: [CONTROL, EXEC],
    },
    {
      name: 'analyses git rebase --exec= after --onto and its value',
      command: "git rebase --onto main --exec='sudo id' feature",
      commands: [['git', 'rebase', '--onto', 'main', '--exec=sudo id', 'feature'], ['sudo', 'id'], ['id']],
      categories: [CONTROL, SUDO, EXEC],
    },
    {
      name: 'runs the command of git bisect run',
      command: 'git bisect run npm test',
      commands: [
        ['git', 'bisect', 'run', 'npm', 'test'],
        ['npm', 'test'],
      ],
      categories: [CONTROL, EXEC],
    },
    {
      name: 'analyses one git submodule foreach word as a shell line',
      command: "git submodule foreach --recursive 'git push'",
      commands: [
        ['git', 'submodule', 'foreach', '--recursive', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'runs several git submodule foreach words as a command',
      command: 'git submodule foreach git pull',
      commands: [
        ['git', 'submodule', 'foreach', 'git', 'pull'],
        ['git', 'pull'],
      ],
      categories: [CONTROL, NET, EXEC],
    },
    {
      name: 'analyses a git filter-branch filter',
      command: "git filter-branch --tree-filter 'sudo id' HEAD",
      commands: [['git', 'filter-branch', '--tree-filter', 'sudo id', 'HEAD'], ['sudo', 'id'], ['id']],
      categories: [CONTROL, SUDO, EXEC],
    },
    {
      name: 'analyses git difftool --extcmd',
      command: "git difftool --extcmd='sudo id'",
      commands: [['git', 'difftool', '--extcmd=sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the git push --receive-pack program',
      command: "git push --receive-pack='sudo git-receive-pack' origin",
      commands: [
        ['git', 'push', '--receive-pack=sudo git-receive-pack', 'origin'],
        ['sudo', 'git-receive-pack'],
        ['git-receive-pack'],
      ],
      categories: [SUDO, GIT, NET, EXEC],
    },
    {
      name: 'analyses a rebase reached through a git -c alias',
      command: `git -c alias.r='rebase -x "sudo id"' r main`,
      commands: [
        ['git', '-c', 'alias.r=rebase -x "sudo id"', 'r', 'main'],
        ['git', 'rebase', '-x', 'sudo id', 'main'],
        ['sudo', 'id'],
        ['id'],
      ],
      categories: [CONTROL, SUDO, EXEC],
    },
    {
      name: 'treats an interactive rebase as no command',
      command: 'git rebase -i HEAD~3',
      commands: [['git', 'rebase', '-i', 'HEAD~3']],
      categories: [CONTROL, EXEC],
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    {
      name: 'fails closed on a git rebase --exec built at run time',
      command: 'git rebase --exec "$CMD" main',
      reason: 'git rebase --exec',
    },
    {
      name: 'fails closed on a filter built at run time',
      command: 'git filter-branch --msg-filter "$F"',
      reason: 'git filter-branch',
    },
  ])('$name', expectFailClosed);
});

describe('awk pipes, which awk hands to a shell', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses print | "cmd"',
      command: `awk '{ print | "sort -u" }' f`,
      commands: [
        ['awk', '{ print | "sort -u" }', 'f'],
        ['sort', '-u'],
      ],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses "cmd" | getline',
      command: `awk 'BEGIN { "git push" | getline x }'`,
      commands: [
        ['awk', 'BEGIN { "git push" | getline x }'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: "analyses gawk's two-way |& pipe",
      command: `gawk 'BEGIN { print "x" |& "sudo id" }'`,
      commands: [['gawk', 'BEGIN { print "x" |& "sudo id" }'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'treats a string compared in a pattern as data',
      command: `awk '$1 == "a" { print }' f`,
      commands: [['awk', '$1 == "a" { print }', 'f']],
      categories: ONLY_EXEC,
    },
  ])('$name', expectCommands);
});

// The search for known commands in the words of a program the catalog does not know
// (scanForCommands.ts) finds each one it names and reads it as run: init and telinit change the
// runlevel only when given one, so a subcommand named init (`stackctl config init`) changes nothing.
describe('commands found in the words of a program the catalog does not know', () => {
  it.each<CommandsCase>([
    {
      name: 'reads a subcommand named init as init without a runlevel',
      command: 'stackctl config init',
      commands: [['stackctl', 'config', 'init'], ['init']],
      categories: ONLY_EXEC,
    },
    {
      name: 'reads a first word init the same',
      command: 'supabase init',
      commands: [['supabase', 'init'], ['init']],
      categories: ONLY_EXEC,
    },
    {
      name: 'reads init followed by options alone the same',
      command: 'dvc init --subdir',
      commands: [
        ['dvc', 'init', '--subdir'],
        ['init', '--subdir'],
      ],
      categories: ONLY_EXEC,
    },
    {
      name: 'finds a runlevel change given to init',
      command: 'foo init 0',
      commands: [
        ['foo', 'init', '0'],
        ['init', '0'],
      ],
      categories: [SYS, EXEC],
    },
    {
      name: 'finds a runlevel change given to telinit',
      command: 'foo telinit q',
      commands: [
        ['foo', 'telinit', 'q'],
        ['telinit', 'q'],
      ],
      categories: [SYS, EXEC],
    },
    {
      name: 'finds reboot named alone after another word',
      command: 'op run reboot',
      commands: [['op', 'run', 'reboot'], ['reboot']],
      categories: [SYS, EXEC],
    },
    {
      name: 'finds npm publish with its arguments',
      command: 'op run npm publish',
      commands: [
        ['op', 'run', 'npm', 'publish'],
        ['npm', 'publish'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'finds a command line held in one word',
      command: "foo 'sudo id'",
      commands: [['foo', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'finds a command line in an option value',
      command: 'mytool --cmd="git push" x',
      commands: [
        ['mytool', '--cmd=git push', 'x'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
  ])('$name', expectCommands);
});

describe('a subcommand named init decided in a session owning the workspace', () => {
  it.each([
    { name: 'allows kong config init', command: 'kong config init' },
    { name: 'allows supabase init', command: 'supabase init' },
  ])('$name on the everyday approvals', ({ command }) => {
    const { verdict, code, unapproved } = decideEveryday(everydayWorkspace({ repository: true }), command);
    expect({ verdict, code, unapproved }).toEqual({ verdict: 'allow', code: 'destructive_in_scope', unapproved: [] });
  });
});
