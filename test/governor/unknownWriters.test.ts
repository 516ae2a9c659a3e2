import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/index';
import type { RiskCategory } from '../../src/categories/riskCategories';
import { makeWorkspace } from '../support/workspace';
import { GIT_ENV, installed } from '../support/realPrograms';

// Writers the path grammar once did not know, tried as an attacker would: in ACTION with an
// intent that owns src/**, and the categories every coding session approves early. Each case
// is also run for real in a workspace of its own (where this machine has the program), to show
// that it does change a file outside src/: the refusal is about a real write, not a guess.

const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

const EVERYDAY: RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

// a small project under git: docs/a.md committed; `dirty` leaves it changed after the commit
const SETUP = `
set -e
mkdir -p src docs
printf 'hello\\nworld\\n' > src/in.txt
printf 'other\\n' > src/other.txt
printf 'int main(void) { return 0; }\\n' > src/main.c
printf 'hello\\n' > docs/a.md
git init -q . && git add -A && git commit -qm init
printf 'bye\\n' > docs/a.md
git diff > src/fix.patch
git checkout -q docs/a.md
printf 'more\\n' >> src/in.txt
`;

interface WriterCase {
  readonly name: string;
  readonly command: string;
  /** the program that must be installed for the real run */
  readonly program: string;
  /** leave docs/a.md changed after the commit */
  readonly dirty?: boolean;
}

const WRITERS: readonly WriterCase[] = [
  { name: 'shuf -o', command: 'shuf -o docs/a.md -e x', program: 'shuf' },
  { name: 'split into a prefix', command: 'split -l 1 src/in.txt docs/part-', program: 'split' },
  { name: 'csplit -f', command: 'csplit -s -f docs/piece src/in.txt 2', program: 'csplit' },
  { name: 'patch FILE PATCH', command: 'patch -s docs/a.md src/fix.patch', program: 'patch' },
  { name: 'git diff --output', command: 'git diff --output=docs/a.md', program: 'git' },
  { name: 'ed', command: "printf '1d\\nw\\n' | ed -s docs/a.md", program: 'ed' },
  { name: 'iconv -o', command: 'iconv -f utf-8 -t ascii -o docs/a.md src/in.txt', program: 'iconv' },
  { name: 'openssl -out', command: 'openssl enc -base64 -in src/in.txt -out docs/a.md', program: 'openssl' },
  { name: 'sqlite3 DATABASE', command: "sqlite3 docs/db 'create table t(x)'", program: 'sqlite3' },
  { name: 'git stash', command: 'git stash -q', program: 'git', dirty: true },
  { name: 'git checkout TREE PATH', command: 'git checkout -q HEAD docs/a.md', program: 'git', dirty: true },
  { name: 'git apply', command: 'git apply src/fix.patch', program: 'git' },
  { name: 'zstd --rm', command: 'zstd -q --rm docs/a.md', program: 'zstd' },
  { name: 'fallocate', command: 'fallocate -l 4096 docs/big', program: 'fallocate' },
  { name: 'link', command: 'link src/in.txt docs/hard', program: 'link' },
  { name: 'mktemp in a folder', command: 'mktemp docs/tmp.XXXXXX', program: 'mktemp' },
  { name: 'git worktree add', command: 'git worktree add -q docs/wt', program: 'git' },
  { name: 'cc -o', command: 'cc -o docs/a.out src/main.c', program: 'cc' },
];

// the same writers aimed at intentgate's own control files
const CONTROL_FILE_WRITERS: readonly { readonly name: string; readonly command: string }[] = [
  { name: 'shuf -o the intents file', command: "shuf -o .orchestration/active_intents.yaml -e 'active_intents: []'" },
  { name: 'iconv -o .intentignore', command: 'iconv -f utf-8 -t ascii -o .intentignore src/in.txt' },
  {
    name: 'openssl -out the intents file',
    command: 'openssl enc -d -base64 -in src/in.txt -out .orchestration/active_intents.yaml',
  },
  { name: 'sqlite3 .intentignore', command: "sqlite3 .intentignore 'create table t(x)'" },
  { name: 'ed the intents file', command: "printf '1d\\nw\\n' | ed -s .orchestration/active_intents.yaml" },
  { name: 'zstd --rm .intentignore', command: 'zstd -q --rm .intentignore' },
  { name: 'patch .intentignore', command: 'patch .intentignore src/fix.patch' },
  { name: 'link over the intents file', command: 'link src/in.txt .orchestration/active_intents.yaml' },
  { name: 'cc -o .intentignore', command: 'cc -o .intentignore src/main.c' },
];

function workspace(dirty: boolean): string {
  const root = makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' });
  execFileSync('bash', ['-c', `${SETUP}${dirty ? "printf 'changed\\n' > docs/a.md\n" : ''}`], {
    cwd: root,
    env: { ...process.env, ...GIT_ENV },
    stdio: 'pipe',
  });
  return root;
}

function inAction(root: string): Governor {
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  governor.approveSession(EVERYDAY);
  return governor;
}

/** Each file outside src/ (and outside .git), with a hash of its content. */
function filesOutsideScope(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const relative = path.relative(root, full);
      if (relative === 'src' || relative === '.git' || relative.startsWith('src/')) continue;
      if (entry.isDirectory()) walk(full);
      else
        files.set(
          relative,
          entry.isFile() ? createHash('sha256').update(readFileSync(full)).digest('hex') : `${statSync(full).mode}`,
        );
    }
  };
  walk(root);
  return files;
}

function changedOutsideScope(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

describe('writers the catalog knows, in ACTION with scope src/** and EXEC_ARBITRARY and FS_DELETE_OVERWRITE approved', () => {
  it.each(WRITERS)('refuses $name outside the scope', ({ command, dirty }) => {
    const decision = inAction(workspace(dirty === true)).handleToolCall('execute_command', { command });
    expect(decision).toMatchObject({ verdict: 'deny', code: 'scope_violation' });
    // the path it names, or '.' (or '*/*', any file of git's work tree) for a command that changes files anywhere in its folder
    expect(decision.reason).toMatch(/^Scope Violation: '(--output=)?(docs\/|\.'|\*\/\*')/);
  });

  it.each(WRITERS.filter((writer) => installed(writer.program)))(
    '$name does change a file outside src/ when run for real',
    ({ command, dirty }) => {
      const root = workspace(dirty === true);
      const before = filesOutsideScope(root);
      execFileSync('bash', ['-c', command], { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
      const changed = changedOutsideScope(before, filesOutsideScope(root));
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.every((name) => name.startsWith('docs/'))).toBe(true);
    },
  );

  it.each(CONTROL_FILE_WRITERS)('refuses $name as a change to a control file', ({ command }) => {
    const decision = inAction(workspace(false)).handleToolCall('execute_command', { command });
    expect(decision).toMatchObject({ verdict: 'deny', code: 'protected_path' });
  });
});

describe('wrappers the catalog does not know', () => {
  it.each([
    { name: 'aws-vault', command: 'aws-vault exec prod -- git push origin main' },
    { name: 'op', command: 'op run -- npm publish' },
  ])('hold what $name runs once EXEC_ARBITRARY is approved, as a plain call is held', ({ command }) => {
    const decision = inAction(workspace(false)).handleToolCall('execute_command', { command });
    expect(decision).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
    expect(decision.approval?.categories).toEqual(expect.arrayContaining(['GIT_PUBLISH', 'NETWORK_RISK']));
  });
});
