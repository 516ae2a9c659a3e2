import { isOptionWord, valuedSet } from './options';
import type { ShellWord } from './shellWord';

/** Options a tool takes before its subcommand that consume a value (`git -C dir push`). */
const TOOL_VALUED_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  git: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--list-cmds'],
  npm: ['--prefix', '-C', '-w', '--workspace', '--registry', '--cache', '--userconfig', '--globalconfig', '--loglevel', '--otp'],
  pnpm: ['-C', '--dir', '--filter', '-F', '--workspace-dir', '--registry', '--loglevel', '--reporter', '--config-dir'],
  yarn: ['--cwd', '--registry', '--modules-folder', '--cache-folder', '--mutex', '--network-timeout'],
  bun: ['--cwd', '-c', '--config', '--env-file'],
  pip: ['--python', '--proxy', '--retries', '--timeout', '--exists-action', '--trusted-host', '--cert', '--client-cert', '--cache-dir', '--log', '--log-file', '--use-feature', '--use-deprecated', '--keyring-provider'],
  uv: ['--directory', '--project', '--cache-dir', '--config-file', '--color', '--python', '-p', '--index-url', '--default-index', '--index', '--extra-index-url'],
  poetry: ['-C', '--directory', '-P', '--project'],
  pipenv: ['--python'],
  cargo: ['--config', '-C', '-Z', '--color'],
  // with compose's own -f/-p/--profile, so `docker compose -f x.yml up` reads as `compose up`
  docker: ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--tlscacert', '--tlscert', '--tlskey', '-f', '--file', '-p', '--project-name', '--profile', '--env-file', '--project-directory'],
  kubectl: ['--context', '-n', '--namespace', '--kubeconfig', '--cluster', '--user', '-s', '--server', '--token', '--as', '--as-group', '--request-timeout', '--certificate-authority', '--client-certificate', '--client-key', '--cache-dir', '--tls-server-name', '-v'],
  pulumi: ['-C', '--cwd', '-s', '--stack'],
  npx: ['-p', '--package', '-c', '--call'],
  helm: ['--kube-context', '-n', '--namespace', '--kubeconfig', '--registry-config', '--repository-config', '--repository-cache'],
  gh: ['-R', '--repo'],
  glab: ['-R', '--repo'],
  composer: ['-d', '--working-dir'],
  systemctl: ['-H', '--host', '-M', '--machine', '-t', '--type', '-p', '--property', '-n', '--lines', '-o', '--output', '-s', '--signal', '--root', '--state', '--kill-whom', '--job-mode'],
  apt: ['-o', '-c', '-t', '--option', '--config-file', '--target-release'],
  aptitude: ['-o', '-t', '-F', '-w'],
  dnf: ['-c', '--config', '--installroot', '--releasever', '--enablerepo', '--disablerepo', '--repo', '-x', '--exclude', '--setopt', '-d', '--debuglevel', '-e', '--errorlevel'],
  zypper: ['-R', '--root', '-c', '--config', '--reposd-dir'],
  apk: ['-X', '--repository', '-p', '--root', '--arch', '--cache-dir', '--keys-dir'],
  conda: ['--prefix'],
  ip: ['-n', '-netns', '-f', '-family', '-b', '-batch', '-rc', '-rcvbuf', '-l', '-loops'],
  nix: ['--option', '--extra-experimental-features', '--experimental-features'],
  // account tools: so that a detail names the account, not a group or shell
  useradd: ['-G', '--groups', '-g', '--gid', '-d', '--home', '--home-dir', '-s', '--shell', '-c', '--comment', '-u', '--uid', '-e', '--expiredate', '-f', '--inactive', '-k', '--skel', '-K', '--key', '-p', '--password', '-R', '--root', '-P', '--prefix', '-l', '--login', '-b', '--base-dir', '-Z', '--selinux-user'],
  groupadd: ['-g', '--gid', '-K', '--key', '-p', '--password', '-R', '--root', '-P', '--prefix', '-n', '--new-name', '-U', '--users'],
};

const ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({
  pip3: 'pip',
  pip2: 'pip',
  'apt-get': 'apt',
  yum: 'dnf',
  microdnf: 'dnf',
  tdnf: 'dnf',
  podman: 'docker',
  oc: 'kubectl',
  usermod: 'useradd',
  adduser: 'useradd',
  groupmod: 'groupadd',
  addgroup: 'groupadd',
  hub: 'git',
  pnpx: 'npx',
  bunx: 'npx',
  mamba: 'conda',
  micromamba: 'conda',
}));

const EMPTY: ReadonlySet<string> = new Set();

const VALUED: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(TOOL_VALUED_OPTIONS).map(([tool, names]) => [tool, valuedSet(names)] as const),
);

/** The valued options of a tool (shared by its aliases: pip3 reads as pip). */
export function toolValuedOptions(name: string): ReadonlySet<string> {
  return VALUED.get(ALIASES.get(name) ?? name) ?? EMPTY;
}

/** A tool's subcommand words and where its operands start. */
export interface Subcommand {
  /** the first operands after the tool's options, up to `levels` of them */
  readonly words: readonly ShellWord[];
  /** index (in the command's words) just after each word in `words` */
  readonly ends: readonly number[];
  /** index just after the last word read */
  readonly next: number;
}

/**
 * Reads up to `levels` subcommand words after the tool's own options: `git -C d --no-pager push`
 * gives `push`; `uv pip --quiet install` gives `pip install`; `cargo +nightly add` skips the toolchain.
 */
export function readSubcommand(name: string, words: readonly ShellWord[], levels: number): Subcommand {
  const valued = toolValuedOptions(name);
  const found: ShellWord[] = [];
  const ends: number[] = [];
  let index = 1;
  while (index < words.length && found.length < levels) {
    const word = words[index];
    if (word === undefined) break;
    if (word.value === '--') break;
    if (isOptionWord(word) || (name === 'cargo' && word.value?.startsWith('+') === true)) {
      const value = word.value ?? '';
      index += valued.has(value) && !value.includes('=') ? 2 : 1;
      continue;
    }
    found.push(word);
    index++;
    ends.push(index);
  }
  return { words: found, ends, next: index };
}
