import type { CommandSpec, CommandSpecs, OptionKind } from '../../catalog/commandSpec';

// Programs that run a program or commands of their own making: capsh, bubblewrap, gdb, perf and
// expect. What their readers (programWrappers.ts, bwrap.ts) read beyond these specs is said there.

/** gdb's option names, each with one dash or two (`-batch`, `--batch`). */
function eitherDash(names: string): string {
  return names
    .split('|')
    .flatMap((name) => [`-${name}`, `--${name}`])
    .join('|');
}

const GDB: CommandSpec = {
  options: {
    // gdb commands, run in gdb: `shell`, `python` and `call` run code, so the reader lets only a few through
    [eitherDash('ex|eval-command|iex|init-eval-command|eiex|early-init-eval-command')]: 'code',
    // files of gdb commands: the reader fails closed on them
    [eitherDash('x|command|ix|init-command|eix|early-init-command')]: 'program',
    [eitherDash('c|core|e|exec|s|symbols|se|d|directory|D|data-directory')]: 'read',
    [eitherDash('cd')]: 'cwd',
    [eitherDash('p|pid|b|l|tty|i|interpreter')]: 'data',
    [eitherDash(
      'args|q|quiet|silent|batch|batch-silent|return-child-result|n|nx|nh|readnow|readnever|write|f|' +
        'fullname|w|nw|tui|dbx|statistics|configuration|help|version',
    )]: 'flag',
  },
  // --args: the program's own arguments follow it
  optionsEnd: [eitherDash('args')],
  // the program it debugs and runs; without --args the words after it are a core file or a process id
  operands: { rest: 'command' },
  reader: 'gdb',
};

// perf's options before its subcommand
const PERF_OPTIONS: Record<string, OptionKind> = {
  '-h|--help|-v|--version|-p|--paginate|-P|--no-pager|--html-path|--list-cmds|--list-opts|-vv': 'flag',
  '--exec-path': 'optional',
  '--debugfs-dir|--buildid-dir|--debug': 'data',
};

// perf record [OPTIONS] [COMMAND [ARGS]]
const PERF_RECORD: Record<string, OptionKind> = {
  '-o|--output': 'overwrite',
  '-e|--event|--filter|-p|--pid|-t|--tid|-u|--uid|-r|--realtime|-c|--count|-F|--freq|-m|--mmap-pages': 'data',
  '--call-graph|-C|--cpu|-G|--cgroup|-j|--branch-filter|-D|--delay|-k|--clockid|--proc-map-timeout': 'data',
  '--vmlinux|--affinity|--mmap-flush|--max-size|--switch-output-event|--switch-max-files|--synth': 'data',
  '--num-thread-synthesize|--pfm-events|--control|--setup-filter|--clang-path|--clang-opt': 'data',
  '-I|--intr-regs|--user-regs|-S|--snapshot|--aux-sample|--aio|--compression-level|--switch-output|--threads|--debuginfod':
    'optional',
  '-a|--all-cpus|--exclude-perf|--no-buffering|-i|--no-inherit|--strict-freq|-g|-q|--quiet|-v|--verbose|-s': 'flag',
  '--stat|-d|--data|--phys-data|--data-page-size|--code-page-size|-T|--timestamp|-P|--period|--sample-cpu': 'flag',
  '--sample-identifier|-n|--no-samples|-R|--raw-samples|-B|--no-buildid|-N|--no-buildid-cache|-b': 'flag',
  '--branch-any|--branch-counters|-W|--weight|--namespaces|--all-cgroups|--transaction|--per-thread': 'flag',
  '--running-time|--switch-events|--buildid-all|--buildid-mmap|-z|--all-kernel|--all-user': 'flag',
  '--kernel-callchains|--user-callchains|--timestamp-filename|--timestamp-boundary|--dry-run': 'flag',
  '--tail-synthesize|--overwrite|--off-cpu|--no-bpf-event|--kcore|--latency|-h|--help': 'flag',
};

// perf stat [OPTIONS] [COMMAND [ARGS]]: --pre and --post run shell commands around it
const PERF_STAT: Record<string, OptionKind> = {
  '-o|--output': 'overwrite',
  '--pre|--post': 'script',
  '-e|--event|--filter|-p|--pid|-t|--tid|-r|--repeat|-C|--cpu|-x|--field-separator|-G|--cgroup': 'data',
  '--for-each-cgroup|--log-fd|-I|--interval-print|--interval-count|--timeout|-D|--delay|--td-level|-M': 'data',
  '--metrics|--control|--bpf-attr-map|--cputype': 'data',
  '--per-cache|--iostat': 'optional',
  '-i|--no-inherit|-a|--all-cpus|--no-scale|-c|--scale|-B|--big-num|--no-big-num|-n|--null|-v|--verbose': 'flag',
  '--append|--interval-clear|--metric-only|--per-socket|--per-die|--per-cluster|--per-core|--per-thread': 'flag',
  '--per-node|-T|--transaction|--topdown|--smi-cost|--metric-no-group|--metric-no-merge': 'flag',
  '--metric-no-threshold|-A|--no-aggr|--no-merge|--percore-show-thread|-d|--detailed|--all-kernel': 'flag',
  '--all-user|--summary|--no-csv-summary|-q|--quiet|--bpf-counters|-j|--json|-S|--sync|--table|-h|--help': 'flag',
};

// perf trace [OPTIONS] [COMMAND [ARGS]]
const PERF_TRACE: Record<string, OptionKind> = {
  '-o|--output': 'overwrite',
  '-i|--input': 'read',
  '-e|--expr|--event|--filter|-D|--delay|-p|--pid|-t|--tid|-u|--uid|-G|--cgroup|--filter-pids|-m': 'data',
  '--mmap-pages|-C|--cpu|--duration|--summary-mode|--call-graph|--max-events|--switch-on|--switch-off': 'data',
  '--max-stack|--min-stack|--proc-map-timeout|--map-dump': 'data',
  '-F|--pf': 'optional',
  '-a|--all-cpus|-v|--verbose|--no-inherit|-s|--summary|-S|--with-summary|--errno-summary|--tool_stats|-f': 'flag',
  '--force|--syscalls|--no-syscalls|--kernel-syscall-graph|--show-on-off-events|--print-sample': 'flag',
  '--sort-events|--failure|-T|--time|--comm|--libtraceevent_print|--bpf-summary|-h|--help': 'flag',
};

const RUNS_COMMAND = { rest: 'command' } as const;

const PERF: CommandSpec = {
  options: PERF_OPTIONS,
  subcommands: {
    record: { options: PERF_RECORD, operands: RUNS_COMMAND },
    stat: { options: PERF_STAT, operands: RUNS_COMMAND },
    trace: { options: PERF_TRACE, operands: RUNS_COMMAND },
  },
  // its other subcommands (report, script, list, top...) report what perf recorded; their words
  // are the reader's: `perf script -s FILE` runs a script file, which fails closed
  otherSubcommand: { operands: 'data', reader: 'perf' },
};

/** capsh, bwrap, gdb, perf, expect. */
export const PROGRAM_WRAPPER_COMMANDS: CommandSpecs = {
  // capsh [OPTIONS] [-- BASH-ARGS | == CAPSH-ARGS]: every option is `--name` or `--name=value`;
  // no run role: after `--` its words are bash's arguments, after `==` capsh's, read by the reader
  capsh: {
    options: {
      '--print|--current|--noamb|--modes|--strict|--quiet|--license|--help|--noenv': 'flag',
      '--caps|--drop|--inh|--addamb|--delamb|--iab|--secbits|--keep|--uid|--gid|--groups|--killit': 'data',
      '--forkfor|--decode|--supports|--has-p|--has-i|--has-a|--has-ambient|--has-b|--is-uid|--is-gid': 'data',
      '--mode|--inmode|--explain|--suggest': 'data',
      '--user': 'user',
      '--chroot': 'read',
      // the shell `--` runs, bash when not given
      '--shell': 'program',
    },
    reader: 'capsh',
  },
  // bwrap [OPTIONS] [--] COMMAND: each option's first value by its kind; some take two or three
  // values, which the option grammar cannot say, so the reader finds where the command starts
  bwrap: {
    options: {
      '--help|--version|--unshare-all|--share-net|--unshare-user|--unshare-user-try|--unshare-ipc': 'flag',
      '--unshare-pid|--unshare-net|--unshare-uts|--unshare-cgroup|--unshare-cgroup-try|--disable-userns': 'flag',
      '--assert-userns-disabled|--clearenv|--new-session|--die-with-parent|--as-pid-1|--level-prefix': 'flag',
      '--userns|--userns2|--pidns|--uid|--gid|--hostname|--chdir|--unsetenv|--lock-file|--sync-fd': 'data',
      '--remount-ro|--tmp-overlay|--exec-label|--file-label|--proc|--dev|--tmpfs|--mqueue|--dir|--seccomp': 'data',
      '--add-seccomp-fd|--block-fd|--userns-block-fd|--info-fd|--json-status-fd|--cap-add|--cap-drop': 'data',
      '--perms|--size|--argv0|--ro-overlay': 'data',
      '--overlay-src|--ro-bind|--ro-bind-try': 'read',
      // a host folder the sandbox may write
      '--bind|--bind-try|--dev-bind|--dev-bind-try|--overlay': 'write',
      '--setenv|--bind-fd|--ro-bind-fd|--file|--bind-data|--ro-bind-data|--symlink|--chmod': 'data',
      // options read from a file descriptor: the reader fails closed
      '--args': 'data',
    },
    reader: 'bwrap',
  },
  gdb: GDB,
  perf: PERF,
  // expect [-dDinN] [-c CMDS] [[-f|-b] CMDFILE] [ARGS]: Tcl whose spawn and exec start any
  // command; the reader fails closed unless it only prints its version
  expect: {
    options: { '-c': 'code', '-f|-b': 'program', '-D': 'data', '-d|-i|-n|-N|-v|--version': 'flag' },
    operands: { rest: 'program' },
    reader: 'expect',
  },
};
