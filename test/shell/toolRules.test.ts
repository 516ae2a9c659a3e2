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

describe('GIT_PUBLISH from release tools', () => {
  it.each<CategoryCase>([
    { name: 'reads python setup.py upload', command: 'python setup.py sdist upload', expected: [GIT, NET, EXEC] },
    {
      name: 'reads python3.12 setup.py bdist_wheel upload -r pypi',
      command: 'python3.12 setup.py bdist_wheel upload -r pypi',
      expected: [GIT, NET, EXEC],
    },
    { name: 'reads git tag with a name as a tag', command: 'git tag -a v1 -m x', expected: [GIT, EXEC] },
    { name: 'reads git tag -f as a tag', command: 'git tag -f v1', expected: [GIT, EXEC] },
    { name: 'reads git push of a tag', command: 'git push origin v1', expected: [GIT, NET, EXEC] },
    { name: 'reads git push --tags', command: 'git push --tags', expected: [GIT, NET, EXEC] },
  ])('$name', check);

  it.each<CategoryCase>([
    { name: 'treats git tag -d as a local delete', command: 'git tag -d v1', expected: ONLY_EXEC },
    { name: 'treats git tag --delete as a local delete', command: 'git tag --delete v1 v2', expected: ONLY_EXEC },
    { name: 'treats a bare git tag as a listing', command: 'git tag', expected: ONLY_EXEC },
    { name: 'treats git tag -l as a listing', command: 'git tag -l "v1*"', expected: ONLY_EXEC },
    { name: 'treats git tag --contains as a listing', command: 'git tag --contains HEAD', expected: ONLY_EXEC },
    { name: 'treats python setup.py sdist as a build', command: 'python setup.py sdist', expected: ONLY_EXEC },
  ])('$name', check);
});

describe('SYSTEM_IMPACT and SUDO from account and privilege tools', () => {
  it.each<CategoryCase>([
    { name: 'reads runuser as running as another user', command: 'runuser -u bob -- id', expected: [SUDO, EXEC] },
  ])('$name', check);

  it.each<CategoryCase>([
    { name: 'treats id as a query', command: 'id -Gn bob', expected: ONLY_EXEC },
    { name: 'treats getent as a query', command: 'getent passwd bob', expected: ONLY_EXEC },
    { name: 'treats getcap as a query', command: 'getcap ./server', expected: ONLY_EXEC },
    { name: 'treats groups as a query', command: 'groups bob', expected: ONLY_EXEC },
  ])('$name', check);
});

describe('SYSTEM_IMPACT from writes to system locations and permission changes', () => {
  it.each<CategoryCase>([
    { name: 'reads an append to /etc/crontab', command: 'printf x >> /etc/crontab', expected: [SYS, EXEC] },
    { name: 'reads a bare redirect over /etc/hosts', command: '> /etc/hosts', expected: [SYS, EXEC] },
    {
      name: 'reads tee into /etc/apt/sources.list',
      command: 'echo deb x | tee /etc/apt/sources.list',
      expected: [SYS, EXEC],
    },
    { name: 'reads cp into /usr/local/bin', command: 'cp tool /usr/local/bin/tool', expected: [SYS, EXEC] },
    { name: 'reads a write to /proc/sys', command: 'echo 1 > /proc/sys/net/ipv4/ip_forward', expected: [SYS, EXEC] },
    {
      name: 'reads a write to a user crontab spool',
      command: 'touch /var/spool/cron/crontabs/root',
      expected: [SYS, EXEC],
    },
    { name: 'reads a write to /Library', command: 'cp x.plist /Library/LaunchDaemons/x.plist', expected: [SYS, EXEC] },
    { name: 'reads a relative write after cd /etc', command: 'cd /etc && echo x > hosts', expected: [SYS, EXEC] },
    { name: 'reads rm -rf / as a system change', command: 'rm -rf /', expected: [SYS, EXEC] },
    { name: 'reads chmod -R 777 / as a permission change', command: 'chmod -R 777 /', expected: [SYS, EXEC] },
    { name: 'reads chown -R root / as an owner change', command: 'chown -R root /', expected: [SYS, EXEC] },
    {
      name: 'reads chmod of a home file as a change outside the project',
      command: 'chmod 600 ~/.ssh/id_rsa',
      expected: [SYS, EXEC],
    },
    {
      name: 'reads chmod through .. as a change outside the project',
      command: 'chmod +x ../other/run.sh',
      expected: [SYS, EXEC],
    },
    { name: 'reads chown of /tmp as a change outside the project', command: 'chown me /tmp/x', expected: [SYS, EXEC] },
  ])('$name', check);

  it.each<CategoryCase>([
    { name: 'treats a read of /etc/hosts as a read', command: 'cat /etc/hosts', expected: ONLY_EXEC },
    { name: 'treats a copy out of /etc as a read of it', command: 'cp /etc/hosts hosts.bak', expected: ONLY_EXEC },
    { name: 'treats a write to /tmp as no system change', command: 'echo x > /tmp/out', expected: ONLY_EXEC },
    { name: 'treats a relative etc/ folder as the project', command: 'echo x > etc/hosts', expected: ONLY_EXEC },
    { name: 'compares /etc by whole components', command: 'echo x > /etcetera/x', expected: ONLY_EXEC },
    { name: 'treats chmod +x of a project file as local', command: 'chmod +x run.sh', expected: ONLY_EXEC },
    { name: 'treats chmod -R of a project folder as local', command: 'chmod -R 755 bin', expected: ONLY_EXEC },
    { name: 'treats chown -R of a project folder as local', command: 'chown -R me:me dist', expected: ONLY_EXEC },
  ])('$name', check);
});
