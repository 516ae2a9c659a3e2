import { describe, expect, it } from 'vitest';
import { leavesProject, systemFolderOf } from '../../src/shell/engine/systemPaths';

describe('systemFolderOf', () => {
  it.each([
    { name: 'finds /etc', path: '/etc/hosts', expected: '/etc' },
    { name: 'finds the root itself', path: '/', expected: '/' },
    { name: 'finds /usr/local/bin under /usr', path: '/usr/local/bin/tool', expected: '/usr' },
    { name: 'finds the cron spool', path: '/var/spool/cron/crontabs/root', expected: '/var/spool/cron' },
    { name: 'finds /Library without case', path: '/library/LaunchDaemons/x.plist', expected: '/Library' },
    { name: 'normalises a doubled slash', path: '//etc/passwd', expected: '/etc' },
    { name: 'normalises a .. back into /etc', path: '/tmp/../etc/hosts', expected: '/etc' },
    { name: 'finds a device', path: '/dev/sda', expected: '/dev' },
  ])('$name', ({ path, expected }) => {
    expect(systemFolderOf(path)).toBe(expected);
  });

  it.each([
    { name: 'ignores /tmp', path: '/tmp/x' },
    { name: 'ignores a look-alike folder name', path: '/etcetera/x' },
    { name: 'ignores /var outside the cron spool', path: '/var/log/app.log' },
    { name: 'ignores shared memory', path: '/dev/shm/cache' },
    { name: 'ignores a relative etc folder', path: 'etc/hosts' },
    { name: 'ignores a .. that leaves /etc', path: '/etc/../tmp/x' },
  ])('$name', ({ path }) => {
    expect(systemFolderOf(path)).toBeUndefined();
  });
});

describe('leavesProject', () => {
  it.each([
    { path: '/tmp/x', expected: true },
    { path: '~/.ssh/id_rsa', expected: true },
    { path: '..', expected: true },
    { path: '../other/run.sh', expected: true },
    { path: 'run.sh', expected: false },
    { path: './bin', expected: false },
    { path: '..hidden', expected: false },
  ])('says $expected for $path', ({ path, expected }) => {
    expect(leavesProject(path)).toBe(expected);
  });
});
