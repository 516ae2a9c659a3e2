import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isWithin, type PathProbe } from './profilePaths';

/** One place of the profile and why it is there. */
export interface GitPlace {
  readonly path: string;
  readonly reason: string;
}

/** What the profile does with the workspace repository's `.git`. */
export interface GitPlaces {
  readonly writable: readonly GitPlace[];
  readonly readOnly: readonly GitPlace[];
  /** places in a writable .git that must not exist after a command: the runner removes them */
  readonly removeAfter: readonly GitPlace[];
  readonly notes: readonly string[];
}

const NONE: GitPlaces = Object.freeze({ writable: [], readOnly: [], removeAfter: [], notes: [] });

// names git reads in a .git folder that point it at another configuration: created by a
// command, the host's next `git status` would run that configuration's programs (core.fsmonitor)
const REDIRECTS = ['commondir', 'config.worktree'] as const;

// what git runs or obeys: a command that could write them would run code outside the sandbox later
const GUARDS = [
  { name: 'hooks', dir: true, why: 'git runs these hooks, later outside the sandbox too' },
  {
    name: 'config',
    dir: false,
    why: "git's configuration names programs it runs (core.hooksPath, core.fsmonitor, aliases, filters)",
  },
  { name: 'info', dir: true, why: 'info/attributes chooses filters and info/exclude what git sees' },
] as const;

/** core.hooksPath from .git/config when it names a folder inside the workspace: writable there, hooks could be planted. */
function hooksPathOf(gitDir: string, realRoot: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(gitDir, 'config'), 'utf8');
  } catch {
    return undefined;
  }
  const match = /^\s*hookspath\s*=\s*"?([^"\n]+?)"?\s*$/im.exec(text);
  if (match?.[1] === undefined) return undefined;
  const value = match[1].trim();
  return path.isAbsolute(value) ? value : path.join(realRoot, value);
}

/**
 * The `.git` rule. In-scope git work (`add`, `commit`, `checkout -- file`, `restore`, `stash`)
 * takes `.git/index.lock` and writes objects and refs, so `.git` is writable when a writable
 * place holds the repository's working files, with its hooks, config and info read-only; when
 * one of those is missing it could be created, so `.git` then stays read-only.
 */
export function gitPlaces(realRoot: string, writable: readonly string[], probe: PathProbe): GitPlaces {
  const gitDir = path.join(realRoot, '.git');
  const stats = probe.lstat(gitDir);
  const covered = writable.some((place) => isWithin(gitDir, place));
  if (stats === undefined) return NONE;
  if (!stats.isDirectory()) {
    if (!covered) return NONE;
    return {
      writable: [],
      readOnly: [
        {
          path: gitDir,
          reason:
            ".git is not a folder (a link or a worktree's gitdir file): rewriting it would point git at another repository",
        },
      ],
      removeAfter: [],
      notes: [],
    };
  }
  const hasWork = writable.some((place) => isWithin(place, realRoot) && !isWithin(place, gitDir));
  if (!hasWork) return NONE;
  const missing = GUARDS.filter((guard) => {
    const found = probe.lstat(path.join(gitDir, guard.name));
    return found === undefined || found.isSymbolicLink() || found.isDirectory() !== guard.dir;
  });
  if (missing.length > 0) {
    const names = missing.map((guard) => `.git/${guard.name}`).join(', ');
    const note =
      `.git stays read-only: ${names} ${missing.length === 1 ? 'is' : 'are'} missing or ` +
      `not plain, and a writable .git would let a command create ` +
      `${missing.length === 1 ? 'it' : 'them'}; git commands that write the index fail (create ${names} to allow them)`;
    return { writable: [], readOnly: covered ? [{ path: gitDir, reason: note }] : [], removeAfter: [], notes: [note] };
  }
  const redirected = REDIRECTS.filter((name) => probe.lstat(path.join(gitDir, name)) !== undefined);
  if (redirected.length > 0) {
    const note = `.git stays read-only: it has ${redirected.map((name) => `.git/${name}`).join(', ')}, which points git at another configuration`;
    return { writable: [], readOnly: covered ? [{ path: gitDir, reason: note }] : [], removeAfter: [], notes: [note] };
  }
  const readOnly: GitPlace[] = GUARDS.map((guard) => ({
    path: path.join(gitDir, guard.name),
    reason: `read-only inside .git: ${guard.why}`,
  }));
  const modules = path.join(gitDir, 'modules');
  if (probe.lstat(modules)?.isDirectory())
    readOnly.push({ path: modules, reason: "read-only: submodules' repositories carry their own hooks and config" });
  const hooksPath = hooksPathOf(gitDir, realRoot);
  const hooksStats = hooksPath === undefined ? undefined : probe.lstat(hooksPath);
  if (hooksPath !== undefined && hooksStats !== undefined && !hooksStats.isSymbolicLink()) {
    readOnly.push({ path: hooksPath, reason: 'read-only: core.hooksPath names this folder, whose hooks git runs' });
  }
  return {
    writable: [
      {
        path: gitDir,
        reason:
          "writable: git's index, objects and refs, so in-scope git work (add, commit, checkout -- file, restore, stash) runs; measured in docs/containment.md",
      },
    ],
    readOnly,
    removeAfter: REDIRECTS.map((name) => ({
      path: path.join(gitDir, name),
      reason: `removed after the command: .git/${name} would point the host's git at another configuration and its programs`,
    })),
    notes: [],
  };
}
