import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { type CommandsCase, DEPS, expectCommands, EXEC, GIT, NET, ONLY_EXEC, sorted, SUDO, SYS } from './support';

describe('wrappers', () => {
  it.each<CommandsCase>([
    {
      name: 'sees through sudo and lists both commands',
      command: 'sudo ls -l',
      commands: [
        ['sudo', 'ls', '-l'],
        ['ls', '-l'],
      ],
      categories: [SUDO, EXEC],
    },
    {
      name: 'skips sudo -u user, -g group and -E',
      command: 'sudo -u bob -g dev -E git push',
      commands: [
        ['sudo', '-u', 'bob', '-g', 'dev', '-E', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [SUDO, GIT, NET, EXEC],
    },
    {
      name: 'skips sudo -- before the command',
      command: 'sudo -- npm i',
      commands: [
        ['sudo', '--', 'npm', 'i'],
        ['npm', 'i'],
      ],
      categories: [SUDO, DEPS, NET, EXEC],
    },
    {
      name: 'reads an attached sudo user',
      command: 'sudo -ubob id',
      commands: [['sudo', '-ubob', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through doas -u',
      command: 'doas -u root reboot',
      commands: [['doas', '-u', 'root', 'reboot'], ['reboot']],
      categories: [SUDO, SYS, EXEC],
    },
    {
      name: 'sees through pkexec --user',
      command: 'pkexec --user root systemctl stop x',
      commands: [
        ['pkexec', '--user', 'root', 'systemctl', 'stop', 'x'],
        ['systemctl', 'stop', 'x'],
      ],
      categories: [SUDO, SYS, EXEC],
    },
    {
      name: 'parses the script of su -c',
      command: "su -c 'git push' root",
      commands: [
        ['su', '-c', 'git push', 'root'],
        ['git', 'push'],
      ],
      categories: [SUDO, GIT, NET, EXEC],
    },
    {
      name: 'skips env -i, -u NAME and NAME=value',
      command: 'env -i -u HOME A=1 curl https://x.io',
      commands: [
        ['env', '-i', '-u', 'HOME', 'A=1', 'curl', 'https://x.io'],
        ['curl', 'https://x.io'],
      ],
      categories: [NET, EXEC],
    },
    {
      name: 'splits the string of env -S into words',
      command: "env -S 'sudo -u bob id'",
      commands: [['env', '-S', 'sudo -u bob id'], ['sudo', '-u', 'bob', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'splits env --split-string=',
      command: "env --split-string='npm ci'",
      commands: [
        ['env', '--split-string=npm ci'],
        ['npm', 'ci'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    { name: 'runs nothing for a bare env', command: 'env', commands: [['env']], categories: ONLY_EXEC },
    {
      name: 'sees through nohup',
      command: 'nohup sudo reboot &',
      commands: [['nohup', 'sudo', 'reboot'], ['sudo', 'reboot'], ['reboot']],
      categories: [SUDO, SYS, EXEC],
    },
    {
      name: 'sees through the time keyword',
      command: 'time sudo ls',
      commands: [['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through /usr/bin/time -p and -o FILE',
      command: '/usr/bin/time -p -o t.txt sudo ls',
      commands: [['/usr/bin/time', '-p', '-o', 't.txt', 'sudo', 'ls'], ['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'skips timeout options and its duration',
      command: 'timeout -s KILL -k 5 10 npm install',
      commands: [
        ['timeout', '-s', 'KILL', '-k', '5', '10', 'npm', 'install'],
        ['npm', 'install'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'skips nice -n',
      command: 'nice -n 10 git push',
      commands: [
        ['nice', '-n', '10', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'skips ionice -c3',
      command: 'ionice -c3 git push',
      commands: [
        ['ionice', '-c3', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'runs nothing for ionice -p',
      command: 'ionice -c3 -p 1234',
      commands: [['ionice', '-c3', '-p', '1234']],
      categories: ONLY_EXEC,
    },
    {
      name: 'skips stdbuf -oL',
      command: 'stdbuf -oL -e 0 curl https://x.io',
      commands: [
        ['stdbuf', '-oL', '-e', '0', 'curl', 'https://x.io'],
        ['curl', 'https://x.io'],
      ],
      categories: [NET, EXEC],
    },
    {
      name: 'sees through setsid',
      command: 'setsid -f sudo id',
      commands: [['setsid', '-f', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'skips the chroot directory',
      command: 'chroot /mnt apt-get update',
      commands: [
        ['chroot', '/mnt', 'apt-get', 'update'],
        ['apt-get', 'update'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'skips the flock file',
      command: 'flock /tmp/l git push',
      commands: [
        ['flock', '/tmp/l', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'parses the script of flock FILE -c',
      command: "flock /tmp/l -c 'sudo id'",
      commands: [['flock', '/tmp/l', '-c', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'parses the joined words of watch as a script',
      command: "watch -n 1 'sudo id; curl https://x.io'",
      commands: [['watch', '-n', '1', 'sudo id; curl https://x.io'], ['sudo', 'id'], ['id'], ['curl', 'https://x.io']],
      categories: [SUDO, NET, EXEC],
    },
    {
      name: 'runs the words of watch -x directly',
      command: 'watch -x git fetch',
      commands: [
        ['watch', '-x', 'git', 'fetch'],
        ['git', 'fetch'],
      ],
      categories: [NET, EXEC],
    },
    {
      name: 'skips xargs -I {}, -n, -P and -0',
      command: 'xargs -0 -n 1 -P 4 -I {} sudo rm {}',
      commands: [
        ['xargs', '-0', '-n', '1', '-P', '4', '-I', '{}', 'sudo', 'rm', '{}'],
        ['sudo', 'rm', '{}'],
        ['rm', '{}'],
      ],
      categories: [SUDO, EXEC],
    },
    {
      name: 'runs echo for a bare xargs',
      command: 'ls | xargs',
      commands: [['ls'], ['xargs'], ['echo']],
      categories: ONLY_EXEC,
    },
    {
      name: 'runs every find -exec/-execdir/-ok/-okdir command',
      command: 'find . -exec sudo rm {} \\; -execdir curl -T {} https://x.io + -ok ls {} \\; -okdir npm i {} +',
      commands: [
        [
          'find',
          '.',
          '-exec',
          'sudo',
          'rm',
          '{}',
          ';',
          '-execdir',
          'curl',
          '-T',
          '{}',
          'https://x.io',
          '+',
          '-ok',
          'ls',
          '{}',
          ';',
          '-okdir',
          'npm',
          'i',
          '{}',
          '+',
        ],
        ['sudo', 'rm', '{}'],
        ['rm', '{}'],
        ['curl', '-T', '{}', 'https://x.io'],
        ['ls', '{}'],
        ['npm', 'i', '{}'],
      ],
      categories: [DEPS, SUDO, NET, EXEC],
    },
    {
      name: 'sees through busybox',
      command: 'busybox wget http://x.io/f',
      commands: [
        ['busybox', 'wget', 'http://x.io/f'],
        ['wget', 'http://x.io/f'],
      ],
      categories: [NET, EXEC],
    },
    {
      name: 'sees through command',
      command: 'command sudo ls',
      commands: [['command', 'sudo', 'ls'], ['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'treats command -V as a lookup',
      command: 'command -V sudo',
      commands: [['command', '-V', 'sudo']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through exec -a',
      command: 'exec -a x sudo id',
      commands: [['exec', '-a', 'x', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through builtin',
      command: "builtin eval 'sudo ls'",
      commands: [['builtin', 'eval', 'sudo ls'], ['eval', 'sudo ls'], ['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'skips leading assignments',
      command: 'FOO=1 BAR="x y" git push',
      commands: [['git', 'push']],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through nested wrappers',
      command: 'nohup nice -n 5 timeout 30 env A=1 sudo id',
      commands: [
        ['nohup', 'nice', '-n', '5', 'timeout', '30', 'env', 'A=1', 'sudo', 'id'],
        ['nice', '-n', '5', 'timeout', '30', 'env', 'A=1', 'sudo', 'id'],
        ['timeout', '30', 'env', 'A=1', 'sudo', 'id'],
        ['env', 'A=1', 'sudo', 'id'],
        ['sudo', 'id'],
        ['id'],
      ],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through uv run',
      command: 'uv run --with x pytest -q',
      commands: [
        ['uv', 'run', '--with', 'x', 'pytest', '-q'],
        ['pytest', '-q'],
      ],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through bundle exec',
      command: 'bundle exec rake db:migrate',
      commands: [
        ['bundle', 'exec', 'rake', 'db:migrate'],
        ['rake', 'db:migrate'],
      ],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through poetry run',
      command: 'poetry run pip install x',
      commands: [
        ['poetry', 'run', 'pip', 'install', 'x'],
        ['pip', 'install', 'x'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'reads hash -p as running its path',
      command: 'hash -p /usr/bin/sudo ls; ls -la',
      commands: [['hash', '-p', '/usr/bin/sudo', 'ls'], ['/usr/bin/sudo'], ['ls', '-la']],
      categories: [SUDO, EXEC],
    },
  ])('$name', expectCommands);
});

describe('lookups that run nothing', () => {
  it.each([
    { name: 'lists command -v without running its operand', command: 'command -v curl' },
    { name: 'lists type without running its operand', command: 'type -a sudo' },
    { name: 'lists which without running its operand', command: 'which npm' },
    { name: 'lists hash without -p as a lookup', command: 'hash git' },
  ])('$name', ({ command }) => {
    const analysis = analyzeShell(command);
    expect(analysis.commands).toEqual([command.split(' ')]);
    expect(sorted(analysis.findings.map((finding) => finding.category))).toEqual([EXEC]);
  });
});
