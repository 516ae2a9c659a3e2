import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPublicCorpus } from '../corpus/publicCorpus';
import {
  categorize,
  IntentGateError,
  InvalidOptionsError,
  RISK_CATEGORIES,
  ToolArgumentsError,
  UnknownToolError,
  type RiskCategory,
} from '../../src/index';

// seed 002's layout: a sandbox folder whose project/ child is the workspace
const sandbox = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'sandbox-'));
const project = path.join(sandbox, 'project');
mkdirSync(path.join(project, 'src'), { recursive: true });
mkdirSync(path.join(sandbox, 'outside'));
writeFileSync(path.join(project, 'src', 'a.ts'), 'export {};\n');
symlinkSync(path.join(sandbox, 'outside'), path.join(project, 'link'));
const options = { sandboxRoot: sandbox, homeDir: '/home/dev' };

interface Case {
  readonly name: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
}

const shell = (name: string, command: string): Case => ({ name, tool: 'shell', args: { command } });

/** For each category: calls that raise it, and look-alikes that must not. */
const TABLE: Record<RiskCategory, { positive: Case[]; negative: Case[] }> = {
  FS_DELETE_OVERWRITE: {
    positive: [
      { name: 'workspace_write of a file', tool: 'workspace_write', args: { path: 'src/a.ts', content: 'x' } },
      { name: 'workspace_patch without dry_run', tool: 'workspace_patch', args: { path: 'src/a.ts', patch: '@@' } },
      {
        name: "workspace_patch with dry_run 'true' as text",
        tool: 'workspace_patch',
        args: { path: 'src/a.ts', dry_run: 'true' },
      },
      { name: 'fs write under project/', tool: 'fs', args: { op: 'write', path: 'project/src/a.ts' } },
      { name: 'fs delete', tool: 'fs', args: { op: 'delete', path: 'project/src/a.ts' } },
      { name: 'delete_file', tool: 'delete_file', args: { path: 'src/a.ts' } },
      shell('rm -rf of a folder', 'rm -rf build'),
      shell('an overwriting redirection', 'echo x > out.txt'),
      shell('git stash drop', 'git stash drop'),
      shell('git stash clear', 'git stash clear'),
      shell('git branch -D', 'git branch -D feature/x'),
      shell('git reset --hard', 'git reset --hard HEAD~1'),
      shell('git clean -fd', 'git clean -fd'),
      shell('git checkout -- .', 'git checkout -- .'),
      shell('git restore .', 'git restore .'),
      shell('a glob delete inside', 'rm -f *.o'),
    ],
    negative: [
      { name: 'workspace_patch with dry_run true', tool: 'workspace_patch', args: { path: 'src/a.ts', dry_run: true } },
      { name: 'fs read', tool: 'fs', args: { op: 'read', path: 'project/src/a.ts' } },
      { name: 'read_file', tool: 'read_file', args: { path: 'src/a.ts' } },
      shell('rm as data', 'echo rm -rf build'),
      shell('an appending redirection', 'echo x >> log.txt'),
      shell('a read', 'cat src/a.ts'),
      shell('wget -O- to stdout', 'wget -O- https://example.com'),
      shell('wget -O - to stdout', 'wget -O - https://example.com'),
      shell('curl -o - to stdout', 'curl -o - https://example.com'),
      shell('git stash list', 'git stash list'),
      shell('git branch -d (refuses unmerged work)', 'git branch -d feature/x'),
      shell('git tag -d', 'git tag -d v1'),
    ],
  },
  FS_OUTSIDE_WORKSPACE: {
    positive: [
      { name: 'fs path outside project/', tool: 'fs', args: { op: 'read', path: 'etc/passwd' } },
      { name: 'fs path in a sibling that shares the prefix', tool: 'fs', args: { op: 'read', path: 'project-evil/x' } },
      { name: 'workspace_write with ../', tool: 'workspace_write', args: { path: '../x.txt', content: '' } },
      {
        name: 'workspace_write with an absolute path',
        tool: 'workspace_write',
        args: { path: '/etc/hosts', content: '' },
      },
      { name: 'a percent-encoded traversal', tool: 'read_file', args: { path: '%2e%2e%2fsecrets.txt' } },
      {
        name: 'a write through a symlink that leaves the workspace',
        tool: 'workspace_write',
        args: { path: 'link/x.txt', content: '' },
      },
      { name: 'a home path', tool: 'read_file', args: { path: '~/.bashrc' } },
      shell('a shell read of /etc', 'cat /etc/passwd'),
      shell('grep -r over ~/.ssh', 'grep -r BEGIN ~/.ssh'),
      shell('grep -r over /etc', 'grep -r x /etc'),
      shell('a glob that climbs out', 'rm -rf ../*'),
      shell('a glob under /etc', 'cat /etc/*'),
      shell('git config --global', 'git config --global user.name dev'),
      shell('git config --system', 'git config --system core.editor vim'),
      shell('chmod -R on /', 'chmod -R 777 /'),
    ],
    negative: [
      { name: 'fs path under project/', tool: 'fs', args: { op: 'read', path: 'project/src/a.ts' } },
      { name: 'a .. that comes back inside', tool: 'workspace_write', args: { path: 'src/../a.ts', content: '' } },
      { name: 'a ./ path', tool: 'read_file', args: { path: './src/a.ts' } },
      {
        name: 'a file named like the sibling',
        tool: 'workspace_write',
        args: { path: 'project-evil.txt', content: '' },
      },
      shell('a shell read inside', 'cat src/a.ts'),
      shell('ls of a glob', 'ls *.ts'),
      shell('cat of a glob in a folder', 'cat src/*.ts'),
      shell('rm -f of a glob', 'rm -f *.o'),
      shell('twine upload of a glob', 'twine upload dist/*'),
      shell('a brace list of project files', 'cat src/{a,b}.ts'),
      shell('a gh api endpoint', 'gh api -X POST /repos/o/r/releases -f tag_name=v1'),
      shell('git config without a scope', 'git config user.name dev'),
    ],
  },
  FS_CONFIG_SECRETS: {
    positive: [
      { name: 'writing .env', tool: 'workspace_write', args: { path: '.env', content: '' } },
      { name: 'writing config/.env.local', tool: 'workspace_write', args: { path: 'config/.env.local', content: '' } },
      { name: 'fs write of a .pem', tool: 'fs', args: { op: 'write', path: 'project/certs/server.pem' } },
      { name: 'patching a settings file', tool: 'workspace_patch', args: { path: 'config/settings.yaml' } },
      { name: 'reading an ssh key', tool: 'read_file', args: { path: '.ssh/id_rsa' } },
      { name: 'a Russian word', tool: 'workspace_write', args: { path: 'docs/пароль.txt', content: '' } },
      shell('cat of .env', 'cat .env'),
      shell('grep -r over ~/.aws', 'grep -r AWS_SECRET ~/.aws'),
      shell('grep -r over .env', 'grep -r x .env'),
      shell('grep -T over an ssh key', 'grep -T x ~/.ssh/id_rsa'),
      shell('an append to a git hook', 'echo ./evil >> .git/hooks/pre-commit'),
      shell('git config --global', 'git config --global core.pager less'),
      { name: 'writing tsconfig.json', tool: 'workspace_write', args: { path: 'tsconfig.json', content: '{}' } },
      { name: 'writing .eslintrc.cjs', tool: 'workspace_write', args: { path: '.eslintrc.cjs', content: '' } },
      {
        name: 'writing a CI workflow',
        tool: 'workspace_write',
        args: { path: '.github/workflows/ci.yml', content: '' },
      },
      { name: 'writing src/key.ts', tool: 'workspace_write', args: { path: 'src/key.ts', content: '' } },
      { name: 'writing keys/prod.json', tool: 'workspace_write', args: { path: 'keys/prod.json', content: '' } },
      {
        name: 'writing a service account file',
        tool: 'workspace_write',
        args: { path: 'service-account.json', content: '' },
      },
      { name: 'reading id_rsa.pub', tool: 'read_file', args: { path: '.ssh/id_rsa.pub' } },
      { name: 'reading .aws/credentials', tool: 'read_file', args: { path: '.aws/credentials' } },
    ],
    negative: [
      { name: 'keyboard.ts', tool: 'workspace_write', args: { path: 'src/keyboard.ts', content: '' } },
      { name: 'tokenizer.ts', tool: 'workspace_write', args: { path: 'src/tokenizer.ts', content: '' } },
      { name: 'environment.ts', tool: 'workspace_write', args: { path: 'src/environment.ts', content: '' } },
      { name: 'secretary.md', tool: 'workspace_write', args: { path: 'docs/secretary.md', content: '' } },
      { name: 'reading plain configuration', tool: 'read_file', args: { path: 'config/settings.yaml' } },
      { name: 'docs/config.md', tool: 'workspace_write', args: { path: 'docs/config.md', content: '' } },
      { name: 'monkey.ts', tool: 'workspace_write', args: { path: 'src/monkey.ts', content: '' } },
      { name: 'keymap.ts', tool: 'workspace_write', args: { path: 'src/keymap.ts', content: '' } },
      shell('a glob of sources', 'cat src/*.ts'),
      shell('reading git config', 'git config --get user.email'),
    ],
  },
  DEPS_INSTALL_UPDATE: {
    positive: [
      shell('npm i', 'npm i lodash'),
      shell('pip with an option before install', 'pip --quiet install requests'),
      shell('python -m pip install', 'python -m pip install requests'),
      shell('poetry add', 'poetry add httpx'),
      shell('yarn add', 'yarn add react'),
      shell('deno add', 'deno add npm:zod'),
      { name: 'writing package.json', tool: 'workspace_write', args: { path: 'package.json', content: '{}' } },
    ],
    negative: [
      shell('npm test', 'npm test'),
      shell('deno run', 'deno run --allow-read main.ts'),
      shell('npm install as data', 'echo npm install'),
      shell('reading package.json', 'cat package.json'),
      shell('grep for install', 'grep install README.md'),
      { name: 'read_file of package.json', tool: 'read_file', args: { path: 'package.json' } },
    ],
  },
  GIT_PUBLISH: {
    positive: [
      shell('git push', 'git push'),
      shell('git -C dir push', 'git -C repo push origin main'),
      shell('git commit', 'git commit -m wip'),
      shell('git tag', 'git tag v1.0.0'),
      shell('npm publish', 'npm publish'),
      shell('release-it', 'release-it --ci'),
      shell('semantic-release', 'semantic-release'),
      shell('npx changeset publish', 'npx changeset publish'),
      shell('hub release create', 'hub release create -m v1 v1'),
      shell('python setup.py upload', 'python setup.py sdist upload'),
      shell('gh repo create', 'gh repo create o/r --public'),
      shell('gh pr merge', 'gh pr merge 3 --squash'),
      shell('glab release create', 'glab release create v1'),
      shell('gh api POST to releases', 'gh api -X POST /repos/o/r/releases -f tag_name=v1'),
    ],
    negative: [
      shell('git status', 'git status'),
      shell('git log', 'git log --oneline'),
      shell('git push as data', 'echo git push'),
      shell('grep publish', 'grep publish notes.md'),
      shell('git diff', 'git diff HEAD~1'),
      shell('git tag -d', 'git tag -d v1'),
      shell('git tag -l', 'git tag -l'),
      shell('changeset version', 'changeset version'),
      shell('gh api GET of releases', 'gh api repos/o/r/releases'),
    ],
  },
  SYSTEM_IMPACT: {
    positive: [
      shell('systemctl', 'systemctl restart nginx'),
      shell('service', 'service ssh stop'),
      shell('mount', 'mount /dev/sdb1 /mnt'),
      shell('shutdown', 'shutdown -h now'),
      shell('iptables', 'iptables -F'),
      shell('useradd', 'useradd bob'),
      shell('usermod -aG sudo', 'usermod -aG sudo bob'),
      shell('passwd', 'passwd bob'),
      shell('visudo', 'visudo'),
      shell('setcap', 'setcap cap_net_raw+ep ./ping'),
      shell('newgrp', 'newgrp docker'),
      shell('chpasswd', 'echo bob:x | chpasswd'),
      shell('groupadd', 'groupadd devs'),
      shell('chmod -R 777 /', 'chmod -R 777 /'),
      shell('chown -R root /', 'chown -R root /'),
      shell('chmod outside the workspace', 'chmod 600 ~/.ssh/id_rsa'),
      shell('an append to /etc/crontab', 'printf x >> /etc/crontab'),
      shell('a redirect over /etc/hosts', '> /etc/hosts'),
      shell('tee into apt sources', 'echo x | tee /etc/apt/sources.list'),
      shell('kubectl delete', 'kubectl delete pod web-1'),
      shell('terraform apply', 'terraform apply -auto-approve'),
    ],
    negative: [
      shell('systemctl as data', 'echo systemctl restart nginx'),
      shell('grep mount', 'grep mount log.txt'),
      shell('ls', 'ls -la'),
      shell('a commit message', 'git status && echo "reboot later"'),
      shell('a file named service', 'cat service.md'),
      shell('chmod +x inside', 'chmod +x src/a.ts'),
      shell('chown -R inside', 'chown -R me dist'),
      shell('a read of /etc', 'cat /etc/hosts'),
      shell('a write to /tmp', 'echo x > /tmp/out'),
      shell('id', 'id -Gn'),
      shell('kubectl get', 'kubectl get pods'),
    ],
  },
  SUDO: {
    positive: [
      shell('sudo', 'sudo ls'),
      shell('quoted sudo', 's""udo ls'),
      shell('path-qualified sudo', '/usr/bin/sudo ls'),
      shell('sudo through env', 'env sudo ls'),
      shell('sudo through xargs', 'echo x | xargs sudo rm'),
      shell('runuser', 'runuser -u bob -- id'),
    ],
    negative: [
      shell('sudo as data', 'echo "sudo is off"'),
      shell('grep sudo', 'grep sudo /etc/group'),
      shell('a commit message', 'git commit -m "sudo"'),
      shell('a file named sudoers', 'cat sudoers.md'),
      shell('pseudo', 'pseudo ls'),
      shell('useradd', 'useradd bob'),
      shell('a sudoers read', 'grep bob /etc/sudoers'),
    ],
  },
  NETWORK_RISK: {
    positive: [
      { name: 'the web tool', tool: 'web', args: { url: 'https://example.com' } },
      shell('curl', 'curl https://example.com'),
      shell('wget', 'wget example.com/file'),
      shell('git clone', 'git clone https://github.com/x/y'),
      shell('a URL given to a program', 'python fetch.py https://api.example.com'),
      shell('kubectl', 'kubectl get pods'),
      shell('terraform plan', 'terraform plan'),
      shell('aws s3 rm', 'aws s3 rm s3://bucket/key'),
      shell('aws s3 cp', 'aws s3 cp dist s3://bucket/ --recursive'),
      shell('gcloud', 'gcloud projects list'),
      shell('az', 'az group list'),
      shell('helm', 'helm upgrade web ./chart'),
      shell('docker run', 'docker run alpine'),
      shell('docker login', 'docker login'),
      shell('podman pull', 'podman pull alpine'),
      shell('ping', 'ping -c 1 example.com'),
      shell('dig', 'dig example.com'),
      shell('nslookup', 'nslookup example.com'),
      shell('host', 'host example.com'),
      shell('ssh-copy-id', 'ssh-copy-id bob@example.com'),
      shell('openssl s_client', 'openssl s_client -connect example.com:443'),
      shell('ftp', 'ftp example.com'),
      shell('telnet', 'telnet example.com 25'),
      shell('gh api', 'gh api repos/o/r'),
    ],
    negative: [
      shell('a URL as data', 'echo https://example.com'),
      shell('grep http', 'grep http README.md'),
      shell('cat of a file of URLs', 'cat urls.txt'),
      shell('terraform fmt', 'terraform fmt'),
      shell('docker ps', 'docker ps'),
      shell('openssl rand', 'openssl rand -hex 8'),
      shell('hostname', 'hostname'),
      { name: 'reading http.ts', tool: 'read_file', args: { path: 'src/http.ts' } },
      { name: 'writing https.ts', tool: 'workspace_write', args: { path: 'src/https.ts', content: '' } },
    ],
  },
  EXEC_ARBITRARY: {
    positive: [
      shell('ls', 'ls'),
      { name: 'execute_command', tool: 'execute_command', args: { command: 'npm test' } },
      { name: 'workspace_run', tool: 'workspace_run', args: { path: 'scripts/build.sh' } },
      shell('echo', 'echo hi'),
      shell('a subshell', '(true)'),
    ],
    negative: [
      { name: 'fs read under project/', tool: 'fs', args: { op: 'read', path: 'project/src/a.ts' } },
      { name: 'workspace_patch as a dry run', tool: 'workspace_patch', args: { path: 'src/a.ts', dry_run: true } },
      { name: 'read_file', tool: 'read_file', args: { path: 'src/a.ts' } },
      { name: 'workspace_write', tool: 'workspace_write', args: { path: 'src/a.ts', content: '' } },
      { name: 'the web tool', tool: 'web', args: { url: 'https://example.com' } },
    ],
  },
};

describe.each(RISK_CATEGORIES.map((category) => ({ category, ...TABLE[category] })))(
  '$category',
  ({ category, positive, negative }) => {
    it('has at least five cases each way', () => {
      expect(positive.length).toBeGreaterThanOrEqual(5);
      expect(negative.length).toBeGreaterThanOrEqual(5);
    });

    it.each(positive)('raises it for $name', ({ tool, args }) => {
      const result = categorize(tool, args, options);
      expect(result.categories).toContain(category);
      expect(result.evidence.filter((item) => item.category === category).length).toBeGreaterThan(0);
    });

    it.each(negative)('does not raise it for $name', ({ tool, args }) => {
      expect(categorize(tool, args, options).categories).not.toContain(category);
    });
  },
);

describe('categorize', () => {
  it('names the argument and the trigger in its evidence', () => {
    const result = categorize('workspace_write', { path: 'config/.env.local', content: '' }, options);
    expect(result.evidence).toContainEqual(
      expect.objectContaining({ category: 'FS_CONFIG_SECRETS', argument: 'path', trigger: '.env.local' }),
    );
    const shellResult = categorize('shell', { command: 'ls && sudo rm -rf /tmp/x' }, options);
    expect(shellResult.evidence).toContainEqual(
      expect.objectContaining({ category: 'SUDO', argument: 'command', trigger: 'sudo' }),
    );
  });

  it('returns categories in the seed order, each once', () => {
    const { categories } = categorize('shell', { command: 'sudo npm i -g x && sudo git push' }, options);
    expect(categories).toEqual(RISK_CATEGORIES.filter((category) => categories.includes(category)));
    expect(new Set(categories).size).toBe(categories.length);
  });

  it('lets hosts map their own tools to kinds', () => {
    const kinds = {
      run_shell_command: { kind: 'shell', command: 'command', cwd: 'dir_path' },
      write_file: { kind: 'file_write', path: 'file_path' },
    } as const;
    expect(
      categorize('run_shell_command', { command: 'sudo ls' }, { ...options, toolKinds: kinds }).categories,
    ).toContain('SUDO');
    expect(categorize('write_file', { file_path: '.env' }, { ...options, toolKinds: kinds }).categories).toContain(
      'FS_CONFIG_SECRETS',
    );
  });

  it('gives a tool with no effect no categories', () => {
    expect(categorize('ask_followup_question', { question: 'sudo?' }, options)).toEqual({
      categories: [],
      evidence: [],
    });
  });

  it.each([
    {
      name: 'an unknown tool',
      tool: 'run_shell_command',
      args: { command: 'ls' },
      error: UnknownToolError,
      code: 'unknown_tool',
    },
    {
      name: 'a case variant of a known tool',
      tool: 'Shell',
      args: { command: 'ls' },
      error: UnknownToolError,
      code: 'unknown_tool',
    },
    {
      name: 'a shell command that is not text',
      tool: 'shell',
      args: { command: ['sudo', 'ls'] },
      error: ToolArgumentsError,
      code: 'invalid_tool_arguments',
    },
    { name: 'a missing url', tool: 'web', args: {}, error: ToolArgumentsError, code: 'invalid_tool_arguments' },
    { name: 'an empty url', tool: 'web', args: { url: '' }, error: ToolArgumentsError, code: 'invalid_tool_arguments' },
    {
      name: 'an empty script path',
      tool: 'workspace_run',
      args: { path: '' },
      error: ToolArgumentsError,
      code: 'invalid_tool_arguments',
    },
    {
      name: 'an empty working folder',
      tool: 'shell',
      args: { command: 'ls', cwd: '' },
      error: ToolArgumentsError,
      code: 'invalid_tool_arguments',
    },
    {
      name: 'an empty fs path',
      tool: 'fs',
      args: { op: 'read', path: '' },
      error: ToolArgumentsError,
      code: 'invalid_tool_arguments',
    },
    {
      name: 'an empty patch target',
      tool: 'workspace_patch',
      args: { path: '' },
      error: ToolArgumentsError,
      code: 'invalid_tool_arguments',
    },
    {
      name: 'arguments that are not an object',
      tool: 'shell',
      args: 'ls' as unknown as Record<string, unknown>,
      error: ToolArgumentsError,
      code: 'invalid_tool_arguments',
    },
    {
      name: 'a file write that names no file',
      tool: 'write_to_file',
      args: { content: 'x' },
      error: ToolArgumentsError,
      code: 'invalid_tool_arguments',
    },
    {
      name: 'an fs path that is a number',
      tool: 'fs',
      args: { op: 'write', path: 7 },
      error: ToolArgumentsError,
      code: 'invalid_tool_arguments',
    },
  ])('throws a typed error for $name', ({ tool, args, error, code }) => {
    expect(() => categorize(tool, args, options)).toThrowError(error);
    try {
      categorize(tool, args, options);
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(IntentGateError);
      expect((thrown as IntentGateError).code).toBe(code);
    }
  });

  it('rejects bad options', () => {
    expect(() => categorize('shell', { command: 'ls' }, { sandboxRoot: '' })).toThrowError(InvalidOptionsError);
    expect(() =>
      categorize('shell', { command: 'ls' }, { toolKinds: { x: { kind: 'teleport' } } } as never),
    ).toThrowError(InvalidOptionsError);
  });
});

/** Every object and array reachable from `value`, itself included. */
function partsOf(value: unknown, into: Set<object> = new Set()): Set<object> {
  if (typeof value !== 'object' || value === null || into.has(value)) return into;
  into.add(value);
  for (const child of Object.values(value)) partsOf(child, into);
  return into;
}

describe('categorize results a host may change', () => {
  // what one result shares with another (a constant of the analysis) must be frozen: a host
  // writing into one answer would otherwise change the answers of later calls
  it('shares no unfrozen object or array between two results, over the public corpus and failing lines', () => {
    const commands = [
      ...loadPublicCorpus().map((line) => line.command),
      'eval "$X"',
      'echo $[1]',
      '$CMD',
      'x=$(cat a) && $x',
      'true',
    ];
    const owner = new Map<object, number>();
    const sharedUnfrozen = new Set<string>();
    commands.forEach((command, index) => {
      for (const part of partsOf(categorize('shell', { command }, options))) {
        const first = owner.get(part);
        if (first === undefined) owner.set(part, index);
        else if (first !== index && !Object.isFrozen(part)) sharedUnfrozen.add(JSON.stringify(part));
      }
    });
    expect([...sharedUnfrozen]).toEqual([]);
  });

  it('keeps a later answer whole when a host writes into an earlier one', () => {
    const first = categorize('shell', { command: 'eval "$X"' }, options);
    for (const part of partsOf(first)) {
      for (const key of Object.keys(part)) {
        try {
          (part as Record<string, unknown>)[key] = 'changed by the host';
        } catch {
          // frozen: nothing changes
        }
      }
    }
    expect(JSON.stringify(categorize('shell', { command: 'eval "$Y"' }, options))).not.toContain('changed by the host');
  });
});
