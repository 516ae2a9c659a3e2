import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../../src/index';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { readCodexPatch, type CodexPatch } from '../../../src/shell/programs/patches/codexPatch';
import { makeWorkspace } from '../../support/workspace';
import { expectFailClosed, expectOperands, type FailCase, type OperandCase } from '../support';

// patches: Codex's apply_patch run as a shell command (applyPatchReader.ts), its patch read as
// Codex reads it (codexPatch.ts). Each file it adds, updates, moves or deletes is a path the
// scope, .intentignore and the control files see; a patch that cannot be read fails closed.

const patch = (...hunks: string[]): string => ['*** Begin Patch', ...hunks, '*** End Patch'].join('\n');
const heredoc = (text: string): string => `apply_patch <<'EOF'\n${text}\nEOF`;

interface ParseCase {
  readonly name: string;
  readonly text: string;
  readonly read: CodexPatch;
}

describe('readCodexPatch reads the files a patch changes as apply_patch does', () => {
  it.each<ParseCase>([
    {
      name: 'an add, an update with a move, and a delete',
      text: patch(
        '*** Add File: src/new.ts',
        '+export {};',
        '*** Update File: src/old.ts',
        '*** Move to: src/moved.ts',
        '@@ function f()',
        '-  return 1;',
        '+  return 2;',
        '*** Delete File: src/gone.ts',
      ),
      read: {
        ok: true,
        changes: [
          { kind: 'add', path: 'src/new.ts' },
          { kind: 'update', path: 'src/old.ts', moveTo: 'src/moved.ts' },
          { kind: 'delete', path: 'src/gone.ts' },
        ],
      },
    },
    {
      name: 'markers and headers padded with whitespace',
      text: '  *** Begin Patch \n   *** Update File: a.txt  \n@@\n-x\n+y\n *** End Patch  ',
      read: { ok: true, changes: [{ kind: 'update', path: 'a.txt' }] },
    },
    {
      name: 'a first chunk with no @@ line, then a second opened by one',
      text: patch('*** Update File: a.py', ' import os', '+import re', '@@ def f():', '-    pass', '+    return 1'),
      read: { ok: true, changes: [{ kind: 'update', path: 'a.py' }] },
    },
    {
      name: 'blank lines between chunks and an End of File marker',
      text: patch('*** Update File: a.txt', '@@', '-a', '+b', '', '@@', '-c', '+d', '*** End of File'),
      read: { ok: true, changes: [{ kind: 'update', path: 'a.txt' }] },
    },
    {
      name: 'lines of an added file that look like headers are its content',
      text: patch('*** Add File: notes.md', '+*** Delete File: src/keep.ts', '+*** Move to: secrets/x'),
      read: { ok: true, changes: [{ kind: 'add', path: 'notes.md' }] },
    },
    {
      name: 'an indented Move to line is a context line, not a move',
      text: patch('*** Update File: a.txt', '  *** Move to: secrets/x', '+y'),
      read: { ok: true, changes: [{ kind: 'update', path: 'a.txt' }] },
    },
    {
      name: 'CRLF line ends',
      text: patch('*** Delete File: a.txt', '*** Add File: b.txt', '+x').replaceAll('\n', '\r\n'),
      read: {
        ok: true,
        changes: [
          { kind: 'delete', path: 'a.txt' },
          { kind: 'add', path: 'b.txt' },
        ],
      },
    },
    {
      name: 'a lone carriage return stays in the name',
      text: patch('*** Delete File: a\rb.txt'),
      read: { ok: true, changes: [{ kind: 'delete', path: 'a\rb.txt' }] },
    },
    {
      name: 'a heredoc written into the text itself',
      text: `<<'EOF'\n${patch('*** Add File: a.txt', '+x')}\nEOF`,
      read: { ok: true, changes: [{ kind: 'add', path: 'a.txt' }] },
    },
    {
      name: 'a header after U+0085, which apply_patch trims',
      text: patch('\u0085*** Delete File: a.txt'),
      read: { ok: true, changes: [{ kind: 'delete', path: 'a.txt' }] },
    },
    {
      name: 'absolute and climbing names as written',
      text: patch('*** Add File: /etc/cron.d/x', '+x', '*** Delete File: ../up.txt'),
      read: {
        ok: true,
        changes: [
          { kind: 'add', path: '/etc/cron.d/x' },
          { kind: 'delete', path: '../up.txt' },
        ],
      },
    },
    { name: 'no hunks at all', text: patch(), read: { ok: true, changes: [] } },
    {
      name: 'no Begin Patch line',
      text: '*** Add File: a.txt\n+x\n*** End Patch',
      read: { ok: false, problem: "its first line is not '*** Begin Patch'" },
    },
    {
      name: 'no End Patch line',
      text: '*** Begin Patch\n*** Add File: a.txt\n+x',
      read: { ok: false, problem: "its last line is not '*** End Patch'" },
    },
    {
      name: 'a line that is no hunk header',
      text: patch('*** Add File: a.txt', '+x', 'stray'),
      read: { ok: false, problem: "'stray' is not a hunk header (line 4)" },
    },
    {
      name: 'a header with no name',
      text: patch('*** Add File: ', '+x'),
      read: { ok: false, problem: "'*** Add File:' is not a hunk header (line 2)" },
    },
    {
      name: 'an update with no chunk',
      text: patch('*** Update File: a.txt', '*** Delete File: b.txt'),
      read: { ok: false, problem: "the update of 'a.txt' changes nothing" },
    },
    {
      name: 'a second chunk with no @@ line',
      text: patch('*** Update File: a.txt', '@@', '-x', 'y'),
      read: { ok: false, problem: "a chunk must start with '@@', got 'y' (line 5)" },
    },
  ])('$name', ({ text, read }) => {
    expect(readCodexPatch(text)).toEqual(read);
  });
});

const EVERY_CHANGE = patch(
  '*** Add File: src/new.ts',
  '+x',
  '*** Update File: src/old.ts',
  '*** Move to: src/moved.ts',
  '@@',
  '-a',
  '+b',
  '*** Update File: src/kept.ts',
  '@@',
  '-a',
  '+b',
  '*** Delete File: src/gone.ts',
);
const EVERY_PATH = [
  ['src/new.ts', 'overwrite'],
  ['src/old.ts', 'delete'],
  ['src/moved.ts', 'overwrite'],
  ['src/kept.ts', 'overwrite'],
  ['src/gone.ts', 'delete'],
] as const;

describe('apply_patch as a command writes and deletes the files its patch names', () => {
  it.each<OperandCase>([
    { name: 'a quoted heredoc', command: heredoc(EVERY_CHANGE), expected: EVERY_PATH },
    {
      name: 'an unquoted heredoc with no expansion',
      command: `apply_patch <<EOF\n${EVERY_CHANGE}\nEOF`,
      expected: EVERY_PATH,
    },
    { name: 'the patch as its argument', command: `apply_patch '${EVERY_CHANGE}'`, expected: EVERY_PATH },
    {
      name: '--preserve-crlf before the patch',
      command: `apply_patch --preserve-crlf '${EVERY_CHANGE}'`,
      expected: EVERY_PATH,
    },
    { name: 'the applypatch alias', command: `applypatch <<'EOF'\n${EVERY_CHANGE}\nEOF`, expected: EVERY_PATH },
    {
      name: 'inside bash -lc, as Codex runs it',
      command: `bash -lc "apply_patch <<'EOF'\n${EVERY_CHANGE}\nEOF"`,
      expected: EVERY_PATH,
    },
    {
      name: 'after cd, in that folder',
      command: `cd pkg && apply_patch <<'EOF'\n${patch('*** Delete File: a.txt')}\nEOF`,
      expected: [['pkg/a.txt', 'delete']],
    },
    {
      name: 'piped from printf',
      command: `printf '%s\\n' '${patch('*** Add File: b.txt', '+x')}' | apply_patch`,
      expected: [['b.txt', 'overwrite']],
    },
    {
      name: 'on a here-string',
      command: `apply_patch <<< '${patch('*** Delete File: c.txt')}'`,
      expected: [['c.txt', 'delete']],
    },
    {
      name: 'a heredoc written into the argument',
      command: `apply_patch "<<'EOF'\n${patch('*** Add File: d.txt', '+x')}\nEOF"`,
      expected: [['d.txt', 'overwrite']],
    },
    { name: 'a patch with no hunks', command: heredoc(patch()), expected: [] },
  ])('$name', (each) => {
    expectOperands(each);
    expect(analyzeShell(each.command).unknowable).toBeUndefined();
  });
});

describe('a patch apply_patch cannot be seen to read fails closed', () => {
  it.each<FailCase>([
    { name: 'an unreadable patch', command: heredoc(patch('garbage')), reason: 'cannot read' },
    { name: 'a patch with no markers', command: `apply_patch 'hello'`, reason: "'*** Begin Patch'" },
    { name: 'a patch built at run time', command: 'apply_patch "$PATCH"', reason: 'built at run time' },
    {
      name: 'a heredoc with an expansion',
      command: `apply_patch <<EOF\n${patch('*** Delete File: $F')}\nEOF`,
      reason: 'made at run time',
    },
    { name: 'the caller’s stdin', command: 'apply_patch', reason: "caller's stdin" },
    { name: 'a patch file on stdin', command: 'apply_patch < change.patch', reason: 'from a file' },
    { name: 'a patch piped from a file', command: 'cat change.patch | apply_patch', reason: 'made at run time' },
    { name: 'a second argument', command: `apply_patch '${patch()}' extra`, reason: 'more than one' },
    {
      name: 'a move to no name',
      command: heredoc(patch('*** Update File: a', '*** Move to: ', '+x')),
      reason: 'no name',
    },
  ])('$name', expectFailClosed);
});

// the decision: in ACTION with an intent that owns src/**, and the approvals every coding session gives early
const INTENTS = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;
const root = makeWorkspace({ intentsYaml: INTENTS, intentIgnore: 'secrets/\n' });
afterAll(() => rmSync(root, { recursive: true, force: true }));

function inAction(): Governor {
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).code).toBe('intent_selected');
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

interface DecisionCase {
  readonly name: string;
  readonly command: string;
  readonly verdict: 'allow' | 'deny';
  readonly code: string;
}

describe('a patch run as a command meets the scope, .intentignore and the control files', () => {
  it.each<DecisionCase>([
    {
      name: 'allows a patch inside the scope',
      command: heredoc(patch('*** Add File: src/a.ts', '+x', '*** Delete File: src/b.ts')),
      verdict: 'allow',
      code: 'destructive_in_scope',
    },
    {
      name: 'refuses a patch adding a file outside the scope',
      command: heredoc(patch('*** Add File: src/a.ts', '+x', '*** Add File: docs/a.md', '+x')),
      verdict: 'deny',
      code: 'scope_violation',
    },
    {
      name: 'refuses a move out of the scope',
      command: heredoc(patch('*** Update File: src/a.ts', '*** Move to: docs/a.ts', '@@', '-x', '+y')),
      verdict: 'deny',
      code: 'scope_violation',
    },
    {
      name: 'refuses a patch climbing out of the workspace',
      command: `bash -lc "apply_patch <<'EOF'\n${patch('*** Add File: ../out.txt', '+x')}\nEOF"`,
      verdict: 'deny',
      code: 'scope_violation',
    },
    {
      name: 'refuses a patch writing an ignored path',
      command: heredoc(patch('*** Add File: secrets/key.txt', '+x')),
      verdict: 'deny',
      code: 'path_ignored',
    },
    {
      name: 'refuses a patch deleting an ignored path, given as its argument',
      command: `apply_patch '${patch('*** Delete File: secrets/key.txt')}'`,
      verdict: 'deny',
      code: 'path_ignored',
    },
    {
      name: 'refuses a patch deleting .intentignore',
      command: heredoc(patch('*** Delete File: .intentignore')),
      verdict: 'deny',
      code: 'protected_path',
    },
  ])('$name', ({ command, verdict, code }) => {
    const decision = inAction().isToolAllowed('execute_command', { command });
    expect({ verdict: decision.verdict, code: decision.code }).toEqual({ verdict, code });
  });

  it('holds an unreadable patch for a human whatever the session approved', () => {
    const decision = inAction().isToolAllowed('execute_command', { command: heredoc(patch('garbage')) });
    expect({ verdict: decision.verdict, code: decision.code }).toEqual({ verdict: 'ask', code: 'needs_approval' });
  });
});
