import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize } from '../../../src/index';
import { analyzeShell } from '../../../src/shell/analyzeShell';
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
  sorted,
  SUDO,
  SYS,
} from '../support';

describe('wrappers that run the command after their own options', () => {
  it.each<CommandsCase>([
    {
      name: 'sees through taskset -c LIST',
      command: 'taskset -c 0 git push --force origin main',
      commands: [
        ['taskset', '-c', '0', 'git', 'push', '--force', 'origin', 'main'],
        ['git', 'push', '--force', 'origin', 'main'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through taskset MASK',
      command: 'taskset 0x3 sudo id',
      commands: [['taskset', '0x3', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'treats taskset -p as a lookup',
      command: 'taskset -p 0x3 1234',
      commands: [['taskset', '-p', '0x3', '1234']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through chrt PRIORITY',
      command: 'chrt -f 99 sudo id',
      commands: [['chrt', '-f', '99', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'treats chrt -p as a lookup',
      command: 'chrt -p 1234',
      commands: [['chrt', '-p', '1234']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through numactl options',
      command: 'numactl --interleave=all -N 0 git push',
      commands: [
        ['numactl', '--interleave=all', '-N', '0', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'treats numactl --show as a lookup',
      command: 'numactl --show',
      commands: [['numactl', '--show']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through fakeroot',
      command: 'fakeroot -- npm publish',
      commands: [
        ['fakeroot', '--', 'npm', 'publish'],
        ['npm', 'publish'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through eatmydata',
      command: 'eatmydata npm install',
      commands: [
        ['eatmydata', 'npm', 'install'],
        ['npm', 'install'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'sees through setpriv options',
      command: 'setpriv --reuid=1000 --init-groups --no-new-privs sudo id',
      commands: [['setpriv', '--reuid=1000', '--init-groups', '--no-new-privs', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through setarch ARCH and its options',
      command: 'setarch x86_64 -R git push',
      commands: [
        ['setarch', 'x86_64', '-R', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through linux32',
      command: 'linux32 sudo id',
      commands: [['linux32', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through prlimit resource options',
      command: 'prlimit --nofile=1024 -n512 curl https://x.io',
      commands: [
        ['prlimit', '--nofile=1024', '-n512', 'curl', 'https://x.io'],
        ['curl', 'https://x.io'],
      ],
      categories: [NET, EXEC],
    },
    {
      name: 'treats prlimit --pid as a lookup',
      command: 'prlimit --pid 1 --nofile=1024',
      commands: [['prlimit', '--pid', '1', '--nofile=1024']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through faketime TIMESTAMP',
      command: "faketime '2020-01-01 00:00:00' sudo id",
      commands: [['faketime', '2020-01-01 00:00:00', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through chpst options',
      command: 'chpst -u nobody -n 5 git push',
      commands: [
        ['chpst', '-u', 'nobody', '-n', '5', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through unshare',
      command: 'unshare -r -n --mount-proc sudo id',
      commands: [['unshare', '-r', '-n', '--mount-proc', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through nsenter -t PID',
      command: 'nsenter -t 1 -m -u -n git push',
      commands: [
        ['nsenter', '-t', '1', '-m', '-u', '-n', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'runs capsh -- ARGS as bash ARGS',
      command: "capsh --drop=cap_net_raw -- -c 'sudo id'",
      commands: [
        ['capsh', '--drop=cap_net_raw', '--', '-c', 'sudo id'],
        ['bash', '-c', 'sudo id'],
        ['sudo', 'id'],
        ['id'],
      ],
      categories: [SUDO, EXEC],
    },
    {
      name: 'runs nothing for capsh --print',
      command: 'capsh --print',
      commands: [['capsh', '--print']],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses script -c',
      command: "script -q -c 'sudo id' /dev/null",
      commands: [['script', '-q', '-c', 'sudo id', '/dev/null'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'runs the command of BSD script FILE CMD',
      command: 'script -q /dev/null git push',
      commands: [
        ['script', '-q', '/dev/null', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses sg GROUP -c',
      command: "sg docker -c 'sudo id'",
      commands: [['sg', 'docker', '-c', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses sg GROUP COMMAND as a script',
      command: "sg docker 'git push'",
      commands: [
        ['sg', 'docker', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'sees through gdb --args',
      command: 'gdb -batch -ex run -ex bt --args sudo id',
      commands: [['gdb', '-batch', '-ex', 'run', '-ex', 'bt', '--args', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'reads the gdb program operand as run',
      command: 'gdb -q ./prog',
      commands: [['gdb', '-q', './prog'], ['./prog']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through perf record',
      command: 'perf record -g -o perf.data sudo id',
      commands: [['perf', 'record', '-g', '-o', 'perf.data', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through perf stat -e',
      command: 'perf stat -e cycles git push',
      commands: [
        ['perf', 'stat', '-e', 'cycles', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'runs nothing for perf report',
      command: 'perf report -i perf.data',
      commands: [['perf', 'report', '-i', 'perf.data']],
      categories: ONLY_EXEC,
    },
    {
      name: 'sees through systemd-run --user',
      command: 'systemd-run --user --unit x git push',
      commands: [
        ['systemd-run', '--user', '--unit', 'x', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads systemd-run of the system manager as elevated',
      command: 'systemd-run -p MemoryMax=1G curl https://x.io',
      commands: [
        ['systemd-run', '-p', 'MemoryMax=1G', 'curl', 'https://x.io'],
        ['curl', 'https://x.io'],
      ],
      categories: [SUDO, NET, EXEC],
    },
  ])('$name', expectCommands);

  it('sees the delete outside the workspace through fakeroot', () => {
    const sandbox = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'wrap-'));
    mkdirSync(path.join(sandbox, 'project'));
    expect(
      categorize('shell', { command: 'fakeroot rm -rf ~' }, { sandboxRoot: sandbox, homeDir: '/home/dev' }).categories,
    ).toEqual(['FS_DELETE_OVERWRITE', 'FS_OUTSIDE_WORKSPACE', 'EXEC_ARBITRARY']);
  });
});

describe('terminal multiplexers and job runners', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses the command of tmux new',
      command: "tmux new -d 'sudo id'",
      commands: [['tmux', 'new', '-d', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the command of tmux new-session with options',
      command: "tmux new-session -d -s work -c /tmp 'git push'",
      commands: [
        ['tmux', 'new-session', '-d', '-s', 'work', '-c', '/tmp', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses tmux split-window and run-shell',
      command: "tmux split-window -h 'curl https://x.io' \\; run-shell 'sudo id'",
      commands: [
        ['tmux', 'split-window', '-h', 'curl https://x.io', ';', 'run-shell', 'sudo id'],
        ['curl', 'https://x.io'],
        ['sudo', 'id'],
        ['id'],
      ],
      categories: [SUDO, NET, EXEC],
    },
    {
      name: 'analyses text typed by tmux send-keys',
      command: "tmux send-keys -t work 'sudo id' Enter",
      commands: [['tmux', 'send-keys', '-t', 'work', 'sudo id', 'Enter'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    { name: 'runs nothing for tmux ls', command: 'tmux ls', commands: [['tmux', 'ls']], categories: ONLY_EXEC },
    {
      name: 'sees through screen -dmS',
      command: 'screen -dmS work sudo id',
      commands: [['screen', '-dmS', 'work', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'runs nothing for screen -ls',
      command: 'screen -ls',
      commands: [['screen', '-ls']],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses a parallel command with ::: arguments',
      command: "parallel 'sudo {}' ::: id",
      commands: [['parallel', 'sudo {}', ':::', 'id'], ['sudo', "'id'"], ["'id'"]],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses parallel arguments run as commands',
      command: "parallel ::: 'git push' ls",
      commands: [['parallel', ':::', 'git push', 'ls'], ['git', 'push'], ['ls']],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses a script read by at from a here-string',
      command: "at now <<< 'sudo id'",
      commands: [['at', 'now'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses echo text piped into at',
      command: "echo 'sudo ls' | at now",
      commands: [['echo', 'sudo ls'], ['at', 'now'], ['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses a heredoc fed to batch',
      command: 'batch <<EOF\ngit push\nEOF',
      commands: [['batch'], ['git', 'push']],
      categories: [GIT, NET, EXEC],
    },
    { name: 'runs nothing for at -l', command: 'at -l', commands: [['at', '-l']], categories: ONLY_EXEC },
  ])('$name', expectCommands);

  it.each<FailCase>([
    { name: 'fails closed on expect -c code', command: "expect -c 'spawn sudo id; interact'", reason: 'expect' },
    { name: 'fails closed on an expect script', command: 'expect deploy.exp', reason: 'expect' },
    {
      name: 'fails closed on keys typed by screen -X stuff',
      command: "screen -S work -X stuff 'sudo id\\n'",
      reason: 'screen -X',
    },
    { name: 'fails closed on parallel reading arguments from stdin', command: 'ls | parallel rm', reason: 'parallel' },
    {
      name: 'fails closed on parallel reading arguments from a file',
      command: 'parallel rm :::: list.txt',
      reason: 'parallel',
    },
    {
      name: 'fails closed on parallel with a command built at run time',
      command: 'parallel "$cmd" ::: a',
      reason: 'parallel',
    },
    { name: 'fails closed on gdb -ex shell', command: "gdb -ex 'shell sudo id' ./prog", reason: 'gdb' },
    { name: 'fails closed on a gdb command file', command: 'gdb -x cmds.gdb ./prog', reason: 'gdb' },
    { name: 'fails closed on at reading the agent stdin', command: 'at now', reason: 'stdin' },
    { name: 'fails closed on command output piped into at', command: 'cat job | at now', reason: 'piped into' },
    { name: 'fails closed on unshare without a command reading stdin', command: 'unshare -r', reason: 'stdin' },
    { name: 'fails closed on a tmux config file', command: 'tmux source-file x.conf', reason: 'tmux' },
  ])('$name', expectFailClosed);
});

describe('runners, multiplexers and parallel beyond the plain forms', () => {
  it.each<CommandsCase>([
    {
      name: 'reads the release tool npx runs in its own right',
      command: 'npx changeset publish',
      commands: [
        ['npx', 'changeset', 'publish'],
        ['changeset', 'publish'],
      ],
      categories: [DEPS, GIT, NET, EXEC],
    },
    {
      name: 'analyses the release tool after npm exec --',
      command: 'npm exec -- changeset publish',
      commands: [
        ['npm', 'exec', '--', 'changeset', 'publish'],
        ['changeset', 'publish'],
      ],
      categories: [DEPS, GIT, NET, EXEC],
    },
    {
      name: 'analyses the shell line of pnpm dlx -c',
      command: "pnpm dlx -c 'git push'",
      commands: [
        ['pnpm', 'dlx', '-c', 'git push'],
        ['git', 'push'],
      ],
      categories: [DEPS, GIT, NET, EXEC],
    },
    {
      name: 'reads a versioned uvx tool by its name',
      command: 'uvx ruff@0.4 check',
      commands: [
        ['uvx', 'ruff@0.4', 'check'],
        ['ruff', 'check'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'runs the program a parallel argument names',
      command: 'parallel {} id ::: sudo',
      commands: [['parallel', '{}', 'id', ':::', 'sudo'], ["'sudo'", 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses a parallel template that is a pipeline as a script',
      command: "parallel 'echo {} | sh' ::: 'sudo id'",
      commands: [['parallel', 'echo {} | sh', ':::', 'sudo id'], ['echo', 'sudo id'], ['sh'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'runs each combination of several parallel argument lists',
      command: 'parallel echo {1} {2} ::: a b ::: c',
      commands: [
        ['parallel', 'echo', '{1}', '{2}', ':::', 'a', 'b', ':::', 'c'],
        ['echo', "'a'", "'c'"],
        ['echo', "'b'", "'c'"],
      ],
      categories: ONLY_EXEC,
    },
    {
      name: 'runs nothing for tmux kill-session',
      command: 'tmux kill-session -t work',
      commands: [['tmux', 'kill-session', '-t', 'work']],
      categories: ONLY_EXEC,
    },
    {
      name: 'reads each tmux command after \\;',
      command: "tmux send-keys -t w 'git push' C-m \\; kill-session -t w",
      commands: [
        ['tmux', 'send-keys', '-t', 'w', 'git push', 'C-m', ';', 'kill-session', '-t', 'w'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'runs nothing for screen -X quit',
      command: 'screen -S work -X quit',
      commands: [['screen', '-S', 'work', '-X', 'quit']],
      categories: ONLY_EXEC,
    },
    {
      name: 'runs nothing for screen -r SESSION',
      command: 'screen -r work',
      commands: [['screen', '-r', 'work']],
      categories: ONLY_EXEC,
    },
    {
      name: 'notes the script file of at -f',
      command: 'at -f job.sh now',
      commands: [['at', '-f', 'job.sh', 'now']],
      categories: ONLY_EXEC,
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    {
      name: 'fails closed on tmux send-keys recalling history',
      command: 'tmux send-keys Up Enter',
      reason: 'tmux send-keys',
    },
    {
      name: 'fails closed on a tmux option that holds a command',
      command: "tmux set -g default-command 'sudo id'",
      reason: 'tmux set',
    },
    {
      name: 'fails closed on a tmux format running a shell command',
      command: "tmux display -p '#(sudo id)'",
      reason: '#(',
    },
    { name: 'fails closed on tmux control mode reading stdin', command: 'tmux -C new', reason: 'stdin' },
    {
      name: 'fails closed on a tmux argument built at run time before another',
      command: 'tmux new -s "$s" ls',
      reason: 'tmux',
    },
    {
      name: 'fails closed on package runners nested too deep',
      command: `${'npx '.repeat(20)}ls`,
      reason: 'nested deeper',
    },
  ])('$name', expectFailClosed);

  it('sees a path given to parallel as the argument the program gets', () => {
    const sandbox = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'wrap-'));
    mkdirSync(path.join(sandbox, 'project'));
    expect(
      categorize('shell', { command: 'parallel rm -rf ::: /etc' }, { sandboxRoot: sandbox, homeDir: '/home/dev' })
        .categories,
    ).toEqual(['FS_DELETE_OVERWRITE', 'FS_OUTSIDE_WORKSPACE', 'SYSTEM_IMPACT', 'EXEC_ARBITRARY']);
  });
});

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

// Each of these wrappers' options are data in its spec (envSpecs.ts, programWrapperSpecs.ts,
// tmuxSpec.ts, screenSpec.ts, devRunnerSpecs.ts, jobRunnerSpecs.ts); the readers keep only what
// data cannot say, and read the catalog's reading of the rest.
describe('wrappers read with the option tables of their specs', () => {
  it.each<CommandsCase>([
    {
      name: 'reads a cluster of env options, -u taking the next word',
      command: 'env -iu HOME sudo id',
      commands: [['env', '-iu', 'HOME', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: "gives the words after env -S's string to the command it splits out",
      command: "env -S 'sudo' -u bob id",
      commands: [['env', '-S', 'sudo', '-u', 'bob', 'id'], ['sudo', '-u', 'bob', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'reads the path env -P searches as its value, not as the command',
      command: 'env -P /usr/bin sudo id',
      commands: [['env', '-P', '/usr/bin', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'runs the command of cross-env-shell through a shell',
      command: "cross-env-shell NODE_ENV=test 'sudo id && git push'",
      commands: [['cross-env-shell', 'NODE_ENV=test', 'sudo id && git push'], ['sudo', 'id'], ['id'], ['git', 'push']],
      categories: [SUDO, GIT, NET, EXEC],
    },
    {
      name: 'runs the shell commands of perf stat --pre and --post',
      command: "perf stat --pre 'sudo id' -e cycles true",
      commands: [['perf', 'stat', '--pre', 'sudo id', '-e', 'cycles', 'true'], ['sudo', 'id'], ['id'], ['true']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'sees through perf options given before record',
      command: 'perf --no-pager record -F 99 -g -- git push',
      commands: [
        ['perf', '--no-pager', 'record', '-F', '99', '-g', '--', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'resolves a tmux command given by a unique prefix of its name',
      command: "tmux split-w -h 'sudo id'",
      commands: [['tmux', 'split-w', '-h', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: "reads concurrently's options wherever they are",
      command: "concurrently 'git push' -k 'npm:dev'",
      commands: [
        ['concurrently', 'git push', '-k', 'npm:dev'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'runs the program screen -m starts even when -d detaches it',
      command: 'screen -d -m -S work git push',
      commands: [
        ['screen', '-d', '-m', '-S', 'work', 'git', 'push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads a gdb -ex command attached with =',
      command: 'gdb -batch -ex=bt --args ./prog',
      commands: [['gdb', '-batch', '-ex=bt', '--args', './prog'], ['./prog']],
      categories: ONLY_EXEC,
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    {
      name: 'fails closed on an env option that is not known',
      command: 'env --frobnicate sudo id',
      reason: 'env option',
    },
    { name: 'fails closed on a gdb option that is not known', command: 'gdb --frob ./prog', reason: 'gdb option' },
    {
      name: 'fails closed on a gdb command attached with =',
      command: "gdb --eval-command='shell id' ./prog",
      reason: 'gdb runs a command',
    },
    { name: 'fails closed on perf script -s', command: 'perf script -s x.py', reason: 'perf script' },
    {
      name: 'fails closed on a perf record option that is not known',
      command: 'perf record --frob sudo id',
      reason: 'perf record option',
    },
    { name: 'fails closed on an xargs option that is not known', command: 'xargs --frob rm', reason: 'xargs option' },
    { name: 'fails closed on a global tmux option that is not known', command: "tmux -Z new 'id'", reason: '-Z' },
    {
      name: 'fails closed on a tmux command its spec does not describe',
      command: "tmux if-shell true 'kill-server'",
      reason: 'tmux if-shell',
    },
    { name: 'fails closed on a bwrap --args descriptor', command: 'bwrap --args 3 id', reason: 'bwrap option --args' },
  ])('$name', expectFailClosed);
});
