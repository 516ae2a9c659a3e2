import { describe, expect, it } from 'vitest';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { analyzeShell } from '../../src/shell/analyzeShell';
import type { ShellFinding } from '../../src/shell/catalog/shellAnalysis';
import { GIT, NET, SYS } from './support';

interface EvidenceCase {
  readonly name: string;
  readonly command: string;
  readonly category: RiskCategory;
  /** each finding's `command` is the case's command unless given (a redirect is not part of it) */
  readonly expected: readonly (Omit<ShellFinding, 'category' | 'command'> & { readonly command?: string })[];
}

describe('details of the release, system and network rules', () => {
  it.each<EvidenceCase>([
    {
      name: 'names the method and endpoint of a publishing gh api call',
      command: 'gh api -X POST /repos/o/r/releases -f tag_name=v1',
      category: GIT,
      expected: [
        {
          trigger: 'gh api',
          note: 'API change of a release, tag, ref, file or merge',
          details: ['gh api POST', '/repos/o/r/releases', ''],
        },
      ],
    },
    {
      name: 'names the repository of python setup.py upload',
      command: 'python setup.py sdist upload -r testpypi',
      category: GIT,
      expected: [{ trigger: 'python', note: 'package publish', details: ['python setup.py upload', '', 'testpypi'] }],
    },
    {
      name: 'names the release tool run by npx',
      command: 'npx changeset publish',
      category: GIT,
      expected: [
        {
          trigger: 'changeset publish',
          command: 'changeset publish',
          note: 'package publish',
          details: ['changeset publish', '', ''],
        },
      ],
    },
    {
      name: 'names the object after the subcommand of kubectl delete',
      command: 'kubectl -n prod delete pod web-1',
      category: SYS,
      expected: [
        {
          trigger: 'kubectl delete',
          note: 'cluster change',
          details: ['kubectl delete', 'pod web-1', 'infrastructure'],
        },
      ],
    },
    {
      name: 'names the account of usermod, not its group',
      command: 'usermod -aG sudo bob',
      category: SYS,
      expected: [{ trigger: 'usermod', note: 'user account change', details: ['usermod', 'bob', 'accounts'] }],
    },
    {
      name: 'names the system file of a redirect and the command that wrote it',
      command: 'printf x >> /etc/crontab',
      category: SYS,
      expected: [
        {
          trigger: '/etc/crontab',
          command: 'printf x',
          note: 'write under /etc',
          details: ['printf', '/etc/crontab', 'system files'],
        },
      ],
    },
    {
      name: 'names the target of a chmod outside the project',
      command: 'chmod 600 ~/.ssh/id_rsa',
      category: SYS,
      expected: [
        {
          trigger: '~/.ssh/id_rsa',
          note: 'permission or owner change outside the project',
          details: ['chmod', '~/.ssh/id_rsa', 'permissions'],
        },
      ],
    },
    {
      name: 'keeps one finding for dd onto a device',
      command: 'dd if=x.img of=/dev/sdb',
      category: SYS,
      expected: [{ trigger: 'dd', note: 'raw write to a device', details: ['dd', '/dev/sdb', 'disk'] }],
    },
    {
      name: 'names the host of ping after its count',
      command: 'ping -c 3 example.com',
      category: NET,
      expected: [{ trigger: 'ping', note: 'network probe', details: ['example.com', 'ping', 'reachability probe'] }],
    },
    {
      name: 'names the name dig looks up, not its server',
      command: 'dig @1.1.1.1 example.com +short',
      category: NET,
      expected: [{ trigger: 'dig', note: 'DNS or registry lookup', details: ['example.com', 'dig', 'name lookup'] }],
    },
    {
      name: 'names the bucket of an aws s3 URL',
      command: 'aws s3 rm s3://bucket/key',
      category: NET,
      expected: [{ trigger: 'aws', note: 'cloud or cluster API call', details: ['bucket', 'aws', 'cloud API call'] }],
    },
  ])('$name', ({ command, category, expected }) => {
    const found = analyzeShell(command).findings.filter((finding) => finding.category === category);
    expect(found).toEqual(expected.map((finding) => ({ category, command, ...finding })));
  });
});
