import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeCodeAdapter } from '../../../src/hooks/agents/claudeCode';
import { projectFolderName } from '../../../src/hooks/agents/claudeCodeProjectRoot';
import { CLAUDE_CODE_TOOLS } from '../../../src/hooks/agents/claudeCodeTools';
import { createGovernor, type Decision, type Governor } from '../../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../../support/workspace';

// Claude Code's events, read by the adapter, decided by a real governor taught its tools.

interface Session {
  readonly governor: Governor;
  readonly root: string;
  /** decides one PreToolUse as Claude Code sends it, from the shell's folder `cwd` */
  call(tool: string, input: Record<string, unknown>, cwd?: string): Decision;
}

function session(safeMode: boolean): Session {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n' });
  mkdirSync(path.join(root, 'src', 'auth'), { recursive: true });
  const governor = createGovernor({
    workspaceRoot: root,
    safeMode,
    trace: () => undefined,
    ...claudeCodeAdapter.governorOptions,
  });
  const transcript_path = `/home/dev/.claude/projects/${projectFolderName(root)}/s.jsonl`;
  const call = (tool: string, input: Record<string, unknown>, cwd = root): Decision => {
    const read = claudeCodeAdapter.readEvent({
      session_id: 's',
      transcript_path,
      cwd,
      hook_event_name: 'PreToolUse',
      tool_name: tool,
      tool_input: input,
    });
    if (read.ok !== true || read.event.kind !== 'pre_tool') throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.event.cwd).toBe(root);
    return governor.handleToolCall(read.event.tool, read.event.args);
  };
  return { governor, root, call };
}

function inAction(safeMode: boolean): Session {
  const started = session(safeMode);
  started.governor.userPrompt('add login');
  expect(started.call('mcp__intentgate__select_active_intent', { intent_id: 'INT-001' }).code).toBe('intent_selected');
  return started;
}

describe('before an intent is selected', () => {
  const cases: {
    name: string;
    tool: string;
    input: (root: string) => Record<string, unknown>;
    code: Decision['code'];
  }[] = [
    {
      name: 'reads a file',
      tool: 'Read',
      input: (root) => ({ file_path: `${root}/src/auth/login.ts` }),
      code: 'safe_tool',
    },
    {
      name: 'searches with Grep',
      tool: 'Grep',
      input: (root) => ({ pattern: 'x', path: `${root}/src` }),
      code: 'safe_tool',
    },
    {
      name: 'keeps its task list',
      tool: 'TaskCreate',
      input: () => ({ subject: 's', description: 'd' }),
      code: 'safe_tool',
    },
    {
      name: 'refuses a read of an ignored file',
      tool: 'Read',
      input: (root) => ({ file_path: `${root}/secrets/key.txt` }),
      code: 'path_ignored',
    },
    {
      name: 'refuses a notebook read of an ignored file',
      tool: 'NotebookRead',
      input: (root) => ({ notebook_path: `${root}/secrets/n.ipynb` }),
      code: 'path_ignored',
    },
    {
      name: 'refuses a Write',
      tool: 'Write',
      input: (root) => ({ file_path: `${root}/src/auth/a.ts`, content: '' }),
      code: 'state_violation',
    },
    {
      name: 'refuses an Edit',
      tool: 'Edit',
      input: (root) => ({ file_path: `${root}/src/auth/a.ts`, old_string: 'a', new_string: 'b' }),
      code: 'state_violation',
    },
    {
      name: 'refuses a NotebookEdit',
      tool: 'NotebookEdit',
      input: (root) => ({ notebook_path: `${root}/n.ipynb`, new_source: '' }),
      code: 'state_violation',
    },
    { name: 'refuses Bash', tool: 'Bash', input: () => ({ command: 'ls' }), code: 'state_violation' },
    {
      name: 'refuses starting a subagent',
      tool: 'Agent',
      input: () => ({ description: 'd', prompt: 'p' }),
      code: 'state_violation',
    },
    {
      name: 'refuses an unknown Claude Code tool',
      tool: 'Workflow',
      input: () => ({ script: 'x' }),
      code: 'state_violation',
    },
    {
      name: 'refuses another MCP server tool',
      tool: 'mcp__github__create_issue',
      input: () => ({ title: 't' }),
      code: 'state_violation',
    },
    {
      name: 'refuses a look-alike handshake tool of another server',
      tool: 'mcp__evil__select_active_intent',
      input: () => ({ intent_id: 'INT-001' }),
      code: 'state_violation',
    },
  ];

  it.each(cases)('$name', ({ tool, input, code }) => {
    const { governor, root, call } = session(false);
    governor.userPrompt('look around');
    expect(call(tool, input(root))).toMatchObject({
      code,
      tool: tool === 'mcp__intentgate__select_active_intent' ? 'select_active_intent' : tool,
    });
  });

  it.each([
    { name: 'a fetch', tool: 'WebFetch', input: { url: 'https://example.com/x', prompt: 'p' } },
    { name: 'a search, whose query leaves the machine', tool: 'WebSearch', input: { query: 'secret project name' } },
  ])('holds $name as NETWORK_RISK in safe mode', ({ tool, input }) => {
    const { governor, call } = session(true);
    governor.userPrompt('look around');
    const decision = call(tool, input);
    expect(decision).toMatchObject({
      verdict: 'ask',
      code: 'needs_approval',
      toolClass: 'SAFE',
      categories: ['NETWORK_RISK'],
    });
  });
});

describe('with the intent INT-001 (src/auth/**, tests/auth/)', () => {
  const cases: {
    name: string;
    tool: string;
    input: (root: string) => Record<string, unknown>;
    cwd?: string;
    code: Decision['code'];
  }[] = [
    {
      name: 'runs a Write in scope',
      tool: 'Write',
      input: (root) => ({ file_path: `${root}/src/auth/login.ts`, content: 'x' }),
      code: 'destructive_in_scope',
    },
    {
      name: 'refuses a Write out of scope',
      tool: 'Write',
      input: (root) => ({ file_path: `${root}/src/billing/a.ts`, content: 'x' }),
      code: 'scope_violation',
    },
    {
      name: 'holds a Write outside the workspace for a human',
      tool: 'Write',
      input: () => ({ file_path: '/etc/passwd', content: 'x' }),
      code: 'needs_approval',
    },
    {
      name: 'refuses a NotebookEdit out of scope',
      tool: 'NotebookEdit',
      input: (root) => ({ notebook_path: `${root}/docs/n.ipynb`, new_source: '' }),
      code: 'scope_violation',
    },
    {
      name: 'refuses a NotebookEdit out of scope with an in-scope file_path beside it',
      tool: 'NotebookEdit',
      input: (root) => ({
        notebook_path: `${root}/docs/n.ipynb`,
        file_path: `${root}/src/auth/n.ipynb`,
        new_source: '',
      }),
      code: 'scope_violation',
    },
    {
      name: 'refuses a NotebookEdit of the intents file',
      tool: 'NotebookEdit',
      input: (root) => ({ notebook_path: `${root}/.orchestration/active_intents.yaml`, new_source: '' }),
      code: 'protected_path',
    },
    {
      name: 'runs a NotebookEdit in scope',
      tool: 'NotebookEdit',
      input: (root) => ({ notebook_path: `${root}/src/auth/n.ipynb`, new_source: '' }),
      code: 'destructive_in_scope',
    },
    {
      name: 'refuses an Edit of an ignored file',
      tool: 'Edit',
      input: (root) => ({ file_path: `${root}/secrets/k`, old_string: 'a', new_string: 'b' }),
      code: 'path_ignored',
    },
    {
      name: 'refuses a Bash rm out of scope',
      tool: 'Bash',
      input: () => ({ command: 'rm -f src/billing/a.ts' }),
      code: 'scope_violation',
    },
    {
      name: 'runs a Bash rm in scope',
      tool: 'Bash',
      input: () => ({ command: 'rm -f src/auth/old.ts' }),
      code: 'destructive_in_scope',
    },
    {
      name: 'reads a Bash rm from the folder the shell moved to',
      tool: 'Bash',
      input: () => ({ command: 'rm -f old.ts' }),
      cwd: 'src/auth',
      code: 'destructive_in_scope',
    },
    {
      name: 'refuses the same rm from the workspace root',
      tool: 'Bash',
      input: () => ({ command: 'rm -f old.ts' }),
      code: 'scope_violation',
    },
  ];

  it.each(cases)('$name', ({ tool, input, cwd, code }) => {
    const { root, call } = inAction(false);
    expect(call(tool, input(root), cwd === undefined ? root : path.join(root, cwd))).toMatchObject({ code });
  });

  it('holds a Write in scope in safe mode until a human approves FS_DELETE_OVERWRITE', () => {
    const { root, call } = inAction(true);
    expect(call('Write', { file_path: `${root}/src/auth/login.ts`, content: 'x' })).toMatchObject({
      verdict: 'ask',
      categories: ['FS_DELETE_OVERWRITE'],
    });
  });

  it('finishes the task through the intents server', () => {
    const { governor, call } = inAction(false);
    expect(call('mcp__intentgate__attempt_completion', { result: 'done' })).toMatchObject({ code: 'task_completed' });
    expect(governor.state).toBe('REQUEST');
  });
});

describe('the tool table', () => {
  it('is accepted by createGovernor and classifies every tool it lists', () => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      trace: () => undefined,
      ...claudeCodeAdapter.governorOptions,
    });
    for (const [name, tool] of Object.entries(CLAUDE_CODE_TOOLS)) {
      const decision = governor.isToolAllowed(name);
      expect(decision.toolClass, name).toBe(tool.toolClass);
      expect(
        decision.reasons.some((item) => item.code === 'unclassified_tool'),
        name,
      ).toBe(false);
    }
  });
});
