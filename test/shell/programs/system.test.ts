import { describe, expect, it } from 'vitest';
import { EXEC, expectCategories, ONLY_EXEC, SYS, type CategoryCase } from '../support';
import { decideEveryday, everydayWorkspace } from '../../support/everydaySession';

// Services, firewalls, disks, kernel, processes and accounts (src/shell/programs/system/systemSpecs.ts):
// what changes the machine rather than the project is a system change; their reads and listings are not.

describe('services, disks, kernel and processes', () => {
  it.each<CategoryCase>([
    { name: 'raises SYSTEM_IMPACT for systemctl', command: 'systemctl restart nginx', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for service', command: 'service nginx stop', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for mount', command: 'mount /dev/sdb1 /mnt', expected: [SYS, EXEC] },
    { name: 'reads mkfs.ext4 as mkfs', command: '/sbin/mkfs.ext4 /dev/sdb1', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for iptables', command: 'iptables -F', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for reboot', command: 'reboot', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for sysctl -w', command: 'sysctl -w net.ipv4.ip_forward=1', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for an ip link change', command: 'ip link set eth0 down', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for kill', command: 'kill -9 1234', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for crontab -e', command: 'crontab -e', expected: [SYS, EXEC] },
    { name: 'raises SYSTEM_IMPACT for chattr', command: 'chattr +i f', expected: [SYS, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([
    { name: 'treats echo systemctl reboot as data', command: 'echo systemctl reboot', expected: ONLY_EXEC },
    { name: 'treats ip addr show as a read', command: 'ip addr show', expected: ONLY_EXEC },
    { name: 'treats a sysctl read as a read', command: 'sysctl net.ipv4.ip_forward', expected: ONLY_EXEC },
    { name: 'treats kill -l as a listing', command: 'kill -l', expected: ONLY_EXEC },
    { name: 'treats crontab -l as a listing', command: 'crontab -l', expected: ONLY_EXEC },
    { name: 'does not read mountpoint as mount', command: 'mountpoint -q /mnt', expected: ONLY_EXEC },
  ])('$name', expectCategories);
});

describe('a service manager changes a service, and shows one without changing it', () => {
  it.each<CategoryCase>([
    { name: 'systemctl stop', command: 'systemctl stop haproxy', expected: [SYS, EXEC] },
    { name: 'systemctl --user restart', command: 'systemctl --user restart app', expected: [SYS, EXEC] },
    { name: 'systemctl enable', command: 'systemctl enable --now nginx', expected: [SYS, EXEC] },
    { name: 'service NAME restart', command: 'service nginx restart', expected: [SYS, EXEC] },
    { name: 'service NAME with no verb', command: 'service nginx', expected: [SYS, EXEC] },
    { name: 'a verb built at run time', command: 'systemctl "$verb" nginx', expected: [SYS, EXEC] },
    { name: 'update-rc.d', command: 'update-rc.d nginx defaults', expected: [SYS, EXEC] },
    { name: 'launchctl load', command: 'launchctl load x.plist', expected: [SYS, EXEC] },
  ])('changes it: $name', expectCategories);

  it.each<CategoryCase>([
    { name: 'systemctl status', command: 'systemctl status haproxy', expected: ONLY_EXEC },
    { name: 'systemctl show', command: 'systemctl show -p ActiveState nginx', expected: ONLY_EXEC },
    { name: 'systemctl is-active', command: 'systemctl is-active nginx', expected: ONLY_EXEC },
    { name: 'systemctl list-units', command: 'systemctl list-units --type=service', expected: ONLY_EXEC },
    { name: 'systemctl alone, which lists its units', command: 'systemctl', expected: ONLY_EXEC },
    { name: 'service NAME status', command: 'service nginx status', expected: ONLY_EXEC },
    { name: 'service --status-all', command: 'service --status-all', expected: ONLY_EXEC },
    { name: 'launchctl list', command: 'launchctl list', expected: ONLY_EXEC },
    { name: 'chkconfig --list', command: 'chkconfig --list', expected: ONLY_EXEC },
  ])('shows it: $name', expectCategories);
});

describe('accounts and privileges', () => {
  it.each<CategoryCase>([
    { name: 'reads useradd as an account change', command: 'useradd -m bob', expected: [SYS, EXEC] },
    { name: 'reads usermod -aG sudo as an account change', command: 'usermod -aG sudo bob', expected: [SYS, EXEC] },
    { name: 'reads passwd as an account change', command: 'passwd bob', expected: [SYS, EXEC] },
    { name: 'reads chpasswd as an account change', command: 'echo bob:pw | chpasswd', expected: [SYS, EXEC] },
    { name: 'reads groupadd as an account change', command: 'groupadd devs', expected: [SYS, EXEC] },
    { name: 'reads visudo as a privilege change', command: 'visudo -f /etc/sudoers.d/bob', expected: [SYS, EXEC] },
    {
      name: 'reads setcap as a privilege change',
      command: 'setcap cap_net_bind_service=+ep ./server',
      expected: [SYS, EXEC],
    },
    { name: 'reads newgrp as a privilege change', command: 'newgrp docker', expected: [SYS, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([{ name: 'treats useradd as data in echo', command: 'echo useradd bob', expected: ONLY_EXEC }])(
    '$name',
    expectCategories,
  );
});

// A signal's target is one the analysis cannot place: `kill $PID` of the server the line started
// is the line's own. By analysis alone it is asked about; contained, the command has a process
// table of its own and reaches no process outside it, so the sandbox holds it and nothing is asked.
describe('signals, by analysis alone and contained', () => {
  const SERVER = 'python3 -m http.server 8000 > server.log 2>&1 &\nPID=$!\nsleep 2\nkill $PID';

  it.each([
    { name: "asks before the line signals its own server's pid", command: SERVER },
    { name: 'asks before kill of a pid', command: 'kill -9 1234' },
    { name: 'asks before pkill', command: 'pkill node' },
  ])('$name, by analysis alone', ({ command }) => {
    const { verdict, unapproved } = decideEveryday(everydayWorkspace(), command);
    expect({ command, verdict, unapproved }).toEqual({ command, verdict: 'ask', unapproved: [SYS] });
  });

  it.each([
    { name: "allows the line to signal its own server's pid", command: SERVER },
    { name: 'allows kill of a pid', command: 'kill -9 1234' },
    { name: 'allows pkill', command: 'pkill node' },
  ])('$name, contained', ({ command }) => {
    const { verdict, unapproved } = decideEveryday(everydayWorkspace(), command, 'contained');
    expect({ command, verdict, unapproved }).toEqual({ command, verdict: 'allow', unapproved: [] });
  });

  it('still asks, contained, about a service the sandbox does not hold', () => {
    const { verdict, unapproved } = decideEveryday(everydayWorkspace(), 'systemctl restart nginx', 'contained');
    expect({ verdict, unapproved }).toEqual({ verdict: 'ask', unapproved: [SYS] });
  });
});
