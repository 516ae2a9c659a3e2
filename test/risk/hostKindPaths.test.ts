import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/index';
import type { ToolKindSpec } from '../../src/tools/toolKinds';
import { makeWorkspace } from '../support/workspace';

// A host's own tools name their paths in arguments of their own ('target', 'files', 'script'):
// each meets the scope, .intentignore and the control files as a built-in tool's path does.

const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

const HOST_KINDS: Readonly<Record<string, ToolKindSpec>> = {
  save_file: { kind: 'file_write', path: 'target' },
  save_files: { kind: 'file_write', path: ['files'] },
  remove_file: { kind: 'file_write', path: 'victim', operation: 'delete' },
  patch_file: { kind: 'file_patch', path: 'file', dryRun: 'preview' },
  open_file: { kind: 'read', path: 'location' },
  run_script: { kind: 'run', path: 'script' },
};

function attackerSetting(): Governor {
  const root = makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' });
  const governor = createGovernor({
    workspaceRoot: root,
    trace: () => undefined,
    toolKinds: HOST_KINDS,
    classification: {
      save_file: 'DESTRUCTIVE',
      save_files: 'DESTRUCTIVE',
      remove_file: 'DESTRUCTIVE',
      patch_file: 'DESTRUCTIVE',
      open_file: 'SAFE',
      run_script: 'DESTRUCTIVE',
    },
  });
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

describe("a host's own tools, in ACTION with scope src/** and EXEC_ARBITRARY and FS_DELETE_OVERWRITE approved", () => {
  it.each([
    { name: 'a write outside the scope', tool: 'save_file', args: { target: 'docs/a.md' }, code: 'scope_violation' },
    { name: 'a write of .intentignore', tool: 'save_file', args: { target: '.intentignore' }, code: 'protected_path' },
    {
      name: 'a write of .intentignore with a leading space',
      tool: 'save_file',
      args: { target: ' .intentignore' },
      code: 'protected_path',
    },
    {
      name: 'a write of the intents file in a list',
      tool: 'save_files',
      args: { files: ['src/a.ts', '.orchestration/active_intents.yaml'] },
      code: 'protected_path',
    },
    {
      name: 'a write of an ignored file',
      tool: 'save_file',
      args: { target: 'secrets/key.txt' },
      code: 'path_ignored',
    },
    { name: 'a delete outside the scope', tool: 'remove_file', args: { victim: 'docs/a.md' }, code: 'scope_violation' },
    { name: 'a patch outside the scope', tool: 'patch_file', args: { file: 'docs/a.md' }, code: 'scope_violation' },
    {
      name: 'a read of an ignored file',
      tool: 'open_file',
      args: { location: 'secrets/key.txt' },
      code: 'path_ignored',
    },
    { name: 'a run of an ignored script', tool: 'run_script', args: { script: 'secrets/x.sh' }, code: 'path_ignored' },
    { name: 'a write inside the scope', tool: 'save_file', args: { target: 'src/a.ts' }, code: 'destructive_in_scope' },
    {
      name: 'a read outside the scope, which reading may do',
      tool: 'open_file',
      args: { location: 'docs/a.md' },
      code: 'safe_tool',
    },
    {
      name: 'a run of a script outside the scope, which only reads it',
      tool: 'run_script',
      args: { script: 'scripts/build.sh' },
      code: 'destructive_in_scope',
    },
  ])('decides $name as $code', ({ tool, args, code }) => {
    expect(attackerSetting().handleToolCall(tool, args).code).toBe(code);
  });

  it('leaves a write outside the workspace to safe mode, which holds it', () => {
    const decision = attackerSetting().handleToolCall('save_file', { target: '/tmp/elsewhere.txt' });
    expect(decision).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
    expect(decision.approval?.categories).toContain('FS_OUTSIDE_WORKSPACE');
  });
});
