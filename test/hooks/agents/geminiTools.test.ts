import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../../src/governor/createGovernor';
import { geminiAdapter } from '../../../src/hooks/agents/geminiAdapter';
import { GEMINI_SELECTABLE_TOOLS } from '../../../src/hooks/agents/geminiEvent';
import { GEMINI_TOOLS } from '../../../src/hooks/agents/geminiTools';
import type { ToolClass } from '../../../src/tools/toolClass';
import { hasSharedCatalogs, SHARED_CATALOG_DIR } from '../../support/sharedCatalogs';
import { INTENTS_YAML, makeWorkspace } from '../../support/workspace';

// the adapter's preset with a real governor, and checked against Gemini CLI's own tool catalog

const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const governor = (): Governor =>
  createGovernor({ workspaceRoot: root, ...geminiAdapter.governorOptions, safeMode: false, trace: () => {} });

/** A Gemini BeforeTool event in the workspace, read by the adapter and decided by `g`. */
function decide(
  g: Governor,
  tool_name: string,
  tool_input: Record<string, unknown>,
  mcp_context?: Record<string, unknown>,
): string {
  const read = geminiAdapter.readEvent({
    hook_event_name: 'BeforeTool',
    session_id: 's-1',
    cwd: root,
    tool_name,
    tool_input,
    mcp_context,
  });
  if (read.ok !== true || read.event.kind !== 'pre_tool') throw new Error(`unreadable event: ${JSON.stringify(read)}`);
  return g.handleToolCall(read.event.tool, read.event.args).code;
}

const selectIntent = (g: Governor): string =>
  decide(
    g,
    'mcp_intentgate_select_active_intent',
    { intent_id: 'INT-001' },
    { server_name: 'intentgate', tool_name: 'select_active_intent' },
  );

const catalogClasses = (
  hasSharedCatalogs ? JSON.parse(readFileSync(path.join(SHARED_CATALOG_DIR, 'gemini-cli.classes.json'), 'utf8')) : {}
) as Record<string, ToolClass>;

describe('GEMINI_TOOLS', () => {
  it.runIf(hasSharedCatalogs).each(
    Object.entries(catalogClasses).map(([tool, toolClass]) => ({
      name: `classes ${tool} ${toolClass}, as Gemini CLI's catalog does`,
      tool,
      toolClass,
    })),
  )('$name', ({ tool, toolClass }) => {
    expect(GEMINI_TOOLS[tool]?.toolClass).toBe(toolClass);
  });

  it('offers the handshake tools and every known tool but the legacy alias in a tool selection', () => {
    expect(GEMINI_SELECTABLE_TOOLS).toEqual([
      ...Object.keys(GEMINI_TOOLS).filter((tool) => tool !== 'search_file_content'),
      'select_active_intent',
      'attempt_completion',
    ]);
  });
});

describe('GEMINI_TOOLS with a governor', () => {
  it('is accepted as governor options', () => {
    expect(() => governor()).not.toThrow();
  });

  it.each(
    Object.entries(GEMINI_TOOLS).map(([tool, { toolClass }]) => ({
      name: `${tool} is ${toolClass} before an intent`,
      tool,
      toolClass,
    })),
  )('$name', ({ tool, toolClass }) => {
    expect(governor().isToolAllowed(tool).verdict).toBe(toolClass === 'SAFE' ? 'allow' : 'deny');
  });

  it('hides every DESTRUCTIVE tool from the model before an intent, and offers the handshake', () => {
    const offered = governor()
      .toolsFor(
        'REQUEST',
        GEMINI_SELECTABLE_TOOLS.map((name) => ({ name })),
      )
      .map(({ name }) => name);
    expect(offered).toEqual(GEMINI_SELECTABLE_TOOLS.filter((tool) => GEMINI_TOOLS[tool]?.toolClass !== 'DESTRUCTIVE'));
    expect(offered).toContain('select_active_intent');
  });

  it.each([
    {
      name: 'denies a write before an intent is selected',
      tool: 'write_file',
      input: { file_path: 'src/auth/a.ts', content: 'x' },
    },
    {
      name: 'denies a shell command before an intent is selected',
      tool: 'run_shell_command',
      input: { command: 'touch src/auth/a.ts' },
    },
    {
      name: "denies another MCP server's tool before an intent (unclassified)",
      tool: 'mcp_github_create_issue',
      input: { title: 'x' },
    },
    {
      name: 'denies a tool the adapter does not know before an intent',
      tool: 'tracker_create_task',
      input: { title: 'x' },
    },
  ])('$name', ({ tool, input }) => {
    expect(decide(governor(), tool, input)).toBe('state_violation');
  });

  it("selects an intent through the intents server's tool", () => {
    const g = governor();
    expect(selectIntent(g)).toBe('intent_selected');
    expect(g.state).toBe('ACTION');
  });

  it.each([
    {
      name: 'allows a write in the intent scope',
      tool: 'write_file',
      input: { file_path: 'src/auth/login.ts', content: 'x' },
      code: 'destructive_in_scope',
    },
    {
      name: 'allows a write naming an absolute path in scope',
      tool: 'write_file',
      input: { file_path: path.join(root, 'src/auth/login.ts'), content: 'x' },
      code: 'destructive_in_scope',
    },
    {
      name: 'denies a write out of the intent scope',
      tool: 'replace',
      input: { file_path: 'src/billing/pay.ts', old_string: 'a', new_string: 'b' },
      code: 'scope_violation',
    },
    {
      name: 'denies a shell rm out of scope',
      tool: 'run_shell_command',
      input: { command: 'rm -rf src/billing' },
      code: 'scope_violation',
    },
    {
      name: 'judges a shell call in its dir_path',
      tool: 'run_shell_command',
      input: { command: 'touch a.ts', dir_path: path.join(root, 'src/billing') },
      code: 'scope_violation',
    },
  ])('$name', ({ tool, input, code }) => {
    const g = governor();
    selectIntent(g);
    expect(decide(g, tool, input)).toBe(code);
  });
});
