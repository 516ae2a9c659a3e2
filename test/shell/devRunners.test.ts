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

describe('session, sandbox and watch wrappers', () => {
  it.each<CommandsCase>([
    {
      name: 'sees through dbus-run-session',
      command: 'dbus-run-session -- sudo id',
      commands: [['dbus-run-session', '--', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through ssh-agent -t',
      command: 'ssh-agent -t 60 git push',
      commands: [
        ['ssh-agent', '-t', '60', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'runs nothing for ssh-agent -k',
      command: 'ssh-agent -k',
      commands: [['ssh-agent', '-k']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through flatpak-spawn --host',
      command: 'flatpak-spawn --host --directory /tmp sudo id',
      commands: [['flatpak-spawn', '--host', '--directory', '/tmp', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through proot options',
      command: 'proot -r /rootfs -b /dev sudo id',
      commands: [['proot', '-r', '/rootfs', '-b', '/dev', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the shell line of entr -s',
      command: "entr -rs 'make && git push'",
      commands: [['entr', '-rs', 'make && git push'], ['make'], ['git', 'push']],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through entr',
      command: 'entr -r npm install',
      commands: [
        ['entr', '-r', 'npm', 'install'],
        ['npm', 'install'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'skips bwrap options with two values',
      command: 'bwrap --ro-bind /usr /usr --dev /dev --unshare-all -- git push',
      commands: [
        ['bwrap', '--ro-bind', '/usr', '/usr', '--dev', '/dev', '--unshare-all', '--', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads gosu USER as running as that user',
      command: 'gosu app npm install',
      commands: [
        ['gosu', 'app', 'npm', 'install'],
        ['npm', 'install'],
      ],
      categories: [SUDO, DEPS, NET, EXEC],
    },
    {
      name: 'reads su-exec USER:GROUP as running as that user',
      command: 'su-exec root:root git push',
      commands: [
        ['su-exec', 'root:root', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [SUDO, GIT, NET, EXEC],
    },
    {
      name: 'reads sudo-rs as sudo',
      command: 'sudo-rs -u bob id',
      commands: [['sudo-rs', '-u', 'bob', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through tini --',
      command: 'tini -- git push',
      commands: [
        ['tini', '--', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'skips the dumb-init -r value',
      command: 'dumb-init -r 15:2 git push',
      commands: [
        ['dumb-init', '-r', '15:2', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through chronic',
      command: 'chronic git push',
      commands: [
        ['chronic', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'skips the three values of bwrap --overlay',
      command: 'bwrap --overlay a b c sudo id',
      commands: [['bwrap', '--overlay', 'a', 'b', 'c', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    {
      name: 'fails closed on a bwrap option that is not known',
      command: 'bwrap --new-thing x sudo id',
      reason: 'bwrap option',
    },
    {
      name: 'fails closed on bwrap --args reading options from a descriptor',
      command: 'bwrap --args 3 git push',
      reason: 'bwrap option',
    },
    { name: 'fails closed on proot without a command reading stdin', command: 'proot -0', reason: 'stdin' },
  ])('$name', expectFailClosed);
});

describe('development runners', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses nodemon --exec as a shell line',
      command: "nodemon --exec 'sudo id'",
      commands: [['nodemon', '--exec', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'reads nodemon SCRIPT as node SCRIPT',
      command: 'nodemon -w src app.js',
      commands: [
        ['nodemon', '-w', 'src', 'app.js'],
        ['node', 'app.js'],
      ],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses each concurrently command',
      command: "concurrently -k 'git push' 'npm:dev'",
      commands: [
        ['concurrently', '-k', 'git push', 'npm:dev'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses the concurrently --teardown command',
      command: "concurrently --teardown 'sudo id' 'npm:dev'",
      commands: [['concurrently', '--teardown', 'sudo id', 'npm:dev'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the watchexec command as a shell line',
      command: 'watchexec -e js -- git push',
      commands: [
        ['watchexec', '-e', 'js', '--', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'runs the watchexec -n command directly',
      command: 'watchexec -n -- sudo id',
      commands: [['watchexec', '-n', '--', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through cross-env assignments',
      command: 'cross-env NODE_ENV=prod npm publish',
      commands: [
        ['cross-env', 'NODE_ENV=prod', 'npm', 'publish'],
        ['npm', 'publish'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses the cross-env-shell command as a shell line',
      command: "cross-env-shell A=1 'git push'",
      commands: [
        ['cross-env-shell', 'A=1', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through dotenv -e FILE --',
      command: 'dotenv -e .env.test -- sudo id',
      commands: [['dotenv', '-e', '.env.test', '--', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'runs nothing for dotenv -p',
      command: 'dotenv -p HOME',
      commands: [['dotenv', '-p', 'HOME']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through env-cmd -f FILE',
      command: 'env-cmd -f .env git push',
      commands: [
        ['env-cmd', '-f', '.env', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses env-cmd --use-shell as a shell line',
      command: "env-cmd --use-shell 'npm test && git push'",
      commands: [
        ['env-cmd', '--use-shell', 'npm test && git push'],
        ['npm', 'test'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    {
      name: 'fails closed on a concurrently option that is not known',
      command: "concurrently -x 'ls'",
      reason: 'concurrently option',
    },
    {
      name: 'fails closed on a watchexec option that is not known',
      command: 'watchexec --frobnicate sudo id',
      reason: 'watchexec option',
    },
    {
      name: 'fails closed on a watchexec option whose value may be the next word',
      command: 'watchexec --poll 100 git push',
      reason: 'next word',
    },
  ])('$name', expectFailClosed);
});
