import { describe, it } from 'vitest';
import {
  type CategoryCase,
  type CommandsCase,
  DEPS,
  expectCategories,
  expectCommands,
  expectFailClosed,
  EXEC,
  type FailCase,
  GIT,
  NET,
  ONLY_EXEC,
  SUDO,
  SYS,
} from '../support';

// Shells and their builtins (src/shell/programs/shells/: shellSpecs.ts, shellBuiltinSpecs.ts; the
// shells' reader, programs/shells/shellReader.ts, is shared with the interpreters and at): the script of -c, of
// a heredoc or of stdin is shell code, analysed as such.

describe('scripts given to a shell', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses the script of bash -c',
      command: "bash -c 'sudo id'",
      commands: [['bash', '-c', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses sh -c, zsh -c and dash -c',
      command: "sh -c 'a' && zsh -c 'b' && dash -c 'c'",
      commands: [['sh', '-c', 'a'], ['a'], ['zsh', '-c', 'b'], ['b'], ['dash', '-c', 'c'], ['c']],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses ksh -c and busybox sh -c',
      command: "ksh -c 'git push' ; busybox sh -c 'curl x.io'",
      commands: [
        ['ksh', '-c', 'git push'],
        ['git', 'push'],
        ['busybox', 'sh', '-c', 'curl x.io'],
        ['sh', '-c', 'curl x.io'],
        ['curl', 'x.io'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads -c inside an option cluster',
      command: "bash -lxc 'npm ci'",
      commands: [
        ['bash', '-lxc', 'npm ci'],
        ['npm', 'ci'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'skips -o and long options before -c',
      command: "bash --norc -o pipefail -c 'reboot'",
      commands: [['bash', '--norc', '-o', 'pipefail', '-c', 'reboot'], ['reboot']],
      categories: [SYS, EXEC],
    },
    {
      name: 'analyses bash -c nested in bash -c',
      command: `bash -c 'sh -c "sudo id"'`,
      commands: [['bash', '-c', 'sh -c "sudo id"'], ['sh', '-c', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses a heredoc fed to bash',
      command: 'bash <<EOF\ngit push\nEOF',
      commands: [['bash'], ['git', 'push']],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses a tab-stripped heredoc fed to sh',
      command: 'sh <<-EOF\n\tnpm i\n\tEOF',
      commands: [['sh'], ['npm', 'i']],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'unescapes an unquoted heredoc without expansions',
      command: 'bash <<EOF\necho \\$(sudo id)\nEOF',
      commands: [['bash'], ['echo', '$(sudo id)'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses a here-string fed to bash -s',
      command: "bash -s <<< 'sudo id'",
      commands: [['bash', '-s'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses literal echo text piped into sh',
      command: "echo 'rm -rf /tmp/x' | sh",
      commands: [['echo', 'rm -rf /tmp/x'], ['sh'], ['rm', '-rf', '/tmp/x']],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses printf text piped into sudo sh',
      command: "printf '%s\\n' 'reboot' | sudo sh",
      commands: [['printf', '%s\\n', 'reboot'], ['sudo', 'sh'], ['sh'], ['reboot']],
      categories: [SUDO, SYS, EXEC],
    },
  ])('$name', expectCommands);
});

// The shell's builtins whose words are data (shellBuiltinSpecs.ts): `echo sudo` runs no sudo.
describe('builtins whose words are data', () => {
  it.each<CategoryCase>([
    { name: 'treats a quoted sudo in echo as data', command: 'echo "sudo is off"', expected: ONLY_EXEC },
    { name: 'treats which sudo as a lookup', command: 'which sudo', expected: ONLY_EXEC },
    { name: 'treats echo git push as data', command: 'echo git push', expected: ONLY_EXEC },
    { name: 'treats echo of a URL as data', command: 'echo https://x.io', expected: ONLY_EXEC },
    { name: 'raises EXEC_ARBITRARY for true', command: 'true', expected: ONLY_EXEC },
  ])('$name', expectCategories);
});

// Each shell's options and operand roles are data (shellSpecs.ts): its options end at the first
// operand, the script file; -c makes that operand the script, -s leaves it an argument.
describe('shells read with the option tables of their specs', () => {
  it.each<CommandsCase>([
    {
      name: "analyses fish's -c script given as the option's value",
      command: "fish --command='sudo id'",
      commands: [['fish', '--command=sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'reads the script of -c after a lone - that ends the options',
      command: "bash -c - 'git push'",
      commands: [
        ['bash', '-c', '-', 'git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads the script from stdin under -s, whatever follows --',
      command: "bash -s -- -c 'ls' <<< 'sudo id'",
      commands: [['bash', '-s', '--', '-c', 'ls'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'takes the value of +o, so -c still gives the script',
      command: "bash +o pipefail -c 'sudo id'",
      commands: [['bash', '+o', 'pipefail', '-c', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'runs nothing for bash --version',
      command: "bash --version -c 'sudo id'",
      commands: [['bash', '--version', '-c', 'sudo id']],
      categories: ONLY_EXEC,
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    { name: 'fails closed on a bash option that is not known', command: "bash --frob -c 'id'", reason: 'bash option' },
    { name: 'fails closed on a zsh option that is not known', command: "zsh --frob -c 'id'", reason: 'zsh option' },
  ])('$name', expectFailClosed);
});
