import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_COMPLETION,
  attemptCompletionMcpTool,
  attemptCompletionTool,
  createGovernor,
  SELECT_ACTIVE_INTENT,
  selectActiveIntentMcpTool,
  selectActiveIntentTool,
  toolDefinitionName,
  type Governor,
} from '../../src/index';
import { intentTools } from '../../src/integrations/intentsMcp/intentTools';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// the ready definitions are the tools the governor and the intents MCP server know, in name and schema

const SERVED = intentTools({ ok: true, intents: [] });
const served = (name: string) => SERVED.find((tool) => tool.name === name);

function governorInAction(): Governor {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    trace: () => undefined,
  });
  governor.userPrompt('add a login route');
  governor.handleToolCall(SELECT_ACTIVE_INTENT, { intent_id: 'INT-001' });
  return governor;
}

const DEFINITIONS = [
  {
    name: 'selectActiveIntentTool',
    tool: SELECT_ACTIVE_INTENT,
    openai: selectActiveIntentTool,
    mcp: selectActiveIntentMcpTool,
  },
  {
    name: 'attemptCompletionTool',
    tool: ATTEMPT_COMPLETION,
    openai: attemptCompletionTool,
    mcp: attemptCompletionMcpTool,
  },
];

describe('the ready handshake tool definitions', () => {
  it.each(DEFINITIONS)(
    '$name is named as the governor and the intents server name the tool',
    ({ tool, openai, mcp }) => {
      expect(toolDefinitionName(openai)).toBe(tool);
      expect(toolDefinitionName(mcp)).toBe(tool);
      expect(served(tool)?.name).toBe(tool);
    },
  );

  it.each(DEFINITIONS)('$name has the input schema the intents server serves', ({ tool, openai, mcp }) => {
    expect(openai.function.parameters).toEqual(served(tool)?.inputSchema);
    expect(mcp.inputSchema).toEqual(served(tool)?.inputSchema);
  });

  it.each(DEFINITIONS)('$name is shown to the model before an intent is selected', ({ openai, mcp }) => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      trace: () => undefined,
    });
    governor.userPrompt('what does the login route do?');
    expect(governor.toolsFor('REASONING', [openai, mcp])).toEqual([openai, mcp]);
  });

  it('attemptCompletionTool with the arguments its schema allows ends the task', () => {
    const governor = governorInAction();
    const decision = governor.handleToolCall(attemptCompletionTool.function.name, { result: 'login route added' });
    expect({ verdict: decision.verdict, code: decision.code, state: governor.state }).toEqual({
      verdict: 'allow',
      code: 'task_completed',
      state: 'REQUEST',
    });
  });

  it('attemptCompletionTool with no arguments ends the task, as its schema requires none', () => {
    const governor = governorInAction();
    expect(governor.handleToolCall(attemptCompletionTool.function.name, {}).code).toBe('task_completed');
  });
});
