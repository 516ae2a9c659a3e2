import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../src/index';
import { makeWorkspace } from './support/workspace';

// a command's own file operands meet the same rules as a file tool's path: approval never cancels them

const INTENTS = 'active_intents:\n  - id: A\n    owned_scope: [src/a/**]\n';

function governorInAction(safeMode: boolean): Governor {
  const root = makeWorkspace({ intentsYaml: INTENTS, intentIgnore: 'secrets/\n' });
  const governor = createGovernor({ workspaceRoot: root, safeMode, trace: () => undefined });
  governor.userPrompt('tidy up');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'A' }).code).toBe('intent_selected');
  return governor;
}

describe('shell commands meet scope, .intentignore and the control-file guard', () => {
  it.each([
    { name: 'deletes inside the scope', command: 'rm -rf src/a/old', code: 'destructive_in_scope' },
    { name: 'deletes inside the scope after cd', command: 'cd src/a && rm -rf old', code: 'destructive_in_scope' },
    { name: 'deletes a file named relative to cwd', command: 'rm x.ts', cwd: 'src/a', code: 'destructive_in_scope' },
    { name: 'reads outside the scope', command: 'cat src/b/x.ts > src/a/copy.ts', code: 'destructive_in_scope' },
    { name: 'reads a control file', command: 'cat .orchestration/active_intents.yaml', code: 'destructive_in_scope' },
    { name: 'deletes outside the scope', command: 'rm -rf src/b', code: 'scope_violation' },
    { name: 'writes outside the scope by redirection', command: 'echo x > README.md', code: 'scope_violation' },
    { name: 'moves a file out of the scope', command: 'mv src/a/x.ts lib/x.ts', code: 'scope_violation' },
    { name: 'deletes .intentignore', command: 'rm .intentignore', code: 'protected_path' },
    {
      name: 'widens its own scope',
      command: "printf 'active_intents: []' > .orchestration/active_intents.yaml",
      code: 'protected_path',
    },
    { name: 'empties the trace', command: ': > .orchestration/agent_trace.jsonl', code: 'protected_path' },
    { name: 'reads an ignored path', command: 'cat secrets/key.txt', code: 'path_ignored' },
    { name: 'copies an ignored path into the scope', command: 'cp secrets/k src/a/k', code: 'path_ignored' },
  ])('$name: $code', ({ command, cwd, code }) => {
    const governor = governorInAction(false);
    const decision = governor.handleToolCall('execute_command', { command, ...(cwd && { cwd }) });
    expect(decision.code).toBe(code);
  });

  it('refuses a change outside the workspace as outside every scope', () => {
    const decision = governorInAction(true).handleToolCall('execute_command', { command: 'npm test > ../log' });
    expect(decision).toMatchObject({ verdict: 'deny', code: 'scope_violation' });
    expect(decision.reason).toContain('resolves outside the workspace root');
  });

  it('leaves a change under a scratch folder to safe mode', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS });
    const scratch = makeWorkspace({ orchestration: false });
    const governor = createGovernor({
      workspaceRoot: root,
      trace: () => undefined,
      shell: { scratchFolders: [scratch] },
    });
    governor.userPrompt('tidy up');
    governor.handleToolCall('select_active_intent', { intent_id: 'A' });
    const decision = governor.handleToolCall('execute_command', { command: `npm test > ${scratch}/log` });
    expect(decision.verdict).toBe('ask');
    expect(decision.approval?.categories).toContain('FS_OUTSIDE_WORKSPACE');
  });

  it('refuses a command outside the scope even when its categories are approved for the session', () => {
    const governor = governorInAction(true);
    governor.approveSession(['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY']);
    expect(governor.handleToolCall('execute_command', { command: 'rm -rf src/a/old' }).verdict).toBe('allow');
    expect(governor.handleToolCall('execute_command', { command: 'rm -rf src/b' }).code).toBe('scope_violation');
    expect(governor.handleToolCall('execute_command', { command: 'rm .intentignore' }).code).toBe('protected_path');
  });
});
