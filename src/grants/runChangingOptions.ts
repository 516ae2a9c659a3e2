/**
 * Options that change what a program runs rather than how it runs it: the folder or package it
 * runs in, the shell or node options its scripts run with, another configuration, code loaded
 * first. A grant narrowed to `npm test` was given for the project's test script, not for
 * `npm test --script-shell ./x.sh`, so such an option counts only where the grant's prefix names
 * it itself. Option names as the programs spell them; one ending in `=` is an operand assignment
 * (`make SHELL=./x.sh`).
 */

// options any program that has them reads to choose another folder, configuration or loaded code
const EVERY_PROGRAM = [
  '--prefix',
  '--cwd',
  '--chdir',
  '--dir',
  '--directory',
  '--workdir',
  '--working-directory',
  '--rcfile',
  '--init-file',
  '--script-shell',
  '--node-options',
  '--userconfig',
  '--globalconfig',
  '--env-file',
  '--env-file-if-exists',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '--preload',
];

// npm's configuration chooses the shell, the node options, the package folder and the programs it starts
const NPM = [
  '-C',
  '-w',
  '--workspace',
  '--workspaces',
  '-ws',
  '--include-workspace-root',
  '--onload-script',
  '--shell',
  '-c',
  '--call',
  '-p',
  '--package',
  '--registry',
  '--git',
  '--node-gyp',
  '--editor',
  '--browser',
  '--viewer',
  '--init-module',
];

const PNPM = [
  '-C',
  '-F',
  '--filter',
  '--filter-prod',
  '--workspace-dir',
  '-w',
  '--workspace-root',
  '-r',
  '--recursive',
  '--config-dir',
  '--shell-emulator',
  '--use-node-version',
  '-c',
  '--shell-mode',
  '--registry',
  '--package',
];

const YARN = ['--use-yarnrc', '--modules-folder', '--registry', '--global-folder', '--link-folder'];

const BUN = ['-c', '--config', '-r', '-F', '--filter', '--shell', '--registry', '-p', '--package'];

// node loads these before the program, or resolves its modules by other conditions
const NODE = [
  '-r',
  '-C',
  '--conditions',
  '--experimental-policy',
  '--openssl-config',
  '--snapshot-blob',
  '--experimental-config-file',
];

// make reads other makefiles, or runs its recipes with another shell
const MAKE = [
  '-C',
  '-f',
  '--file',
  '--makefile',
  '-I',
  '--include-dir',
  '-E',
  '--eval',
  '-e',
  '--environment-overrides',
  'SHELL=',
  '.SHELLFLAGS=',
  'MAKEFLAGS=',
  'MAKEFILES=',
];

// git's configuration names pagers, hooks, ssh commands and helpers; these choose another
const GIT = [
  '-C',
  '-c',
  '--config-env',
  '--git-dir',
  '--work-tree',
  '--exec-path',
  '--upload-pack',
  '--receive-pack',
  '--exec',
  '--template',
];

const JUST = [
  '-f',
  '--justfile',
  '-d',
  '--shell',
  '--shell-arg',
  '--dotenv-path',
  '--dotenv-filename',
  '-c',
  '--command',
  '--set',
];

const TASK = ['-d', '-t', '--taskfile'];

const CARGO = ['-C', '-Z', '--config', '--manifest-path'];

const GO = ['-C', '-exec', '-toolexec', '-modfile', '-overlay'];

// pytest loads plugins and reads its configuration, which may add more of both
const PYTEST = ['-c', '--config-file', '-p', '--rootdir', '--confcutdir', '-o', '--override-ini'];

const OWN_OPTIONS: readonly (readonly [string, readonly string[]])[] = [
  ['npm', NPM],
  ['npx', NPM],
  ['pnpm', PNPM],
  ['pnpx', PNPM],
  ['yarn', YARN],
  ['bun', BUN],
  ['bunx', BUN],
  ['node', NODE],
  ['nodejs', NODE],
  ['make', MAKE],
  ['gmake', MAKE],
  ['git', GIT],
  ['just', JUST],
  ['task', TASK],
  ['cargo', CARGO],
  ['go', GO],
  ['pytest', PYTEST],
  ['py.test', PYTEST],
];

// each program's own options with those of every program
const BY_PROGRAM: ReadonlyMap<string, readonly string[]> = new Map(
  OWN_OPTIONS.map(([program, names]) => [program, [...EVERY_PROGRAM, ...names]]),
);

/** Whether `word` is the option `name` (`--prefix`, `--prefix=web`, `-C`, `-Cweb`) or the assignment `name` begins. */
function isOption(word: string, name: string): boolean {
  if (name.endsWith('=')) return word.startsWith(name);
  if (word === name) return true;
  // a long option's value after '=', a short option's attached to it
  return name.startsWith('--') || !name.startsWith('-') || name.length !== 2
    ? word.startsWith(`${name}=`)
    : word.startsWith(name) && !word.startsWith('--');
}

/** The index of the last word of `words` from `from` on that changes what the program `program` runs, or -1. */
export function lastRunChangingOption(program: string, words: readonly string[], from: number): number {
  const names = BY_PROGRAM.get(program) ?? EVERY_PROGRAM;
  let found = -1;
  for (let index = from; index < words.length; index++) {
    const word = words[index] ?? '';
    // what follows `--` is the arguments of the script or program it runs, not its own options
    if (word === '--') break;
    if (names.some((name) => isOption(word, name))) found = index;
  }
  return found;
}
