import { describe, it } from 'vitest';
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
} from './support';

describe('project runners that fetch nothing', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses the shell line of pnpm exec -c',
      command: "pnpm exec -c 'git push'",
      commands: [
        ['pnpm', 'exec', '-c', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads pnpm --shell-mode before exec',
      command: "pnpm --shell-mode exec 'git push'",
      commands: [
        ['pnpm', '--shell-mode', 'exec', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads pnpm exec of a project binary as no download',
      command: 'pnpm exec eslint .',
      commands: [
        ['pnpm', 'exec', 'eslint', '.'],
        ['eslint', '.'],
      ],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses the Bun shell script of bun exec',
      command: "bun exec 'git push'",
      commands: [
        ['bun', 'exec', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
  ])('$name', expectCommands);
});

describe('git config values git later runs through a shell', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses a stored ! alias',
      command: "git config alias.p '!git push --force'",
      commands: [
        ['git', 'config', 'alias.p', '!git push --force'],
        ['git', 'push', '--force'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses a stored ssh command',
      command: "git config --global core.sshCommand 'ssh -i ~/.ssh/k'",
      commands: [
        ['git', 'config', '--global', 'core.sshCommand', 'ssh -i ~/.ssh/k'],
        ['ssh', '-i', '~/.ssh/k'],
      ],
      categories: [NET, EXEC],
    },
    {
      name: 'analyses a value given by git config set --value',
      command: "git config set --value='!sudo id' alias.x",
      commands: [['git', 'config', 'set', '--value=!sudo id', 'alias.x'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'treats an alias of a subcommand as no command',
      command: 'git config alias.st status',
      commands: [['git', 'config', 'alias.st', 'status']],
      categories: ONLY_EXEC,
    },
    {
      name: 'treats reading a command key as no command',
      command: 'git config --get core.pager',
      commands: [['git', 'config', '--get', 'core.pager']],
      categories: ONLY_EXEC,
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    { name: 'fails closed on a stored alias built at run time', command: 'git config alias.x "!$CMD"', reason: 'git' },
    {
      name: 'fails closed on a config key built at run time',
      command: 'git config "$KEY" value',
      reason: 'git config key',
    },
  ])('$name', expectFailClosed);
});
