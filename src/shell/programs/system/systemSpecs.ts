import type { CommandSpec, CommandSpecs, FirstOperand, RuleSpec } from '../../catalog/commandSpec';

// Programs that may affect the machine itself: services, scheduled jobs, the firewall and
// network setup, disks, power, the kernel, other processes, accounts and privileges. A signal's
// target is a guess (`kill $PID` of a server the line started is its own): contained, the command
// has a process table of its own and reaches no other, so the sandbox holds it (`unseenTarget`).

type Level = NonNullable<RuleSpec['level']>;

function impact(note: string, level: Level, examples: string[], extra: Partial<RuleSpec> = {}): RuleSpec {
  return { category: 'SYSTEM_IMPACT', note, level, examples, ...extra };
}

/** Programs that each raise one rule; every operand is data (a service, a device, a user). */
function each(names: readonly string[], rule: RuleSpec, spec: CommandSpec = {}): Record<string, CommandSpec> {
  return Object.fromEntries(
    names.map((name, index) => [
      name,
      { operands: 'data', ...spec, rules: [index === 0 ? rule : { ...rule, examples: [name] }] },
    ]),
  );
}

/** The programs of `specs`, those `firstOperands` names saying what their first operand is (for their findings' details). */
function withFirstOperands(
  specs: Record<string, CommandSpec>,
  firstOperands: Readonly<Record<string, FirstOperand>>,
): Record<string, CommandSpec> {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => {
      const firstOperand = firstOperands[name];
      return [name, firstOperand === undefined ? spec : { ...spec, firstOperand }];
    }),
  );
}

const LISTING = ['-l', '-L', '--list'];

/** Programs that change the machine, not the project. */
export const SYSTEM_COMMANDS: CommandSpecs = {
  ...withFirstOperands(
    each(
      ['systemctl', 'service', 'launchctl', 'rc-service', 'rc-update', 'update-rc.d', 'chkconfig', 'sv'],
      impact(
        'service control',
        'service',
        ['systemctl restart nginx', 'service nginx stop', 'launchctl load x.plist'],
        {
          when: { check: 'changesService' },
          notExamples: ['systemctl status nginx', 'service nginx status', 'systemctl is-active haproxy', 'systemctl'],
        },
      ),
    ),
    // `systemctl restart nginx`, but `service nginx restart`
    { systemctl: 'verb', launchctl: 'verb', 'rc-service': 'verb', sv: 'verb', service: 'target' },
  ),
  crontab: {
    firstOperand: 'verb',
    options: { '-u': 'data', '-l|-L|--list|-e|-r|-i|-n|-T|-V': 'flag' },
    operands: 'read',
    rules: [
      impact('scheduled jobs change', 'service', ['crontab -e', 'crontab jobs.txt', 'crontab -r'], {
        when: { notOptions: LISTING },
        notExamples: ['crontab -l'],
      }),
    ],
  },
  ...withFirstOperands(
    each(
      [
        'iptables',
        'ip6tables',
        'iptables-restore',
        'ip6tables-restore',
        'nft',
        'ufw',
        'firewall-cmd',
        'pfctl',
        'nmcli',
        'ifconfig',
        'ifup',
        'ifdown',
        'route',
      ],
      impact('network configuration', 'network', [
        'iptables -F',
        'ufw allow 22',
        'nft flush ruleset',
        'firewall-cmd --reload',
      ]),
    ),
    // `ufw allow 22`, `nmcli connection up x`
    { ufw: 'verb', 'firewall-cmd': 'verb', nmcli: 'verb' },
  ),
  ip: {
    options: {
      '-n|-netns|-f|-family|-b|-batch|-rc|-rcvbuf|-l|-loops': 'data',
      '-4|-6|-s|-stats|-d|-details|-o|-oneline|-r|-resolve|-c|-color|-j|-json|-p|-pretty|-br|-brief|-h|-human|-a|-all':
        'flag',
    },
    operands: 'data',
    rules: [
      impact(
        'network configuration',
        'network',
        ['ip link set eth0 down', 'ip addr add 10.0.0.2/24 dev eth0', 'ip -4 route del default'],
        { when: { check: 'ipChange' }, notExamples: ['ip addr show', 'ip route'] },
      ),
    ],
  },
  ...each(
    [
      'mount',
      'umount',
      'mkswap',
      'swapon',
      'swapoff',
      'fdisk',
      'sfdisk',
      'cfdisk',
      'gdisk',
      'sgdisk',
      'parted',
      'wipefs',
      'losetup',
      'cryptsetup',
      'lvcreate',
      'lvremove',
      'vgcreate',
      'pvcreate',
      'mdadm',
      'tune2fs',
      'resize2fs',
      'blkdiscard',
      'hdparm',
      'diskutil',
      'chattr',
    ],
    impact('disk or filesystem change', 'disk', [
      'mount /dev/sdb1 /mnt',
      'umount /mnt',
      'wipefs -a /dev/sdb',
      'chattr +i f',
    ]),
  ),
  fsck: {
    family: true,
    operands: 'data',
    rules: [impact('disk or filesystem change', 'disk', ['fsck /dev/sdb1', 'fsck.ext4 /dev/sdb1'])],
  },
  mkfs: {
    family: true,
    operands: 'data',
    rules: [impact('filesystem creation', 'disk', ['mkfs -t ext4 /dev/sdb1', 'mkfs.ext4 /dev/sdb1'])],
  },
  ...each(
    ['reboot', 'shutdown', 'halt', 'poweroff', 'kexec'],
    impact('power state change', 'power', ['reboot', 'shutdown -h now']),
  ),
  // init and telinit change to the runlevel they are given; alone they print their usage, so a
  // word `init` among another program's words (`kong config init`) changes nothing
  ...Object.fromEntries(
    ['init', 'telinit'].map((name) => [
      name,
      {
        operands: 'data',
        rules: [
          impact('power state change', 'power', [`${name} 0`, `${name} 6`], {
            when: { operands: 'some' },
            notExamples: [name],
          }),
        ],
      } satisfies CommandSpec,
    ]),
  ),
  sysctl: {
    options: {
      '-w|--write|-p|--load|--system|-a|--all|-n|--values|-N|--names|-e|--ignore|-q|--quiet|-r|--pattern': 'flag',
    },
    operands: 'data',
    rules: [
      impact('kernel parameter change', 'kernel', ['sysctl -w net.ipv4.ip_forward=1', 'sysctl -p'], {
        when: { check: 'sysctlWrite' },
        notExamples: ['sysctl -a', 'sysctl net.ipv4.ip_forward'],
      }),
    ],
  },
  ...each(
    ['modprobe', 'insmod', 'rmmod', 'kextload', 'kextunload'],
    impact('kernel module change', 'kernel', ['modprobe br_netfilter', 'rmmod x']),
  ),
  kill: {
    numericOptions: true,
    options: { '-s|-n|--signal': 'data', '-l|-L|--list|-q|--queue|--timeout|-a|-p|--pid|--verbose': 'flag' },
    operands: 'data',
    rules: [
      impact('signals other processes', 'processes', ['kill -9 1234', 'kill -TERM 1'], {
        when: { notOptions: LISTING },
        notExamples: ['kill -l'],
        unseenTarget: true,
      }),
    ],
  },
  ...each(
    ['killall', 'pkill', 'skill', 'xkill'],
    impact('signals other processes', 'processes', ['pkill node', 'killall python'], { unseenTarget: true }),
  ),
  ...each(
    [
      'useradd',
      'userdel',
      'usermod',
      'adduser',
      'deluser',
      'groupadd',
      'groupdel',
      'groupmod',
      'addgroup',
      'delgroup',
      'passwd',
      'chpasswd',
      'chgpasswd',
      'chage',
      'gpasswd',
      'chsh',
      'chfn',
      'vipw',
      'vigr',
    ],
    impact('user account change', 'accounts', [
      'useradd -m bob',
      'usermod -aG sudo bob',
      'passwd bob',
      'echo bob:pw | chpasswd',
      'groupadd devs',
    ]),
    {
      options: {
        '-G|--groups|-g|--gid|-d|--home|--home-dir|-s|--shell|-c|--comment|-u|--uid|-e|--expiredate|-f': 'data',
        '--inactive|-k|--skel|-K|--key|-p|--password|-R|--root|-P|--prefix|-l|--login|-b|--base-dir|-Z': 'data',
        '--selinux-user|-n|--new-name|-U|--users': 'data',
        '-m|--create-home|-M|--no-create-home|-r|--system|-a|--append|-D|--defaults|-N|--no-user-group|-o': 'flag',
        '--non-unique|-L|--lock|-U|--unlock|-q|--quiet|-h|--help|-S|--status|-d|--delete|-x|--maxdays': 'flag',
      },
    },
  ),
  // who may elevate, and with which capabilities: the SUDO rule is for running elevated, these change the grants
  ...each(
    ['visudo', 'setcap', 'newgrp'],
    impact('privilege change', 'privileges', ['visudo', 'setcap cap_net_bind_service=+ep ./server', 'newgrp docker']),
  ),
};
