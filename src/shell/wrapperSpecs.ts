import type { PathRole } from './shellAnalysis';

/** How a wrapper command's line reads: its options, then (optionally) fixed operands, then the command it runs. */
export interface WrapperSpec {
  /** options that take a value, as the next word or attached (`-uroot`, `--user=root`) */
  readonly valued: readonly string[];
  /** options naming the user the command runs as; an elevating wrapper defaults to root */
  readonly userOptions?: readonly string[];
  /** options whose value is a shell script run through `sh -c` (`flock FILE -c 'cmd'`) */
  readonly scriptOptions?: readonly string[];
  /** options with which nothing is run (`command -v`, `ionice -p PID`) */
  readonly lookupOptions?: readonly string[];
  /** options with which the operands are files to edit (`sudo -e`) */
  readonly editOptions?: readonly string[];
  /** operands are always files to edit (`sudoedit`) */
  readonly editsFiles?: boolean;
  /** options whose value is a file the wrapper writes (`time -o FILE`) */
  readonly outputOptions?: readonly string[];
  /** operands read before the command: timeout's duration, chroot's directory, flock's lock file */
  readonly leadingOperands?: number;
  readonly leadingOperandRole?: PathRole;
  /** the first leading operand is the user the command runs as (`gosu USER CMD`) */
  readonly userOperand?: boolean;
  /** the command's words are joined and run by `sh -c`, unless one of these options is given (watch -x) */
  readonly joinsWordsUnless?: readonly string[];
  /** options may follow the leading operands too (`setarch ARCH -R cmd`) */
  readonly optionsAfterOperands?: boolean;
  /** with no command it runs a shell, which reads its program from stdin (`unshare -r`) */
  readonly shellWithoutCommand?: boolean;
  /** runs the command with elevated privileges unless one of these options is given (`systemd-run --user`) */
  readonly elevatesUnless?: readonly string[];
  /** flags with which the command's words are joined and run by a shell (`entr -s 'make test'`) */
  readonly scriptFlags?: readonly string[];
}

const SUDO_VALUED = ['-u', '--user', '-g', '--group', '-p', '--prompt', '-C', '--close-from', '-D', '--chdir', '-r', '--role', '-t', '--type', '-T', '--command-timeout', '-U', '--other-user', '-R', '--chroot', '--host'];

/** Wrappers seen through: each runs the command that follows its own options. */
export const WRAPPER_SPECS: Readonly<Record<string, WrapperSpec>> = {
  sudo: { valued: SUDO_VALUED, userOptions: ['-u', '--user'], editOptions: ['-e', '--edit'] },
  sudoedit: { valued: SUDO_VALUED, userOptions: ['-u', '--user'], editsFiles: true },
  doas: { valued: ['-u', '-C'], userOptions: ['-u'] },
  pkexec: { valued: ['--user'], userOptions: ['--user'] },
  run0: {
    valued: ['-u', '--user', '-g', '--group', '-D', '--chdir', '--nice', '--setenv', '--unit', '--property', '--description', '--slice', '--machine', '--background'],
    userOptions: ['-u', '--user'],
  },
  'sudo-rs': { valued: SUDO_VALUED, userOptions: ['-u', '--user'], editOptions: ['-e', '--edit'] },
  pfexec: { valued: ['-P'] },
  // container entrypoint helpers that run the command as the user named first
  gosu: { valued: [], leadingOperands: 1, userOperand: true },
  'su-exec': { valued: [], leadingOperands: 1, userOperand: true },
  setuidgid: { valued: [], leadingOperands: 1, userOperand: true },
  's6-setuidgid': { valued: [], leadingOperands: 1, userOperand: true },
  nohup: { valued: [] },
  setsid: { valued: [] },
  builtin: { valued: [] },
  busybox: { valued: [] },
  exec: { valued: ['-a'] },
  command: { valued: [], lookupOptions: ['-v', '-V'] },
  time: { valued: ['-f', '--format', '-o', '--output'], outputOptions: ['-o', '--output'] },
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], leadingOperands: 1 },
  nice: { valued: ['-n', '--adjustment'] },
  ionice: { valued: ['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid'], lookupOptions: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
  stdbuf: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  chroot: { valued: ['--userspec', '--groups'], leadingOperands: 1, leadingOperandRole: 'read' },
  flock: { valued: ['-w', '--timeout', '-E', '--conflict-exit-code'], leadingOperands: 1, leadingOperandRole: 'write', scriptOptions: ['-c', '--command'] },
  watch: { valued: ['-n', '--interval', '-q', '--equexit'], joinsWordsUnless: ['-x', '--exec'] },
  strace: { valued: ['-o', '-e', '-p', '-s', '-u', '-E', '-I', '-b', '-a', '-O', '-S', '-P', '-X'], lookupOptions: ['-p'], outputOptions: ['-o'] },
  ltrace: { valued: ['-o', '-e', '-p', '-s', '-u', '-n', '-a', '-A', '-D', '-E', '-F', '-l', '-L', '-x'], lookupOptions: ['-p'], outputOptions: ['-o'] },
  valgrind: { valued: [] },
  unbuffer: { valued: [] },
  caffeinate: { valued: ['-t', '-w'] },
  torsocks: { valued: ['-u', '-p', '-a', '-P'] },
  proxychains: { valued: ['-f'] },
  proxychains4: { valued: ['-f'] },
  firejail: { valued: [] },
  'dbus-launch': { valued: [] },
  'dbus-run-session': { valued: ['--config-file', '--dbus-daemon'] },
  'ssh-agent': { valued: ['-a', '-E', '-O', '-P', '-t'], lookupOptions: ['-k'] },
  // --host runs the command outside the Flatpak sandbox, on the host
  'flatpak-spawn': {
    valued: ['--forward-fd', '--env', '--unset-env', '--directory', '--sandbox-expose', '--sandbox-expose-ro', '--sandbox-expose-path', '--sandbox-expose-path-ro', '--sandbox-flag', '--app-path', '--usr-path'],
  },
  proot: { valued: ['-r', '--rootfs', '-b', '--bind', '-m', '--mount', '-w', '--pwd', '--cwd', '-q', '--qemu', '-k', '--kernel-release', '-R', '-S'], shellWithoutCommand: true },
  // entr [-acdnprsz] UTILITY [ARGS]: runs the utility when a file changes; -s hands it to $SHELL
  entr: { valued: [], scriptFlags: ['-s'] },
  // dotenv-cli: dotenv [-e FILE]... [-v NAME=VALUE] [-c ENV] [--] COMMAND; -p NAME prints a value
  dotenv: { valued: ['-e', '-v', '-p', '-c'], lookupOptions: ['-p'] },
  // env-cmd [-f FILE] [-r RCFILE] [-e ENVS] [--use-shell] COMMAND
  'env-cmd': { valued: ['-f', '--file', '-r', '--rc-file', '-e', '--environments'], scriptFlags: ['--use-shell'] },
  'xvfb-run': { valued: ['-n', '--server-num', '-s', '--server-args', '-f', '--auth-file', '-e', '--error-file'] },
  // scheduling and resource wrappers: their own operand (cpu list, priority, timestamp), then the command
  taskset: { valued: [], leadingOperands: 1, lookupOptions: ['-p', '--pid'] },
  chrt: { valued: ['-T', '--sched-runtime', '-P', '--sched-period', '-D', '--sched-deadline'], leadingOperands: 1, lookupOptions: ['-p', '--pid', '-m', '--max'] },
  numactl: {
    valued: ['-i', '--interleave', '-m', '--membind', '-N', '--cpunodebind', '-C', '--physcpubind', '-p', '--preferred', '-P', '--preferred-many', '-w', '--weighted-interleave', '-b', '--balancing'],
    lookupOptions: ['-s', '--show', '-H', '--hardware'],
  },
  prlimit: { valued: ['-p', '--pid', '-o', '--output'], lookupOptions: ['-p', '--pid'] },
  faketime: { valued: ['-p', '--date-prog'], leadingOperands: 1 },
  eatmydata: { valued: [] },
  // init and supervision helpers: tini, dumb-init, s6-overlay's with-contenv, moreutils' chronic
  tini: { valued: ['-p', '-e'] },
  'dumb-init': { valued: ['-r', '--rewrite'] },
  'with-contenv': { valued: [] },
  chronic: { valued: [] },
  catchsegv: { valued: [] },
  chpst: { valued: ['-u', '-U', '-b', '-e', '-/', '-n', '-l', '-L', '-m', '-d', '-o', '-p', '-f', '-c', '-r', '-t'] },
  // privilege, namespace and architecture wrappers
  fakeroot: { valued: ['-l', '--lib', '--faked', '-s', '-i', '-b'], shellWithoutCommand: true },
  setpriv: {
    valued: ['--reuid', '--regid', '--ruid', '--euid', '--rgid', '--egid', '--groups', '--inh-caps', '--ambient-caps', '--bounding-set', '--securebits', '--pdeathsig', '--selinux-label', '--apparmor-profile', '--landlock-access', '--landlock-rule'],
    lookupOptions: ['-d', '--dump', '--list-caps'],
  },
  setarch: { valued: [], leadingOperands: 1, optionsAfterOperands: true, lookupOptions: ['--list'], shellWithoutCommand: true },
  linux32: { valued: [], shellWithoutCommand: true },
  linux64: { valued: [], shellWithoutCommand: true },
  unshare: {
    valued: ['-S', '--setuid', '-G', '--setgid', '-R', '--root', '-w', '--wd', '--propagation', '--setgroups', '--map-user', '--map-group', '--map-users', '--map-groups', '--monotonic', '--boottime'],
    shellWithoutCommand: true,
  },
  nsenter: { valued: ['-t', '--target', '-S', '--setuid', '-G', '--setgid'], shellWithoutCommand: true },
  'systemd-run': {
    valued: [
      '-u', '--unit', '-p', '--property', '--description', '--slice', '-E', '--setenv', '--uid', '--gid', '--nice', '-M', '--machine', '-H', '--host',
      '--on-active', '--on-boot', '--on-startup', '--on-unit-active', '--on-unit-inactive', '--on-calendar', '--path-property', '--socket-property',
      '--timer-property', '--working-directory', '--service-type',
    ],
    userOptions: ['--uid'],
    elevatesUnless: ['--user'],
    shellWithoutCommand: true,
  },
  // script -c CMD [FILE]; BSD script FILE CMD...; with neither an interactive shell reads stdin
  script: {
    valued: ['-c', '--command', '-E', '--echo', '-I', '--log-in', '-O', '--log-out', '-B', '--log-io', '-T', '--log-timing', '-m', '--logging-format', '-o', '--output-limit', '-F'],
    scriptOptions: ['-c', '--command'],
    leadingOperands: 1,
    leadingOperandRole: 'overwrite',
    shellWithoutCommand: true,
  },
  // sg GROUP [-c] COMMAND: the command is run by sh -c
  sg: { valued: [], leadingOperands: 1, scriptOptions: ['-c'], joinsWordsUnless: [], shellWithoutCommand: true },
};

/** Python modules run as CLIs whose rules apply (`python3 -m pip install x` reads as `pip install x`). */
export const PYTHON_CLI_MODULES: ReadonlySet<string> = new Set(['pip', 'pip3', 'pipx', 'twine', 'poetry', 'pdm', 'uv', 'conda', 'ensurepip', 'venv', 'virtualenv']);

/** Tool subcommands that run the command after their options (`uv run pytest`, `bundle exec rake`). */
export const RUNNER_SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = {
  'uv run': ['--with', '--python', '-p', '--package', '--env-file', '--directory', '--project', '--extra', '--group', '--index', '--index-url', '--with-requirements'],
  'poetry run': [],
  'pipenv run': [],
  'pdm run': [],
  'hatch run': [],
  'rye run': [],
  'pixi run': ['-e', '--environment', '--manifest-path'],
  'bundle exec': [],
  'bundler exec': [],
  'conda run': ['-n', '--name', '-p', '--prefix', '--cwd'],
  'mamba run': ['-n', '--name', '-p', '--prefix', '--cwd'],
  'micromamba run': ['-n', '--name', '-p', '--prefix', '--cwd'],
};
