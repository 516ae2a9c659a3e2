import path from 'node:path';
import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import { admit, unreadable, unseen, type RunSite, type ScriptFile } from '../../runFiles/codeFiles';
import type { RunFileReader } from '../../runFiles/runFileReader';
import type { GitConfigEntry } from './gitConfigFile';
import type { GitRepository } from './gitRepository';
import { configOf, repositoryOf } from './gitRunFiles';
import { writeIntoGit } from './gitWrites';

/** The folder git rewrites as its work tree, or why it cannot be known (completing "git rewrites ..., and"). */
type WorkTree = { readonly folder: string | undefined } | { readonly problem: string };

/**
 * The work tree of a repository: `core.worktree` (from the repository's folder, as git reads
 * it), else the folder holding `.git`; none for a bare repository, where git refuses to rewrite one.
 */
function workTreeOf(repository: GitRepository, config: readonly GitConfigEntry[] | undefined): WorkTree {
  if (config === undefined)
    return { problem: 'its configuration cannot be read, so whether core.worktree moves the work tree is not known' };
  const configured = config.filter((entry) => entry.key === 'core.worktree').at(-1)?.value;
  if (configured === undefined || configured === '') return { folder: repository.top };
  if (configured.startsWith('~')) return { problem: `its core.worktree '${configured}' cannot be placed here` };
  return { folder: path.resolve(repository.gitDir, configured) };
}

/** Why the top git uses cannot be placed: the call fails closed, wider than the folder git runs in. */
const unplaced = (label: string, why: string): ScriptFile =>
  unseen(label, `git uses files from the top of the repository it runs in, and ${why}: fail closed`);

/**
 * What a git command uses from the top of its repository (the whole work tree a checkout
 * rewrites, a `:/` pathspec, an object name's path), placed there: the top of the repository the
 * folder it runs in belongs to, or its `core.worktree`, which only the files can tell. Where that
 * top is not the folder the line ran git in, the run's `script` (the git line that uses the same
 * files, see gitFromTop.ts) is read again from the top, so the scope and .intentignore see the
 * files it uses, the workspace itself when the top holds it. Where the repository the line's
 * git finds cannot be known (the line writes into a `.git`, its config cannot be read), the
 * call fails closed, never narrowed to the folder.
 */
function gitFromTopFiles(run: ShellScriptRun, site: RunSite): ScriptFile[] {
  // a folder known only at run time: the line's own use of it is unknown already, and no scope covers it
  if (run.path === undefined) return [];
  const { context, reading } = site;
  const intoGit = writeIntoGit(reading.writes);
  if (intoGit !== undefined)
    return [
      unplaced(
        '.git',
        `this same command line writes '${intoGit}', which may change that repository; write it in one call and run git in the next`,
      ),
    ];
  const folder = context.analyze(run.path, context.base).absolute;
  if (folder === undefined) return [unplaced(run.source, 'the folder it runs in cannot be resolved')];
  const found = repositoryOf(folder, site);
  // outside a repository git refuses to run, and so it does in a bare one (no top, below)
  if (found.repository === undefined) return [];
  const workTree = workTreeOf(found.repository, configOf(found, found.repository, site));
  if ('problem' in workTree) return [unplaced(run.source, workTree.problem)];
  const top = workTree.folder;
  if (top === undefined || top === folder) return [];
  const text = run.script ?? '';
  const key = `${top}\u0000gitFromTop\u0000${text}`;
  if (reading.seen.has(key)) return [];
  reading.seen.add(key);
  const where = context.analyze(top, context.base);
  const label = `git from the repository's top, '${where.relative === '' ? '.' : (where.relative ?? top)}'`;
  if (!admit(reading, text)) return [unreadable(label, 'one decision reads no more script text')];
  return [{ kind: 'read', text, label, base: top }];
}

/** git's reader of what its commands use from the repository's top (run kind `gitFromTop`). */
export const GIT_FROM_TOP_FILES: RunFileReader = { readsUnplacedRuns: true, read: gitFromTopFiles };
