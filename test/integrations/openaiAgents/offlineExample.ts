import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, run, setTracingDisabled, tool, Usage, type AgentOutputItem, type Model } from '@openai/agents';
import { z } from 'zod';
import { createGovernor, renderConfirmationPrompt } from '../../../src/index';
import { governAgentTools, governedRunOptions, pendingDecisionFor } from '../../../src/integrations/openaiAgents/index';

setTracingDisabled(true); // offline: no trace export

// a workspace with one intent
const root = mkdtempSync(path.join(tmpdir(), 'intentgate-demo-'));
mkdirSync(path.join(root, '.orchestration'));
writeFileSync(
  path.join(root, '.orchestration', 'active_intents.yaml'),
  'active_intents:\n  - id: INT-001\n    name: Login\n    owned_scope: ["src/**"]\n',
);

// the host's tools
const writeToFile = tool({
  name: 'write_to_file',
  description: 'Write a file of the workspace.',
  parameters: z.object({ path: z.string(), content: z.string() }),
  execute: ({ path }) => `wrote ${path}`,
});
const executeCommand = tool({
  name: 'execute_command',
  description: 'Run a shell command in the workspace.',
  parameters: z.object({ command: z.string() }),
  execute: ({ command }) => `ran ${command}`,
});

// a scripted model: one answer per turn, no network
const call = (name: string, args: object, callId: string): AgentOutputItem => ({
  type: 'function_call',
  name,
  callId,
  arguments: JSON.stringify(args),
  status: 'completed',
});
const script: AgentOutputItem[][] = [
  [call('write_to_file', { path: 'src/login.ts', content: '' }, 'call-1')], // before the handshake
  [call('select_active_intent', { intent_id: 'INT-001' }, 'call-2')],
  [call('execute_command', { command: 'sudo ls /' }, 'call-3')], // safe mode asks a human
  [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.' }] }],
];
const model: Model = {
  async getResponse(request) {
    console.log(`turn: the model sees ${request.tools.map((t) => t.name).join(', ')}`);
    return { usage: new Usage(), output: script.shift() ?? [] };
  },
  async *getStreamedResponse() {
    throw new Error('not streamed');
  },
};

const governor = createGovernor({ workspaceRoot: root });
const agent = new Agent({
  name: 'coder',
  instructions: () => governor.handshakePrompt(),
  model,
  tools: governAgentTools(governor, [writeToFile, executeCommand]),
});

const prompt = 'List the root folder.';
governor.userPrompt(prompt); // every new user message, before its run
let result = await run(agent, prompt, governedRunOptions(governor));
while (result.interruptions.length > 0) {
  for (const item of result.interruptions) {
    const decision = pendingDecisionFor(governor, item);
    if (decision?.approval) console.log(renderConfirmationPrompt(decision.approval.prompt));
    result.state.approve(item); // a real host asks the human, then approve() or reject()
  }
  result = await run(agent, result.state, governedRunOptions(governor)); // resuming: no userPrompt
}
for (const item of result.history) {
  if (item.type === 'function_call_result' && typeof item.output === 'object' && 'text' in item.output)
    console.log(`${item.name} -> ${item.output.text}`);
}
console.log(result.finalOutput);
