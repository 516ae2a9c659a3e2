import { homedir } from 'node:os';
import path from 'node:path';
import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import {
  admit,
  MAX_SCRIPT_FILE_BYTES,
  readCode,
  requiredCode,
  runsAsShell,
  unreadable,
  unseen,
  writtenByLine,
  type RunSite,
  type ScriptFile,
  type ScriptReading,
} from '../../runFiles/codeFiles';
import type { RunFileReader } from '../../runFiles/runFileReader';
import { writeOver, writesNothing } from '../../runFiles/writtenCode';
import type { GitConfigEntry } from './gitConfigFile';
import { gitConfigProblem, isGitCodeKey } from './gitConfigKeys';
import {
  findRepository,
  hooksFolder,
  repositoryConfig,
  type FoundRepository,
  type GitRepository,
} from './gitRepository';
import { unreachedByGit, writeIntoGit } from './gitWrites';
import { lastAnswerOf } from '../../words/lastAnswer';

/** `core.hooksPath` as `git -c` sets it: relative to the work tree's top, where hooks run. */
function hooksPathOnLine(hooksPath: string, repository: GitRepository): string {
  if (hooksPath === '~' || hooksPath.startsWith('~/')) return path.join(homedir(), hooksPath.slice(1));
  return path.resolve(repository.top ?? repository.gitDir, hooksPath);
}

/** The shell command a config entry holds, for a key git runs as a command. */
function configCommand(entry: GitConfigEntry): string | undefined {
  if (entry.key.startsWith('alias.')) return entry.value.startsWith('!') ? entry.value.slice(1) : undefined;
  if (entry.key.startsWith('submodule.') && entry.key.endsWith('.update'))
    return entry.value.startsWith('!') ? entry.value.slice(1) : undefined;
  return isGitCodeKey(entry.key) ? entry.value : undefined;
}

/**
 * Where the configuration of a repository the agent may have made is (one inside the workspace
 * other than the workspace's own), as its label; undefined for any other repository.
 */
function nestedConfigLabel(repository: GitRepository, context: RunSite['context']): string | undefined {
  // the workspace's own repository first: most git commands run there, and its config needs no lookup
  if (repository.top === undefined || repository.top === context.analyze('.', context.workspaceRoot).absolute)
    return undefined;
  const where = context.analyze(path.join(repository.commonDir, 'config'), context.base);
  return where.insideWorkspace ? (where.relative ?? 'config') : undefined;
}

/**
 * The configuration of a nested repository (see nestedConfigLabel): the commands it gives git
 * are read like a script; a key that reads more configuration or allows the `ext::` transport
 * cannot be followed and fails closed.
 */
function nestedConfig(
  label: string,
  repository: GitRepository,
  config: readonly GitConfigEntry[] | undefined,
  site: RunSite,
): ScriptFile | undefined {
  if (config === undefined) return unreadable(label, 'it cannot be read as git configuration');
  const commands: string[] = [];
  for (const entry of config) {
    const problem = gitConfigProblem(entry.key, entry.value);
    if (problem !== undefined)
      return unseen(
        label,
        `${problem} (in ${label}): fail closed; remove it, or run git in a repository whose configuration can be read`,
      );
    const command = configCommand(entry);
    if (command !== undefined && command.trim() !== '') commands.push(command);
  }
  if (commands.length === 0) return undefined;
  const text = commands.join('\n');
  if (!admit(site.reading, text)) return unreadable(label, 'one decision reads no more script text');
  return { kind: 'read', text, label, base: repository.top };
}

/** The git repositories one decision has found, by the folder git runs in: kept for the decision read last. */
const repositoriesOf = lastAnswerOf((_reading: ScriptReading) => new Map<string, FoundRepository>());

/** The repository git uses from `folder`, found once per decision: a line that runs git twice (`git add -A && git commit`) looks once. */
export function repositoryOf(folder: string, site: RunSite): FoundRepository {
  const found = repositoriesOf(site.reading);
  let entry = found.get(folder);
  if (entry === undefined) found.set(folder, (entry = { repository: findRepository(folder, site.files) }));
  return entry;
}

/** The entries of the repository's config (undefined when it cannot be read), read once per decision. */
export function configOf(
  found: FoundRepository,
  repository: GitRepository,
  site: RunSite,
): readonly GitConfigEntry[] | undefined {
  found.config ??= { entries: repositoryConfig(repository, site.files) };
  return found.config.entries;
}

/** One hook: absent (nothing runs), read as shell code, or unseen. */
function hookFile(file: string, repository: GitRepository, site: RunSite): ScriptFile | undefined {
  const { context, reading } = site;
  const exists = site.files.exists(file);
  // a line that writes nothing cannot have put the hook there: a missing one runs nothing, wherever it is
  if (!exists && writesNothing(reading.writes)) return undefined;
  const where = context.analyze(file, context.base);
  const label = where.relative ?? file;
  const written = writeOver(where.absolute ?? file, reading.writes, unreachedByGit);
  if (written !== undefined) return writtenByLine(label, written);
  if (!exists) return undefined;
  if (reading.seen.has(file)) return undefined;
  reading.seen.add(file);
  const code = requiredCode(label, readCode(where, MAX_SCRIPT_FILE_BYTES, site.files), 'ifPresent');
  if (code === undefined || code.kind === 'unseen') return code;
  if (!runsAsShell(code.text, site.shebangShells)) return unreadable(label, 'it is not shell code');
  if (!admit(reading, code.text)) return unreadable(label, 'one decision reads no more script text');
  // hooks run from the top of the work tree
  return { kind: 'read', text: code.text, label: code.relative, base: repository.top ?? repository.gitDir };
}

/**
 * What a git command reads as code from its repository: the hooks its subcommand runs (the
 * run's `script`, from `core.hooksPath` on the line or in the repository's config, else
 * `.git/hooks`), and the commands a nested repository's config gives git. A line that writes
 * into a `.git` folder cannot have them read before git runs: it fails closed.
 */
function gitRunFiles(run: ShellScriptRun, site: RunSite): ScriptFile[] {
  const { context, reading } = site;
  const hooks = (run.script ?? '').split(' ').filter((hook) => hook !== '');
  const intoGit = writeIntoGit(reading.writes);
  if (intoGit !== undefined) {
    return [
      unseen(
        '.git',
        `git reads its configuration and hooks from .git, and this same command line writes ` +
          `'${intoGit}': fail closed; change it in one call and run git in the next, so that what git runs can be read`,
      ),
    ];
  }
  const folder = run.path === undefined ? undefined : context.analyze(run.path, context.base).absolute;
  if (folder === undefined)
    return hooks.length === 0
      ? []
      : [unreadable(run.source, 'the folder git runs in is only known at run time, and so are the hooks it runs')];
  const found = repositoryOf(folder, site);
  const { repository } = found;
  if (repository === undefined) return [];
  const nestedLabel = nestedConfigLabel(repository, context);
  // the config matters only for what git runs: with no hook to run and no nested repository, it is not read
  if (hooks.length === 0 && nestedLabel === undefined) return [];
  const config = configOf(found, repository, site);
  const files: ScriptFile[] = [];
  const nested = nestedLabel === undefined ? undefined : nestedConfig(nestedLabel, repository, config, site);
  if (nested !== undefined) files.push(nested);
  const hooksDir =
    run.codeFolder === undefined ? hooksFolder(repository, config ?? []) : hooksPathOnLine(run.codeFolder, repository);
  for (const hook of hooks) {
    const file = hookFile(path.join(hooksDir, hook), repository, site);
    if (file !== undefined) files.push(file);
  }
  return files;
}

/** git's reader of the files it runs: its hooks and a nested repository's configuration, even where it runs is unknown. */
export const GIT_RUN_FILES: RunFileReader = { readsUnplacedRuns: true, read: gitRunFiles };

/** A hook run alone: read where its place is known. */
export const GIT_HOOK_RUN_FILES: RunFileReader = { readsUnplacedRuns: false, read: gitRunFiles };
