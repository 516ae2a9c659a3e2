import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../../src/governor/createGovernor';
import { codexAdapter } from '../../../src/hooks/agents/codexAdapter';
import { CODEX_TOOLS } from '../../../src/hooks/agents/codexTools';
import { INTENTS_YAML, makeWorkspace } from '../../support/workspace';

// the adapter's preset with a real governor: what each Codex tool is, and how its calls are judged

const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const governor = (): Governor =>
  createGovernor({ workspaceRoot: root, ...codexAdapter.governorOptions, safeMode: false, trace: () => {} });

/** A Codex PreToolUse event in the workspace, read by the adapter. */
function call(tool_name: string, tool_input: Record<string, unknown>, cwd = root): { tool: string; args: unknown } {
  const read = codexAdapter.readEvent({ hook_event_name: 'PreToolUse', session_id: 's-1', cwd, tool_name, tool_input });
  if (read.ok !== true || read.event.kind !== 'pre_tool') throw new Error(`unreadable event: ${JSON.stringify(read)}`);
  return { tool: read.event.tool, args: read.event.args };
}

const decide = (g: Governor, tool_name: string, tool_input: Record<string, unknown>, cwd?: string): string => {
  const { tool, args } = call(tool_name, tool_input, cwd);
  return g.handleToolCall(tool, args).code;
};

const patch = (file: string): string => `*** Begin Patch\n*** Add File: ${file}\n+export {};\n*** End Patch\n`;

describe('CODEX_TOOLS with a governor', () => {
  it('is accepted as governor options', () => {
    expect(() => governor()).not.toThrow();
  });

  it.each(
    Object.entries(CODEX_TOOLS).map(([tool, { toolClass }]) => ({
      name: `${tool} is ${toolClass} before an intent`,
      tool,
      toolClass,
    })),
  )('$name', ({ tool, toolClass }) => {
    expect(governor().isToolAllowed(tool).verdict).toBe(toolClass === 'SAFE' ? 'allow' : 'deny');
  });

  it.each([
    {
      name: 'denies a write before an intent is selected',
      tool: 'apply_patch',
      input: { command: patch('src/auth/login.ts') },
    },
    {
      name: 'denies a shell command before an intent is selected',
      tool: 'Bash',
      input: { command: 'touch src/auth/a.ts' },
    },
    {
      name: "denies another MCP server's tool before an intent (unclassified)",
      tool: 'mcp__github__create_issue',
      input: { title: 'x' },
    },
    { name: 'denies an unknown Codex tool before an intent', tool: 'write_stdin', input: { chars: 'rm -rf /\n' } },
  ])('$name', ({ tool, input }) => {
    expect(decide(governor(), tool, input)).toBe('state_violation');
  });

  it("selects an intent through the intents server's tool", () => {
    const g = governor();
    expect(decide(g, 'mcp__intentgate__select_active_intent', { intent_id: 'INT-001' })).toBe('intent_selected');
    expect(g.state).toBe('ACTION');
  });

  const inAction = (): Governor => {
    const g = governor();
    decide(g, 'mcp__intentgate__select_active_intent', { intent_id: 'INT-001' });
    return g;
  };

  it.each([
    {
      name: 'allows a patch in the intent scope',
      tool: 'apply_patch',
      input: { command: patch('src/auth/login.ts') },
      code: 'destructive_in_scope',
    },
    {
      name: 'allows a patch naming an absolute path in scope',
      tool: 'apply_patch',
      input: { command: patch(path.join(root, 'src/auth/login.ts')) },
      code: 'destructive_in_scope',
    },
    {
      name: 'denies a patch out of the intent scope',
      tool: 'apply_patch',
      input: { command: patch('src/billing/pay.ts') },
      code: 'scope_violation',
    },
    {
      name: 'allows a shell write in scope',
      tool: 'Bash',
      input: { command: 'touch src/auth/a.ts' },
      code: 'destructive_in_scope',
    },
    {
      name: 'denies a shell rm out of scope',
      tool: 'Bash',
      input: { command: 'rm -rf src/billing' },
      code: 'scope_violation',
    },
  ])('$name', ({ tool, input, code }) => {
    expect(decide(inAction(), tool, input)).toBe(code);
  });

  it("judges a shell call in the command's own folder, which Codex reports as the event's cwd", () => {
    expect(decide(inAction(), 'Bash', { command: 'touch a.ts' }, path.join(root, 'src/auth'))).toBe(
      'destructive_in_scope',
    );
    expect(decide(inAction(), 'Bash', { command: 'touch a.ts' }, path.join(root, 'src/billing'))).toBe(
      'scope_violation',
    );
  });
});
