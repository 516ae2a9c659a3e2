import { afterEach, describe, expect, it } from 'vitest';
import { heldCallsOf } from '../../src/console/consoleSessionViews';
import { callContent } from '../../src/console/heldCallContent';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import { makeServiceWorkspace } from '../server/serviceHarness';

const governors: Governor[] = [];
afterEach(() => governors.splice(0).forEach((governor) => governor.stop()));

function inAction(clock: { now: number }, workspaceRoot = makeServiceWorkspace()): Governor {
  const governor = createGovernor({ workspaceRoot, trace: () => undefined, now: () => clock.now });
  governors.push(governor);
  governor.userPrompt('x');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

describe('what a held call would change, read from its arguments', () => {
  it.each([
    [
      'write_to_file',
      { path: 'src/a.ts', content: 'export {};' },
      { kind: 'write', path: 'src/a.ts', text: 'export {};' },
    ],
    ['Write', { file_path: '/w/src/a.ts', content: 'x' }, { kind: 'write', path: '/w/src/a.ts', text: 'x' }],
    ['write_file', { file_path: 'src/g.ts', content: 'g' }, { kind: 'write', path: 'src/g.ts', text: 'g' }],
    ['workspace_write', { path: 'src/w.ts', content: 'w' }, { kind: 'write', path: 'src/w.ts', text: 'w' }],
    [
      'NotebookEdit',
      { notebook_path: 'n.ipynb', new_source: 'print(1)', cell_id: 'c1' },
      { kind: 'write', path: 'n.ipynb', text: 'print(1)' },
    ],
    [
      'Edit',
      { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' },
      { kind: 'edit', path: 'src/a.ts', edits: [{ old: 'a', new: 'b' }] },
    ],
    [
      'replace',
      { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' },
      { kind: 'edit', path: 'src/a.ts', edits: [{ old: 'a', new: 'b' }] },
    ],
    [
      'MultiEdit',
      {
        file_path: 'src/a.ts',
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: '' },
        ],
      },
      {
        kind: 'edit',
        path: 'src/a.ts',
        edits: [
          { old: 'a', new: 'b' },
          { old: 'c', new: '' },
        ],
      },
    ],
    [
      'edit_file',
      { path: 'src/a.ts', edits: [{ oldText: 'a', newText: 'b' }] },
      { kind: 'edit', path: 'src/a.ts', edits: [{ old: 'a', new: 'b' }] },
    ],
    [
      'search_and_replace',
      { path: 'src/a.ts', search: 'a', replace: 'b' },
      { kind: 'edit', path: 'src/a.ts', edits: [{ old: 'a', new: 'b' }] },
    ],
    ['apply_diff', { path: 'src/a.ts', diff: '-a\n+b' }, { kind: 'diff', path: 'src/a.ts', text: '-a\n+b' }],
    ['apply_patch', { patch: '*** Begin Patch' }, { kind: 'diff', path: null, text: '*** Begin Patch' }],
    [
      'workspace_patch',
      { path: 'src/a.ts', patch: '@@ -1 +1 @@' },
      { kind: 'diff', path: 'src/a.ts', text: '@@ -1 +1 @@' },
    ],
    ['delete_file', { path: 'src/a.ts' }, { kind: 'delete', path: 'src/a.ts' }],
    [
      'execute_command',
      { command: 'npm install left-pad', cwd: 'src' },
      { kind: 'command', text: 'npm install left-pad', cwd: 'src' },
    ],
    ['Bash', { command: 'git push' }, { kind: 'command', text: 'git push', cwd: null }],
    ['run_shell_command', { command: 'ls', dir_path: 'src' }, { kind: 'command', text: 'ls', cwd: 'src' }],
  ])('%s', (tool, args, expected) => {
    expect(callContent(tool, args)).toEqual(expected);
  });

  it("reads a host tool by the governor's toolKinds, and shows nothing for a call with no content to judge", () => {
    expect(callContent('save_doc', { target: 'docs/a.md', body: 'hi' })).toBeNull();
    expect(
      callContent(
        'save_doc',
        { target: 'docs/a.md', content: 'hi' },
        { save_doc: { kind: 'file_write', path: 'target' } },
      ),
    ).toEqual({ kind: 'write', path: 'docs/a.md', text: 'hi' });
    expect(callContent('sh', { line: 'make' }, { sh: { kind: 'shell', command: 'line' } })).toEqual({
      kind: 'command',
      text: 'make',
      cwd: null,
    });
    expect(callContent('read_file', { path: 'src/a.ts' })).toBeNull();
    expect(callContent('fs', { op: 'read', path: 'a' })).toBeNull();
    expect(callContent('write_to_file', null)).toBeNull();
    expect(callContent('write_to_file', { path: 'src/a.ts' })).toEqual({ kind: 'write', path: 'src/a.ts', text: null });
  });
});

describe("a held call's card data", () => {
  it('carries what the call would change beside its prompt and arguments', () => {
    const governor = inAction({ now: Date.now() });
    expect(governor.handleToolCall('write_to_file', { path: 'src/a.ts', content: 'a' })).toMatchObject({
      code: 'needs_approval',
    });
    expect(heldCallsOf(governor)).toEqual([
      expect.objectContaining({
        tool: 'write_to_file',
        args: { path: 'src/a.ts', content: 'a' },
        content: { kind: 'write', path: 'src/a.ts', text: 'a' },
      }),
    ]);
  });
});
