import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize } from '../../src/index';
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
