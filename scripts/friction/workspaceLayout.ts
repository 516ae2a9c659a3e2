// The temporary workspace a session is replayed in: a git repository holding, empty, the files and
// folders the session's calls name, so path checks see real paths (docs/friction.md says why).
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Session, SessionCall } from './sessionData';

/** Extensions a word must end with to be laid out as a file when it names no folder. */
const FILE_EXTENSIONS = new Set(
  `py pyi pyx pxd c h cc cpp hpp js ts mjs cjs jsx tsx json yaml yml toml cfg ini txt md rst csv tsv html css xml
  sh bash in lock log diff patch qdp fits dat npy png svg tex po mo sql ipynb rb go rs java`.split(/\s+/),
);
/** Bounds the entries of one session's layout; a sample session names a few hundred. */
const MAX_ENTRIES = 2000;

const PATH_WORD = /^[A-Za-z0-9_][A-Za-z0-9_.+\/-]*$/;

export interface ReplayWorkspace {
  /** holds the repository and a home folder beside it */
  readonly base: string;
  readonly root: string;
  readonly homeDir: string;
}

/** The text of a call with the agent's repository folder replaced by the workspace's. */
export function inWorkspace(text: string, session: Session, root: string): string {
  const escaped = session.root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`${escaped}(?=[/\\s'"\`;|&)]|$)`, 'g'), root);
}

/** A word of a call as a path in the repository, or undefined when it is no repository path. */
function repositoryPath(word: CallWord, session: Session): { path: string; folder: boolean } | undefined {
  let candidate = word.text.startsWith(`${session.root}/`) ? word.text.slice(session.root.length + 1) : word.text;
  candidate = candidate.replace(/^(\.\/)+/, '');
  const folder = candidate.endsWith('/');
  candidate = candidate.replace(/\/+$/, '');
  if (candidate === '' || !PATH_WORD.test(candidate)) return undefined;
  const segments = candidate.split('/');
  if (
    segments.some(
      (segment) =>
        segment === '' || segment === '.' || segment === '..' || segment === '.git' || segment === '.orchestration',
    )
  )
    return undefined;
  const extension = /\.([A-Za-z0-9]+)$/.exec(segments.at(-1) ?? '')?.[1];
  if (folder) return { path: candidate, folder: true };
  // a program run by its path (`bin/test`, `./runtests.py`) is a file whatever its name
  if ((word.program && word.text.includes('/')) || (extension !== undefined && FILE_EXTENSIONS.has(extension)))
    return { path: candidate, folder: false };
  return segments.length > 1 ? { path: candidate, folder: true } : undefined;
}

interface CallWord {
  readonly text: string;
  /** the word a simple command runs */
  readonly program: boolean;
}

const WORD_SEPARATORS = /[\s;|&()<>=,`"'\\:{}[\]]+/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The words of one simple command's text, its program marked: the first word after NAME=value words. */
function commandWords(text: string): CallWord[] {
  const raw = text.trim().split(/\s+/);
  const programAt = raw.findIndex((word) => !ASSIGNMENT.test(word));
  return raw.flatMap((word, index) =>
    word.split(WORD_SEPARATORS).map((part) => ({ text: part, program: index === programAt && part === word })),
  );
}

/** The words of a call that may be paths: its path arguments, and a shell command's words. */
function callWords(call: SessionCall): CallWord[] {
  if (call.tool !== 'execute_command') return [{ text: call.args.path ?? '', program: false }];
  return (call.args.command ?? '').split(/\n|&&|\|\||[;|&()]/).flatMap(commandWords);
}

/** The files and folders a session's calls name, relative to its repository. */
export function namedPaths(session: Session): { files: string[]; folders: string[] } {
  const files = new Set<string>();
  const folders = new Set<string>();
  // a word without an extension is a folder only if no call names it as a file (`ls bin/test`, then `bin/test`)
  const guessed = new Set<string>();
  for (const word of session.calls.flatMap(callWords)) {
    const found = repositoryPath(word, session);
    if (found === undefined) continue;
    const segments = found.path.split('/');
    for (let end = 1; end < segments.length; end++) folders.add(segments.slice(0, end).join('/'));
    if (!found.folder) files.add(found.path);
    else if (word.text.endsWith('/')) folders.add(found.path);
    else guessed.add(found.path);
  }
  for (const name of guessed) if (!files.has(name)) folders.add(name);
  // a folder that holds another named path cannot be a file
  for (const folder of folders) files.delete(folder);
  const sorted = (names: Set<string>): string[] => [...names].sort().slice(0, MAX_ENTRIES);
  return { files: sorted(files), folders: sorted(folders) };
}

/** A minimal git repository, as `git init` writes it, without running git. */
function initRepository(root: string): void {
  const git = path.join(root, '.git');
  for (const folder of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags', 'info'])
    mkdirSync(path.join(git, folder), { recursive: true });
  writeFileSync(path.join(git, 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(
    path.join(git, 'config'),
    '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n',
  );
}

/** One intent owning the repository's working files. */
export const INTENT_ID = 'INT-001';
const INTENTS_YAML = `active_intents:\n  - id: ${INTENT_ID}\n    name: Fix the reported issue\n    status: IN_PROGRESS\n    owned_scope: ['**']\n`;

/** What the workspace holds besides the repository and the intents file: the named paths, or nothing. */
export type Layout = 'named' | 'bare';

/** A fresh workspace for the session, under a temporary folder of its own. */
export function makeReplayWorkspace(session: Session, layout: Layout): ReplayWorkspace {
  // the real path, so messages name the workspace as the report masks it where the temporary folder is a link
  const base = realpathSync(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'friction-')));
  const root = path.join(base, 'repo');
  const homeDir = path.join(base, 'home');
  mkdirSync(homeDir, { recursive: true });
  mkdirSync(path.join(root, '.orchestration'), { recursive: true });
  writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), INTENTS_YAML);
  initRepository(root);
  if (layout === 'bare') return { base, root, homeDir };
  const { files, folders } = namedPaths(session);
  for (const folder of folders) mkdirSync(path.join(root, folder), { recursive: true });
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
  }
  return { base, root, homeDir };
}
