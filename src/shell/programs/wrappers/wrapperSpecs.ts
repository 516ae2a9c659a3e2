import type { CommandSpec, CommandSpecs, OptionKind, RuleSpec } from '../../catalog/commandSpec';
import { DEV_RUNNER_COMMANDS } from './devRunnerSpecs';
import { ENV_COMMANDS } from './envSpecs';
import { JOB_RUNNER_COMMANDS } from './jobRunnerSpecs';
import { PROGRAM_WRAPPER_COMMANDS } from './programWrapperSpecs';
import { SCREEN } from './screenSpec';
import { TMUX } from './tmuxSpec';

// Programs that run the command given after their own options and operands: privilege,
// scheduling, resource, session and sandbox wrappers. Each raises nothing of its own unless it
// elevates; the command it runs is read in its own right.

const COMMAND = { rest: 'command' } as const;
const LOOKUP = { operands: 'data' } as const;

function elevates(examples: string[]): RuleSpec {
  return { category: 'SUDO', note: 'elevated privileges', examples };
}

const SUDO_OPTIONS: Record<string, OptionKind> = {
  '-u|--user': 'user',
  '-g|--group|-p|--prompt|-C|--close-from|-r|--role|-t|--type|-T|--command-timeout|-U|--other-user|-R|--chroot|--host':
    'data',
  '-D|--chdir': 'read',
  '-A|--askpass|-b|--background|-B|--bell|-E|-H|--set-home|-i|--login|-K|--remove-timestamp|-k': 'flag',
  '--reset-timestamp|-l|--list|-n|--non-interactive|-P|--preserve-groups|-S|--stdin|-s|--shell|-V': 'flag',
  '--version|-v|--validate|-h|--help|-N|--no-update': 'flag',
  '--preserve-env': 'optional',
};

const SUDO: CommandSpec = {
  options: SUDO_OPTIONS,
  operands: COMMAND,
  with: {
    '-e|--edit': { operands: 'overwrite' },
    '-l|--list|-v|--validate|-k|--reset-timestamp|-K|--remove-timestamp|-V|--version|-h|--help': LOOKUP,
  },
  rules: [elevates(['sudo ls', 'sudo -u bob id', 'sudo -- rm x', 'sudo -e /etc/hosts'])],
};

const RUN_AS_FIRST_OPERAND: CommandSpec = { operands: { leading: ['user'], rest: 'command' } };

/** Privilege wrappers: each raises SUDO. */
const PRIVILEGE: CommandSpecs = {
  sudo: SUDO,
  'sudo-rs': { ...SUDO, rules: [elevates(['sudo-rs ls'])] },
  sudoedit: { options: SUDO_OPTIONS, operands: 'overwrite', rules: [elevates(['sudoedit /etc/hosts'])] },
  doas: {
    options: { '-u': 'user', '-C': 'read', '-n|-s|-L': 'flag' },
    operands: COMMAND,
    rules: [elevates(['doas rm x', 'doas -u bob id'])],
  },
  pkexec: {
    options: { '--user': 'user', '--disable-internal-agent|--keep-cwd|--version|--help': 'flag' },
    operands: COMMAND,
    rules: [elevates(['pkexec true'])],
  },
  pfexec: { options: { '-P': 'data' }, operands: COMMAND, rules: [elevates(['pfexec id'])] },
  run0: {
    options: {
      '-u|--user': 'user',
      '-g|--group|--nice|--setenv|--unit|--property|--description|--slice|--machine|--background': 'data',
      '-D|--chdir': 'read',
      '--no-ask-password|--slice-inherit|--pty|--pipe|-i|--shell-prompt-prefix|-h|--help|--version': 'flag',
    },
    operands: COMMAND,
    rules: [elevates(['run0 id', 'run0 -u bob id'])],
  },
  // container entrypoint helpers that run the command as the user named first
  gosu: { ...RUN_AS_FIRST_OPERAND, rules: [elevates(['gosu root id'])] },
  'su-exec': { ...RUN_AS_FIRST_OPERAND, rules: [elevates(['su-exec app id'])] },
  setuidgid: { ...RUN_AS_FIRST_OPERAND, rules: [elevates(['setuidgid app id'])] },
  's6-setuidgid': { ...RUN_AS_FIRST_OPERAND, rules: [elevates(['s6-setuidgid app id'])] },
  // su -c SCRIPT, runuser -u USER -- COMMAND: their lines need reading of their own
  su: { reader: 'su', rules: [elevates(["su -c 'id'", 'su - bob'])] },
  runuser: { reader: 'su', rules: [elevates(['runuser -u bob -- id'])] },
};

/** The shell's own wrappers and plain process wrappers: they run the command as given. */
const PROCESS: CommandSpecs = {
  nohup: { options: { '--help|--version': 'flag' }, operands: COMMAND },
  setsid: { options: { '-c|--ctty|-f|--fork|-w|--wait|-h|--help|-V|--version': 'flag' }, operands: COMMAND },
  builtin: { operands: COMMAND },
  busybox: { operands: COMMAND, with: { '--list|--list-full|--help': LOOKUP } },
  exec: { options: { '-a': 'data', '-c|-l': 'flag' }, operands: COMMAND },
  command: { options: { '-p': 'flag' }, operands: COMMAND, with: { '-v|-V': LOOKUP } },
  time: {
    options: {
      '-f|--format': 'data',
      '-o|--output': 'overwrite',
      '-a|--append|-p|--portability|-v|--verbose|-q|--quiet|--help|-V|--version': 'flag',
    },
    operands: COMMAND,
  },
  timeout: {
    options: {
      '-s|--signal|-k|--kill-after': 'data',
      '--preserve-status|--foreground|-v|--verbose|--help|--version': 'flag',
    },
    operands: { leading: ['data'], rest: 'command' },
  },
  nice: { options: { '-n|--adjustment': 'data', '--help|--version': 'flag' }, numericOptions: true, operands: COMMAND },
  ionice: {
    options: {
      '-c|--class|-n|--classdata': 'data',
      '-p|--pid|-P|--pgid|-u|--uid': 'data',
      '-t|--ignore|-h|--help|-V|--version': 'flag',
    },
    operands: COMMAND,
    with: { '-p|--pid|-P|--pgid|-u|--uid': LOOKUP },
  },
  stdbuf: { options: { '-i|--input|-o|--output|-e|--error': 'data', '--help|--version': 'flag' }, operands: COMMAND },
  chroot: {
    options: { '--userspec|--groups': 'data', '--skip-chdir|--help|--version': 'flag' },
    operands: { leading: ['read'], rest: 'command' },
  },
  flock: {
    options: {
      '-w|--timeout|-E|--conflict-exit-code': 'data',
      '-c|--command': 'script',
      '-s|--shared|-x|-e|--exclusive|-u|--unlock|-n|--nb|--nonblock|-o|--close|-F|--no-fork|--verbose|-h|--help|-V|--version':
        'flag',
    },
    // flock FILE -c CMD: the options may follow the lock file
    operands: { leading: ['write'], rest: 'command', optionsAfterLeading: true },
  },
  watch: {
    options: {
      '-n|--interval|-q|--equexit|-d|--differences': 'data',
      '-b|--beep|-c|--color|-C|--no-color|-e|--errexit|-g|--chgexit|-p|--precise|-r|--no-rerun|-t|--no-title|-w|--no-wrap|-h|--help|-v|--version':
        'flag',
    },
    operands: { rest: 'shell' },
    with: { '-x|--exec': { operands: COMMAND } },
  },
  strace: {
    options: {
      '-o|--output': 'overwrite',
      '-e|-s|-u|-E|-I|-b|-a|-O|-S|-P|-X|-U|--trace|--signal|--status|--string-limit|--user': 'data',
      '-p|--attach': 'data',
      '-f|-ff|-c|-C|-d|-D|-DD|-DDD|-F|-h|-i|-k|-n|-q|-qq|-r|-t|-tt|-ttt|-T|-v|-V|-w|-x|-xx|-y|-yy|-z|-Z': 'flag',
      '--follow-forks|--summary-only|--summary|--help|--version': 'flag',
    },
    operands: COMMAND,
    with: { '-p|--attach': LOOKUP },
  },
  ltrace: {
    options: {
      '-o|--output': 'overwrite',
      '-e|-s|-u|-n|-a|-A|-D|-E|-F|-l|-L|-x': 'data',
      '-p': 'data',
      '-b|-c|-C|-f|-h|-i|-r|-S|-t|-tt|-ttt|-T|-w|-V|--help|--version|--demangle': 'flag',
    },
    operands: COMMAND,
    with: { '-p': LOOKUP },
  },
  valgrind: { operands: COMMAND },
  unbuffer: { options: { '-p': 'flag' }, operands: COMMAND },
  caffeinate: { options: { '-t|-w': 'data', '-d|-i|-m|-s|-u': 'flag' }, operands: COMMAND },
  torsocks: {
    options: { '-u|-p|-a|-P': 'data', '-i|-d|-q|--isolate|--shell|-h|--help|--version': 'flag' },
    operands: COMMAND,
  },
  proxychains: { options: { '-f': 'read', '-q': 'flag' }, operands: COMMAND },
  proxychains4: { options: { '-f': 'read', '-q': 'flag' }, operands: COMMAND },
  firejail: { operands: COMMAND },
  'dbus-launch': {
    options: {
      '--sh-syntax|--csh-syntax|--auto-syntax|--exit-with-session|--exit-with-x11|--close-stderr|--version|--help':
        'flag',
      '--autolaunch|--binary-syntax|--config-file': 'data',
    },
    operands: COMMAND,
  },
  'dbus-run-session': {
    options: { '--config-file': 'read', '--dbus-daemon': 'data', '--version|--help': 'flag' },
    operands: COMMAND,
  },
  'ssh-agent': {
    options: { '-a|-E|-O|-P|-t': 'data', '-c|-s|-D|-d': 'flag' },
    operands: COMMAND,
    with: { '-k': LOOKUP },
  },
  // --host runs the command outside the Flatpak sandbox, on the host
  'flatpak-spawn': {
    options: {
      '--forward-fd|--env|--unset-env|--directory|--sandbox-expose|--sandbox-expose-ro': 'data',
      '--sandbox-expose-path|--sandbox-expose-path-ro|--sandbox-flag|--app-path|--usr-path': 'data',
      '--host|--clear-env|--watch-bus|--expose-pids|--share-pids|--latest-version|--no-network|--sandbox|--verbose|-v|--help|-h':
        'flag',
    },
    operands: COMMAND,
  },
  proot: {
    options: {
      '-r|--rootfs|-b|--bind|-m|--mount|-w|--pwd|--cwd|-q|--qemu|-k|--kernel-release': 'data',
      '-R|-S': 'data',
      '-0|--root-id|-i|--change-id|-v|--verbose|-V|--version|-h|--help|--link2symlink': 'flag',
    },
    operands: { rest: 'command', shellWhenEmpty: true },
  },
  // entr [-acdnprsz] UTILITY [ARGS]: runs the utility when a file changes; -s hands it to $SHELL
  entr: {
    options: { '-a|-c|-cc|-d|-n|-p|-r|-z': 'flag' },
    operands: COMMAND,
    with: { '-s': { operands: { rest: 'shell' } } },
  },
  'xvfb-run': {
    options: {
      '-n|--server-num|-s|--server-args|-f|--auth-file|-e|--error-file|-p|--xauth-protocol|-w|--wait': 'data',
      '-a|--auto-servernum|-l|--listen-tcp|-h|--help': 'flag',
    },
    operands: COMMAND,
  },
  // scheduling and resource wrappers: their own operand (cpu list, priority, timestamp), then the command
  taskset: {
    options: { '-a|--all-tasks|-c|--cpu-list|-h|--help|-V|--version': 'flag' },
    operands: { leading: ['data'], rest: 'command' },
    with: { '-p|--pid': LOOKUP },
  },
  chrt: {
    options: {
      '-T|--sched-runtime|-P|--sched-period|-D|--sched-deadline': 'data',
      '-b|--batch|-d|--deadline|-f|--fifo|-i|--idle|-o|--other|-r|--rr|-R|--reset-on-fork|-a|--all-tasks|-v|--verbose|-h|--help|-V|--version':
        'flag',
    },
    operands: { leading: ['data'], rest: 'command' },
    with: { '-p|--pid|-m|--max': LOOKUP },
  },
  numactl: {
    options: {
      '-i|--interleave|-m|--membind|-N|--cpunodebind|-C|--physcpubind|-p|--preferred|-P|--preferred-many|-w|--weighted-interleave|-b|--balancing':
        'data',
      '-a|--all|-l|--localalloc|--huge|--touch|--strict': 'flag',
    },
    operands: COMMAND,
    with: { '-s|--show|-H|--hardware': LOOKUP },
  },
  prlimit: {
    options: {
      '-p|--pid|-o|--output': 'data',
      '--noheadings|--raw|--verbose|-h|--help|-V|--version': 'flag',
      '-c|--core|-d|--data|-e|--nice|-f|--fsize|-i|--sigpending|-l|--memlock|-m|--rss|-n|--nofile|-q': 'optional',
      '--msgqueue|-r|--rtprio|-s|--stack|-t|--cpu|-u|--nproc|-v|--as|-x|--locks|-y|--rttime': 'optional',
    },
    operands: COMMAND,
    with: { '-p|--pid': LOOKUP },
  },
  faketime: {
    options: { '-p|--date-prog': 'data', '-f|-m|--exclude-monotonic': 'flag' },
    operands: { leading: ['data'], rest: 'command' },
  },
  eatmydata: { operands: COMMAND },
  // init and supervision helpers: tini, dumb-init, s6-overlay's with-contenv, moreutils' chronic
  tini: { options: { '-p|-e': 'data', '-s|-g|-v|-vv|-vvv|-w|-l|-h|--version': 'flag' }, operands: COMMAND },
  'dumb-init': {
    options: { '-r|--rewrite': 'data', '-c|--single-child|-v|--verbose|-V|--version|-h|--help': 'flag' },
    operands: COMMAND,
  },
  'with-contenv': { operands: COMMAND },
  chronic: { options: { '-e|-v': 'flag' }, operands: COMMAND },
  catchsegv: { operands: COMMAND },
  chpst: {
    options: { '-u|-U|-b|-e|-/|-n|-l|-L|-m|-d|-o|-p|-f|-c|-r|-t': 'data', '-P|-0|-1|-2|-v': 'flag' },
    operands: COMMAND,
  },
  // privilege, namespace and architecture wrappers
  fakeroot: {
    options: { '-l|--lib|--faked|-s|-i|-b': 'data', '-u|--unknown-is-real|-h|--help|-v|--version': 'flag' },
    operands: { rest: 'command', shellWhenEmpty: true },
  },
  setpriv: {
    options: {
      '--reuid|--regid|--ruid|--euid|--rgid|--egid|--groups|--inh-caps|--ambient-caps|--bounding-set': 'data',
      '--securebits|--pdeathsig|--selinux-label|--apparmor-profile|--landlock-access|--landlock-rule': 'data',
      '--nnp|--no-new-privs|--clear-groups|--keep-groups|--init-groups|--reset-env|-h|--help|-V|--version': 'flag',
    },
    operands: COMMAND,
    with: { '-d|--dump|--list-caps': LOOKUP },
  },
  setarch: {
    options: {
      '-v|--verbose|-3|--3gb|-B|--32bit|-F|--fdpic-funcptrs|-I|--short-inode|-L|--addr-compat-layout|-R': 'flag',
      '--addr-no-randomize|-S|--whole-seconds|-T|--sticky-timeouts|-X|--read-implies-exec|-Z': 'flag',
      '--mmap-page-zero|--4gb|--uname-2.6|-h|--help|-V|--version': 'flag',
    },
    operands: { leading: ['data'], rest: 'command', optionsAfterLeading: true, shellWhenEmpty: true },
    with: { '--list': LOOKUP },
  },
  linux32: { operands: { rest: 'command', shellWhenEmpty: true } },
  linux64: { operands: { rest: 'command', shellWhenEmpty: true } },
  unshare: {
    options: {
      '-S|--setuid|-G|--setgid|-R|--root|-w|--wd|--propagation|--setgroups|--map-user|--map-group|--map-users|--map-groups|--monotonic|--boottime':
        'data',
      '-m|--mount|-u|--uts|-i|--ipc|-n|--net|-p|--pid|-U|--user|-C|--cgroup|-T|--time|--kill-child|--mount-proc|--mount-binfmt':
        'optional',
      '-f|--fork|-r|--map-root-user|-c|--map-current-user|--map-auto|--keep-caps|-h|--help|-V|--version': 'flag',
    },
    operands: { rest: 'command', shellWhenEmpty: true },
  },
  nsenter: {
    options: {
      '-t|--target|-S|--setuid|-G|--setgid': 'data',
      '-m|--mount|-u|--uts|-i|--ipc|-n|--net|-p|--pid|-C|--cgroup|-U|--user|-T|--time|-r|--root|-w|--wd': 'optional',
      '-a|--all|--preserve-credentials|-W|-F|--no-fork|-Z|--follow-context|-h|--help|-V|--version': 'flag',
    },
    operands: { rest: 'command', shellWhenEmpty: true },
  },
  'systemd-run': {
    options: {
      '-u|--unit|-p|--property|--description|--slice|-E|--setenv|--uid|--gid|--nice|-M|--machine|-H|--host': 'data',
      '--on-active|--on-boot|--on-startup|--on-unit-active|--on-unit-inactive|--on-calendar': 'data',
      '--path-property|--socket-property|--timer-property|--working-directory|--service-type': 'data',
      '--user|--system|--scope|-r|--remain-after-exit|--send-sighup|-t|--pty|-P|--pipe|-q|--quiet|-G': 'flag',
      '--collect|-S|--shell|--wait|--no-block|--no-ask-password|-d|--same-dir|-h|--help|--version': 'flag',
    },
    operands: { rest: 'command', shellWhenEmpty: true },
    rules: [
      {
        category: 'SUDO',
        note: 'elevated privileges',
        when: { notOptions: ['--user'] },
        examples: ['systemd-run id'],
        notExamples: ['systemd-run --user id'],
      },
    ],
  },
  // script -c CMD [FILE]; BSD script FILE CMD...; with neither an interactive shell reads stdin
  script: {
    options: {
      '-c|--command': 'script',
      '-E|--echo|-I|--log-in|-O|--log-out|-B|--log-io|-T|--log-timing|-m|--logging-format|-o|--output-limit|-F': 'data',
      '-t|--timing': 'optional',
      '-a|--append|-e|--return|-f|--flush|--force|-q|--quiet|-h|--help|-V|--version': 'flag',
    },
    operands: { leading: ['overwrite'], rest: 'command', shellWhenEmpty: true },
    with: { '-c|--command': { operands: 'overwrite' } },
  },
  // sg GROUP [-c] COMMAND: the command is run by sh -c
  sg: {
    options: { '-c': 'script' },
    operands: { leading: ['data'], rest: 'shell', optionsAfterLeading: true, shellWhenEmpty: true },
  },
};

/**
 * Wrappers whose line needs a reader of its own: what they run is not simply the words after
 * their options. Their specs, each with its option table, sit beside their readers.
 */
const BESPOKE: CommandSpecs = {
  ...ENV_COMMANDS,
  ...JOB_RUNNER_COMMANDS,
  hash: { reader: 'hash', options: { '-p': 'data', '-r|-d|-l|-t': 'flag' } },
  ...PROGRAM_WRAPPER_COMMANDS,
  tmux: TMUX,
  screen: SCREEN,
  ...DEV_RUNNER_COMMANDS,
};

/** Wrappers: each runs a command given on its line, read in its own right. */
export const WRAPPER_COMMANDS: CommandSpecs = { ...PRIVILEGE, ...PROCESS, ...BESPOKE };
