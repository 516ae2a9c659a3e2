import { describe, expect, it } from 'vitest';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import type { ShellFinding } from '../../src/shell/catalog/shellAnalysis';
import { DEPS, EXEC, findingsOf, GIT, NET, SUDO, SYS } from './support';

interface EvidenceCase {
  readonly name: string;
  readonly command: string;
  readonly category: RiskCategory;
  readonly expected: Omit<ShellFinding, 'category'>;
}

describe('finding evidence', () => {
  it.each<EvidenceCase>([
    {
      name: 'names the wrapped command and target user of sudo -u',
      command: 'sudo -u bob git push origin main',
      category: SUDO,
      expected: {
        trigger: 'sudo',
        command: 'sudo -u bob git push origin main',
        note: 'elevated privileges',
        details: ['git push origin main', 'bob', ''],
      },
    },
    {
      name: 'defaults the sudo target user to root',
      command: 'sudo -E -- apt update',
      category: SUDO,
      expected: {
        trigger: 'sudo',
        command: 'sudo -E -- apt update',
        note: 'elevated privileges',
        details: ['apt update', 'root', ''],
      },
    },
    {
      name: 'names the su user and its script',
      command: "su - deploy -c 'systemctl restart app'",
      category: SUDO,
      expected: {
        trigger: 'su',
        command: 'su - deploy -c systemctl restart app',
        note: 'elevated privileges',
        details: ['systemctl restart app', 'deploy', ''],
      },
    },
    {
      name: 'names the remote and refspec of git push',
      command: 'git push -u origin feature/x',
      category: GIT,
      expected: {
        trigger: 'git push',
        command: 'git push -u origin feature/x',
        note: 'git push',
        details: ['git push', 'feature/x', 'origin'],
      },
    },
    {
      name: 'names the tag of git tag',
      command: 'git tag -a v1.2.0 -m "release"',
      category: GIT,
      expected: {
        trigger: 'git tag',
        command: 'git tag -a v1.2.0 -m release',
        note: 'git tag',
        details: ['git tag', 'v1.2.0', ''],
      },
    },
    {
      name: 'names the release tag of gh release create',
      command: 'gh release create v2.0 --notes x',
      category: GIT,
      expected: {
        trigger: 'gh release create',
        command: 'gh release create v2.0 --notes x',
        note: 'GitHub release or pull request',
        details: ['gh release create', 'v2.0', ''],
      },
    },
    {
      name: 'lists the packages of an install, comma-joined',
      command: 'npm install --save-dev vitest typescript',
      category: DEPS,
      expected: {
        trigger: 'npm install',
        command: 'npm install --save-dev vitest typescript',
        note: 'package install',
        details: ['npm install', 'vitest,typescript', ''],
      },
    },
    {
      name: 'names the requirements file of pip install -r',
      command: 'pip install -r requirements.txt',
      category: DEPS,
      expected: {
        trigger: 'pip install',
        command: 'pip install -r requirements.txt',
        note: 'package install',
        details: ['pip install', '', 'requirements.txt'],
      },
    },
    {
      name: 'names only the fetched package of npx',
      command: 'npx -y create-vite my-app',
      category: DEPS,
      expected: {
        trigger: 'npx',
        command: 'npx -y create-vite my-app',
        note: 'fetches and runs a package',
        details: ['npx', 'create-vite', ''],
      },
    },
    {
      name: 'names the manifest written by a redirect',
      command: 'echo x >> package.json',
      category: DEPS,
      expected: {
        trigger: 'package.json',
        command: 'echo x',
        note: 'write of a dependency file',
        details: ['echo', '', 'package.json'],
      },
    },
    {
      name: 'names the service and level of systemctl',
      command: 'systemctl --now enable nginx',
      category: SYS,
      expected: {
        trigger: 'systemctl',
        command: 'systemctl --now enable nginx',
        note: 'service control',
        details: ['systemctl enable', 'nginx', 'service'],
      },
    },
    {
      name: 'names the disk of mkfs',
      command: 'mkfs.ext4 /dev/sdb1',
      category: SYS,
      expected: {
        trigger: 'mkfs.ext4',
        command: 'mkfs.ext4 /dev/sdb1',
        note: 'filesystem creation',
        details: ['mkfs.ext4', '/dev/sdb1', 'disk'],
      },
    },
    {
      name: 'names the device written by dd',
      command: 'dd if=x.img of=/dev/sdb bs=4M',
      category: SYS,
      expected: {
        trigger: 'dd',
        command: 'dd if=x.img of=/dev/sdb bs=4M',
        note: 'raw write to a device',
        details: ['dd', '/dev/sdb', 'disk'],
      },
    },
    {
      name: 'names the URL, method and upload purpose of a curl POST',
      command: 'curl -X POST -d @body.json https://api.io/v1/items',
      category: NET,
      expected: {
        trigger: 'curl',
        command: 'curl -X POST -d @body.json https://api.io/v1/items',
        note: 'HTTP request',
        details: ['https://api.io/v1/items', 'curl POST', 'upload'],
      },
    },
    {
      name: 'names the host of ssh',
      command: 'ssh -p 2222 deploy@prod.example uptime',
      category: NET,
      expected: {
        trigger: 'ssh',
        command: 'ssh -p 2222 deploy@prod.example uptime',
        note: 'remote shell',
        details: ['prod.example', 'ssh', 'remote shell'],
      },
    },
    {
      name: 'names the clone URL of git clone',
      command: 'git clone --depth 1 https://github.com/o/r.git',
      category: NET,
      expected: {
        trigger: 'git clone',
        command: 'git clone --depth 1 https://github.com/o/r.git',
        note: 'git fetch',
        details: ['https://github.com/o/r.git', 'git clone', 'fetch'],
      },
    },
    {
      name: 'names a URL argument of another command',
      command: 'python fetch.py --url=https://api.io/x',
      category: NET,
      expected: {
        trigger: 'https://api.io/x',
        command: 'python fetch.py --url=https://api.io/x',
        note: 'URL argument',
        details: ['https://api.io/x', 'python', 'request'],
      },
    },
  ])('$name', ({ command, category, expected }) => {
    expect(findingsOf(analyzeShell(command), category)).toEqual([{ category, ...expected }]);
  });
});

describe('the EXEC_ARBITRARY finding', () => {
  it.each([
    {
      name: 'names the first command and the rules that matched',
      command: 'npm ci && git push',
      expected: {
        trigger: 'npm',
        command: 'npm ci',
        note: 'any non-empty command',
        details: ['npm ci && git push', '', 'package install; git push'],
      },
    },
    {
      name: 'says what runs when no rule matched',
      command: '  ls -la  ',
      expected: { trigger: 'ls', command: 'ls -la', note: 'any non-empty command', details: ['ls -la', '', 'runs ls'] },
    },
    {
      name: 'notes files whose content is not analysed',
      command: './deploy.sh && make release',
      expected: {
        trigger: 'deploy.sh',
        command: './deploy.sh',
        note: 'any non-empty command; not analysed: ./deploy.sh, make release',
        details: ['./deploy.sh && make release', '', 'runs deploy.sh'],
      },
    },
    {
      name: 'uses the text when no command runs',
      command: 'FOO=bar',
      expected: {
        trigger: 'FOO=bar',
        command: 'FOO=bar',
        note: 'any non-empty command',
        details: ['FOO=bar', '', 'runs FOO=bar'],
      },
    },
  ])('$name', ({ command, expected }) => {
    expect(findingsOf(analyzeShell(command), EXEC)).toEqual([{ category: EXEC, ...expected }]);
  });

  it('trims the command text to 200 characters', () => {
    const finding = findingsOf(analyzeShell(`echo ${'x'.repeat(500)}`), EXEC)[0];
    expect(finding?.details[0]).toHaveLength(200);
    expect(finding?.details[0].endsWith('\u2026')).toBe(true);
  });

  it('comes first and only once', () => {
    const analysis = analyzeShell('sudo ls; curl https://x.io; echo hi');
    expect(analysis.findings[0]?.category).toBe(EXEC);
    expect(findingsOf(analysis, EXEC)).toHaveLength(1);
  });
});

describe('empty commands', () => {
  it.each([
    { name: 'raises nothing for an empty string', command: '' },
    { name: 'raises nothing for spaces', command: '   ' },
    { name: 'raises nothing for tabs and newlines', command: '\t\n \n' },
  ])('$name', ({ command }) => {
    expect(analyzeShell(command)).toEqual({
      findings: [],
      commands: [],
      pathOperands: [],
      scriptRuns: [],
      unknowable: undefined,
    });
  });
});
