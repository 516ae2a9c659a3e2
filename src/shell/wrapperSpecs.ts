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
  /** the command's words are joined and run by `sh -c`, unless one of these options is given (watch -x) */
  readonly joinsWordsUnless?: readonly string[];
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
  'xvfb-run': { valued: ['-n', '--server-num', '-s', '--server-args', '-f', '--auth-file', '-e', '--error-file'] },
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
  'pnpm exec': [],
};
