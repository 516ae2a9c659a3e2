import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { detectContainment } from '../../src/containment/bwrapAvailability';
import {
  containmentProfile,
  type ContainmentProfile,
  type ProfileInputs,
} from '../../src/containment/containmentProfile';
import { runContained } from '../../src/containment/runContained';
import { parseIntentIgnore } from '../../src/intents/intentIgnore';
import { GIT_ENV } from '../support/realPrograms';

// Tests that run commands in a real bubblewrap sandbox: skipped with a note where bwrap cannot
// make one, unless INTENTGATE_BWRAP=required (CI), where that fails instead.

const availability = await detectContainment();

/** The bwrap the tests run, or undefined when they are skipped. */
export const BWRAP: string | undefined = availability.available ? availability.bwrap : undefined;

if (!availability.available) {
  if (process.env.INTENTGATE_BWRAP === 'required')
    throw new Error(`INTENTGATE_BWRAP=required, but ${availability.reason}`);
  console.warn(`containment tests skipped: ${availability.reason}`);
}

export const SCOPE = ['src/**'];

export const INTENTS_FILE_TEXT = `active_intents:\n  - id: INT-1\n    name: work in src\n    owned_scope: [src/**]\n`;

/** A governed git repository: src/ in scope, docs/ outside, a secret, agent settings, one commit. */
export function makeRepository(): { readonly root: string; readonly outside: string } {
  const base = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'contained-'));
  const root = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  for (const folder of ['.orchestration', 'src', 'docs', 'secrets', '.claude'])
    mkdirSync(path.join(root, folder), { recursive: true });
  mkdirSync(outside);
  const files: Record<string, string> = {
    '.orchestration/active_intents.yaml': INTENTS_FILE_TEXT,
    '.intentignore': 'secrets/\n*.pem\n',
    'src/a.ts': 'export const a = 1;\n',
    'docs/readme.md': '# docs\n',
    'secrets/key': 'TOP-SECRET-KEY\n',
    'src/server.pem': 'PEM-IN-SCOPE\n',
    '.claude/settings.json': '{"hooks":{}}\n',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  writeFileSync(path.join(outside, 'outside.txt'), 'outside\n');
  const git = (...args: string[]): void =>
    void execFileSync('git', args, { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'ignore' });
  git('init', '-q');
  // ignored files are untracked, as they usually are (a tracked masked file: containedGit.test.ts)
  git('add', 'src/a.ts', 'docs');
  git('commit', '-q', '-m', 'init');
  return { root, outside };
}

/** The profile of a repository in ACTION with src/** in scope, plus the given inputs. */
export function profileFor(root: string, overrides: Partial<ProfileInputs> = {}): ContainmentProfile {
  return containmentProfile({
    state: 'ACTION',
    workspaceRoot: root,
    orchestrationDir: path.join(root, '.orchestration'),
    ownedScope: SCOPE,
    ignored: parseIntentIgnore('secrets/\n*.pem\n'),
    approvedCategories: [],
    grantHosts: [],
    ...overrides,
  });
}

/** What a contained command did: its exit code and output. */
export interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command line contained, in `cwd` (default the workspace), and collects its output. */
export async function contained(profile: ContainmentProfile, line: string, cwd?: string): Promise<Outcome> {
  if (BWRAP === undefined) throw new Error('no bwrap');
  let stdout = '';
  let stderr = '';
  const result = await runContained(profile, line, {
    bwrap: BWRAP,
    ...(cwd !== undefined && { cwd }),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...GIT_ENV },
    started: (child) => {
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    },
  });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return { code: result.run.exitCode, stdout, stderr };
}

/** Every entry under the folders, by path: its type, mode, link target or content digest. */
export function treeState(
  folders: readonly string[],
  skip: (file: string) => boolean = () => false,
): Map<string, string> {
  const state = new Map<string, string>();
  const visit = (file: string): void => {
    if (skip(file)) return;
    const stats = lstatSync(file);
    if (stats.isSymbolicLink()) state.set(file, `link ${readlinkSync(file)}`);
    else if (stats.isDirectory()) {
      state.set(file, `dir ${stats.mode.toString(8)}`);
      for (const name of readdirSync(file).sort()) visit(path.join(file, name));
    } else
      state.set(
        file,
        `file ${stats.mode.toString(8)} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`,
      );
  };
  for (const folder of folders) visit(folder);
  return state;
}
