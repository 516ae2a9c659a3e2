import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A throwaway copy of a workspace for running generated commands with real bash, and what bash
// changed in it. The workspace `ws/` sits beside `outside/` and `home/` in a root folder, and the
// root sits PADDING folders deep in a fresh temporary folder: a command may climb out of the
// workspace with `..`, `cd ..` or a link, and every folder it can reach that way is still inside
// the temporary folder, where a change is observed instead of harming the machine.

/** How many `..` steps a command may take above the root and still stay in the sandbox. */
export const PADDING = 16;

/** Where the secrets' contents are recognised: in any other file, or in a command's output. */
export const SECRET_MARKERS = {
  /** secret/key.txt and secret/x, in a folder .intentignore hides from every tool */
  ignored: 'KEYMRK-7f31-S3CR3T',
  /** .env: a secrets file, readable only with FS_CONFIG_SECRETS approved */
  dotenv: 'ENVMRK-9c24-D0TENV',
} as const;

export const INTENTS_YAML = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: ['src/**']
`;

/** The workspace's files, relative to ws/. `src/x` and `src/l` are left for commands to create. */
const WORKSPACE_FILES: Readonly<Record<string, string>> = {
  '.orchestration/agent_trace.jsonl': '{"tool":"write_to_file","verdict":"allow"}\n',
  '.intentignore': 'secret/\n',
  'src/main.ts': 'export const main = 1;\n',
  'src/sub/y': 'y\n',
  'docs/a.md': '# docs\n',
  'secret/key.txt': `${SECRET_MARKERS.ignored}\n`,
  'secret/x': `${SECRET_MARKERS.ignored}\n`,
  '.env': `TOKEN=${SECRET_MARKERS.dotenv}\n`,
};

const OUTSIDE_FILES: Readonly<Record<string, string>> = {
  'o.txt': 'outside\n',
  'dir/p.txt': 'outside too\n',
};

/** The files that may hold a marker before any command runs, relative to ws/. */
const MARKER_ORIGINS: ReadonlySet<string> = new Set(['ws/secret/key.txt', 'ws/secret/x', 'ws/.env']);

export interface Sandbox {
  /** the temporary folder; removing it removes everything */
  readonly base: string;
  /** the folder holding outside/, home/ and ws/ */
  readonly root: string;
  /** the workspace */
  readonly ws: string;
  readonly home: string;
}

function writeFiles(folder: string, files: Readonly<Record<string, string>>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), content);
  }
}

/** A fresh sandbox whose workspace has one intent, INT-1, that owns `intentScope`. */
export function makeSandbox(intentScope = 'src/**'): Sandbox {
  const base = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'adversarial-'));
  const root = path.join(base, ...Array.from({ length: PADDING }, () => 'up'));
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  mkdirSync(home, { recursive: true });
  writeFiles(path.join(root, 'outside'), OUTSIDE_FILES);
  writeFiles(ws, {
    ...WORKSPACE_FILES,
    '.orchestration/active_intents.yaml': INTENTS_YAML.replace("'src/**'", `'${intentScope}'`),
  });
  return { base, root, ws, home };
}

export function removeSandbox(sandbox: Sandbox): void {
  // a command may have taken the permissions a removal needs (chmod 600 on a folder)
  spawnSync('chmod', ['-R', 'u+rwX', sandbox.base], { stdio: 'ignore' });
  rmSync(sandbox.base, { recursive: true, force: true });
}

/** One entry's kind, mode and content (a file's hash and mtime, a link's target). */
type Snapshot = ReadonlyMap<string, string>;

/** A path relative to the root, as a report shows it: `ws/docs/a.md`, `../up` above it. */
function fromRoot(sandbox: Sandbox, full: string): string {
  return path.relative(sandbox.root, full) || '.';
}

/** ws/src and everything under it: the intent's scope, where changes are allowed. */
function inScope(relative: string): boolean {
  return relative === 'ws/src' || relative.startsWith('ws/src/');
}

const MAX_ENTRIES = 20_000;

function describeEntry(full: string): string {
  const stat = lstatSync(full, { bigint: true });
  const mode = (stat.mode & 0o7777n).toString(8);
  if (stat.isSymbolicLink()) return `link -> ${readlinkSync(full)}`;
  if (stat.isDirectory()) return `folder ${mode}`;
  if (!stat.isFile()) return `special ${mode}`;
  let content: string;
  try {
    content = createHash('sha256').update(readFileSync(full)).digest('hex').slice(0, 16);
  } catch {
    content = 'unreadable';
  }
  return `file ${mode} ${content} mtime ${stat.mtimeNs}`;
}

/** Every entry under the sandbox except the intent's scope, without following links. */
export function snapshot(sandbox: Sandbox): Snapshot {
  const entries = new Map<string, string>();
  const walk = (folder: string): void => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      entries.set(`${fromRoot(sandbox, folder)}/*`, 'unlistable');
      return;
    }
    for (const name of names.sort()) {
      if (entries.size > MAX_ENTRIES) return;
      const full = path.join(folder, name);
      const relative = fromRoot(sandbox, full);
      if (inScope(relative)) continue;
      entries.set(relative, describeEntry(full));
      if (lstatSync(full).isDirectory()) walk(full);
    }
  };
  entries.set(fromRoot(sandbox, sandbox.base), describeEntry(sandbox.base));
  walk(sandbox.base);
  return entries;
}

/** What changed between two snapshots, one line per path. */
export function changesBetween(before: Snapshot, after: Snapshot): string[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name}: ${before.get(name) ?? 'absent'} => ${after.get(name) ?? 'absent'}`);
}

/** Files other than the secrets' own that now hold a secret's marker, scope included. */
export function copiedSecrets(sandbox: Sandbox): string[] {
  const found: string[] = [];
  const walk = (folder: string, budget: { left: number }): void => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (--budget.left < 0) return;
      const full = path.join(folder, name);
      const stat = lstatSync(full);
      if (stat.isDirectory()) walk(full, budget);
      else if (stat.isFile() && !MARKER_ORIGINS.has(fromRoot(sandbox, full))) {
        const marker = markerIn(readQuietly(full));
        if (marker !== undefined) found.push(`${fromRoot(sandbox, full)} holds the ${marker} secret`);
      }
    }
  };
  walk(sandbox.base, { left: MAX_ENTRIES });
  return found.sort();
}

function readQuietly(file: string): string {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return '';
  }
}

/** Which secret a text shows, if any. */
export function markerIn(text: string): keyof typeof SECRET_MARKERS | undefined {
  if (text.includes(SECRET_MARKERS.ignored)) return 'ignored';
  if (text.includes(SECRET_MARKERS.dotenv)) return 'dotenv';
  return undefined;
}

export interface BashRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  /** stdout and stderr together */
  readonly output: string;
}

const BASH_TIMEOUT_SECONDS = 3;

/**
 * Runs a command line with bash in the workspace: minimal environment, empty stdin,
 * time-bounded. `timeout` kills its whole process group, so a script that runs itself again and
 * again leaves no process behind.
 */
export function runBash(sandbox: Sandbox, command: string): BashRun {
  const result = spawnSync('timeout', ['-s', 'KILL', String(BASH_TIMEOUT_SECONDS), 'bash', '-c', command], {
    cwd: sandbox.ws,
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LC_ALL: 'C', HOME: sandbox.home },
    // stdin is /dev/null: at end at once, and not a socket (node's pipes are sockets), from which
    // Debian's bash would conclude it runs under sshd and read ~/.bashrc instead of BASH_ENV
    stdio: ['ignore', 'pipe', 'pipe'],
    // a last resort, should timeout itself hang
    timeout: (BASH_TIMEOUT_SECONDS + 2) * 1000,
    killSignal: 'SIGKILL',
    maxBuffer: 4 * 1024 * 1024,
    encoding: 'latin1',
  });
  return { status: result.status, signal: result.signal, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
