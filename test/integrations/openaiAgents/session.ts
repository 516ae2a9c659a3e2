import { Agent, Runner } from '@openai/agents';
import { createGovernor, type Governor, type GovernorOptions, type TraceRecord } from '../../../src/index';
import {
  governAgentTools,
  governedRunOptions,
  type GovernAgentToolsOptions,
  type GovernableTool,
} from '../../../src/integrations/openaiAgents/index';
import { makeWorkspace } from '../../support/workspace';
import { hostTools } from './hostTools';
import { ScriptedModel, type Turn } from './scriptedModel';

export const INTENTS_YAML = `active_intents:
  - id: INT-001
    name: Login
    status: IN_PROGRESS
    owned_scope: ['src/**']
  - id: INT-002
    name: Docs
    owned_scope: ['docs/**']
`;

export interface SessionSpec {
  readonly turns: readonly Turn[];
  /** replaces the host's three tools */
  readonly tools?: readonly GovernableTool[];
  readonly options?: GovernAgentToolsOptions;
  /** more governor options, such as a clock */
  readonly governor?: Partial<GovernorOptions>;
}

/** A governed agent over a temporary workspace with INT-001 (src/**), driven by a scripted model. */
export function governedSession(spec: SessionSpec) {
  const workspaceRoot = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const trace: TraceRecord[] = [];
  const governor: Governor = createGovernor({
    workspaceRoot,
    trace: (record) => void trace.push(record),
    ...spec.governor,
  });
  const host = hostTools();
  const hostToolList = spec.tools ?? host.tools;
  const tools = governAgentTools(governor, hostToolList, spec.options);
  const model = new ScriptedModel(spec.turns);
  const agent = new Agent({ name: 'coder', instructions: () => governor.handshakePrompt(), tools, model });
  const runner = new Runner({ tracingDisabled: true });
  const runOptions = governedRunOptions(governor);
  // the host reports the user's prompt to the governor, then runs the agent
  const prompt = (text: string) => {
    governor.userPrompt(text);
    return runner.run(agent, text, runOptions);
  };
  const resume = (state: Awaited<ReturnType<typeof prompt>>['state']) => runner.run(agent, state, runOptions);
  return { governor, trace, ran: host.ran, hostToolList, tools, model, agent, runner, prompt, resume, workspaceRoot };
}
