import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { type CommandsCase, DEPS, expectCommands, EXEC, GIT, NET, ONLY_EXEC, sorted, SUDO, SYS } from './support';

describe('inner scripts', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses the text of eval',
      command: 'eval "su""do id"',
      commands: [['eval', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'joins the words of eval',
      command: 'eval git push origin',
      commands: [
        ['eval', 'git', 'push', 'origin'],
        ['git', 'push', 'origin'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses the action of trap',
      command: "trap 'curl https://x.io' EXIT",
      commands: [
        ['trap', 'curl https://x.io', 'EXIT'],
        ['curl', 'https://x.io'],
      ],
      categories: [NET, EXEC],
    },
    {
      name: 'runs nothing for trap - and trap with one operand',
      command: 'trap - INT; trap INT',
      commands: [
        ['trap', '-', 'INT'],
        ['trap', 'INT'],
      ],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses an alias value',
      command: "alias ls='sudo ls'",
      commands: [['alias', 'ls=sudo ls'], ['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses a command named by an alias as bash expands it',
      command: 'alias g=git\ng push origin main',
      commands: [['alias', 'g=git'], ['git'], ['g', 'push', 'origin', 'main'], ['git', 'push', 'origin', 'main']],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'keeps the quoting of the words after an alias',
      command: "alias p='pip install'; p 'left pad'",
      commands: [
        ['alias', 'p=pip install'],
        ['pip', 'install'],
        ['p', 'left pad'],
        ['pip', 'install', 'left pad'],
      ],
      categories: [DEPS, NET, EXEC],
    },
    {
      name: 'does not expand an alias inside its own expansion',
      command: "alias ls='ls -F'; ls",
      commands: [['alias', 'ls=ls -F'], ['ls', '-F'], ['ls'], ['ls', '-F']],
      categories: ONLY_EXEC,
    },
    {
      name: 'does not expand an alias name that is only an argument',
      command: 'alias g=git; echo g push',
      commands: [['alias', 'g=git'], ['git'], ['echo', 'g', 'push']],
      categories: ONLY_EXEC,
    },
    {
      name: 'analyses GIT_SSH_COMMAND as a script',
      command: 'GIT_SSH_COMMAND="sudo id" git fetch',
      commands: [['sudo', 'id'], ['id'], ['git', 'fetch']],
      categories: [SUDO, NET, EXEC],
    },
    {
      name: 'analyses an exported code-bearing variable',
      command: "export GIT_PAGER='curl https://x.io'",
      commands: [
        ['export', 'GIT_PAGER=curl https://x.io'],
        ['curl', 'https://x.io'],
      ],
      categories: [NET, EXEC],
    },
    {
      name: 'analyses a git alias starting with !',
      command: "git -c alias.x='!sudo id' x",
      commands: [['git', '-c', 'alias.x=!sudo id', 'x'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'expands a plain git alias of the subcommand',
      command: 'git -c alias.p=push p origin',
      commands: [
        ['git', '-c', 'alias.p=push', 'p', 'origin'],
        ['git', 'push', 'origin'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses git -c core.fsmonitor',
      command: "git -c core.fsmonitor='sudo id' status",
      commands: [['git', '-c', 'core.fsmonitor=sudo id', 'status'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the remote command of ssh',
      command: "ssh host 'npm publish'",
      commands: [
        ['ssh', 'host', 'npm publish'],
        ['npm', 'publish'],
      ],
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'analyses an ssh ProxyCommand',
      command: 'ssh -o ProxyCommand="sudo nc %h %p" host',
      commands: [
        ['ssh', '-o', 'ProxyCommand=sudo nc %h %p', 'host'],
        ['sudo', 'nc', '%h', '%p'],
        ['nc', '%h', '%p'],
      ],
      categories: [SUDO, NET, EXEC],
    },
    {
      name: 'analyses npx -c',
      command: "npx -c 'git push'",
      commands: [
        ['npx', '-c', 'git push'],
        ['git', 'push'],
      ],
      categories: [DEPS, GIT, NET, EXEC],
    },
    {
      name: 'analyses rg --pre',
      command: 'rg --pre sudo needle',
      commands: [['rg', '--pre', 'sudo', 'needle'], ['sudo']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses a tar checkpoint action',
      command: "tar -cf x.tar d --checkpoint-action=exec='sudo id'",
      commands: [['tar', '-cf', 'x.tar', 'd', '--checkpoint-action=exec=sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses rsync -e',
      command: `rsync -e 'sh -c "sudo id"' a host:b`,
      commands: [['rsync', '-e', 'sh -c "sudo id"', 'a', 'host:b'], ['sh', '-c', 'sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, NET, EXEC],
    },
    {
      name: 'analyses the GNU sed e command',
      command: "sed '1e sudo id' notes.txt",
      commands: [['sed', '1e sudo id', 'notes.txt'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses awk system()',
      command: `awk 'BEGIN { system("sudo id") }'`,
      commands: [['awk', 'BEGIN { system("sudo id") }'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'treats a printed string in inline code as data',
      command: `node -e "console.log('sudo rm -rf /')"`,
      commands: [['node', '-e', "console.log('sudo rm -rf /')"]],
      categories: ONLY_EXEC,
    },
  ])('$name', expectCommands);
});

describe('scripts run from files', () => {
  it.each([
    { name: 'notes a script given to bash', command: 'bash script.sh', unanalysed: 'bash script.sh' },
    { name: 'notes a sourced file', command: 'source ./env.sh', unanalysed: 'source ./env.sh' },
    { name: 'notes a python program', command: 'python x.py --flag', unanalysed: 'python x.py' },
    { name: 'notes a python module', command: 'python -m pytest', unanalysed: 'python -m pytest' },
    { name: 'notes a path-named command', command: './run.sh', unanalysed: './run.sh' },
    { name: 'notes make targets', command: 'make test', unanalysed: 'make test' },
    { name: 'notes npm test', command: 'npm test', unanalysed: 'npm test' },
    { name: 'notes a yarn package script', command: 'yarn build', unanalysed: 'yarn build' },
    { name: 'notes a file redirected into a shell', command: 'sh < install.sh', unanalysed: 'sh < install.sh' },
  ])('$name', ({ command, unanalysed }) => {
    const analysis = analyzeShell(command);
    expect(sorted(analysis.findings.map((finding) => finding.category))).toEqual([EXEC]);
    expect(analysis.findings[0]?.note).toBe(`any non-empty command; not analysed: ${unanalysed}`);
  });
});
