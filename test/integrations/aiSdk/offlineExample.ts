// offline.ts: the governed loop with a scripted model, no API key needed
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateText, stepCountIs, tool, type ModelMessage, type ToolApprovalResponse } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { createGovernor, renderConfirmationPrompt } from '../../../src/index';
import { governTools } from '../../../src/integrations/aiSdk/index';

// a workspace with one intent that owns src/
const root = mkdtempSync(path.join(tmpdir(), 'intentgate-'));
mkdirSync(path.join(root, '.orchestration'));
writeFileSync(
  path.join(root, '.orchestration', 'active_intents.yaml'),
  "active_intents:\n  - id: INT-001\n    name: Login page\n    owned_scope: ['src/**']\n",
);

const governor = createGovernor({ workspaceRoot: root }); // safe mode is on by default
const governed = governTools(
  governor,
  {
    write_to_file: tool({
      description: 'Write a file',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: async ({ path }) => `wrote ${path}`,
    }),
    execute_command: tool({
      description: 'Run a shell command',
      inputSchema: z.object({ command: z.string() }),
      execute: async ({ command }) => `ran ${command}`,
    }),
  },
  { system: 'You are a coding agent.' },
);

// the model's turns, one per step: tool calls [id, tool, input], or its final text
type Turn = string | Array<[string, string, object]>;
const turns: Turn[] = [
  [['c1', 'write_to_file', { path: 'src/login.ts', content: '// login' }]], // not offered yet: refused
  [['c2', 'select_active_intent', { intent_id: 'INT-001' }]],
  [['c3', 'write_to_file', { path: 'docs/login.md', content: '# Login' }]], // outside src/: refused
  [['c4', 'execute_command', { command: 'sudo apt-get install x' }]], // safe mode: a human decides
  'Installed x.',
];
const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
let step = 0;
const model = new MockLanguageModelV3({
  doGenerate: async () => {
    const turn = turns[step++] ?? 'Done.';
    return typeof turn === 'string'
      ? {
          content: [{ type: 'text', text: turn }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        }
      : {
          content: turn.map(([toolCallId, toolName, input]) => ({
            type: 'tool-call',
            toolCallId,
            toolName,
            input: JSON.stringify(input),
          })),
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        };
  },
});

const userText = 'Add a login page, and install x.';
const messages: ModelMessage[] = [{ role: 'user', content: userText }];
governed.userPrompt(userText); // once per user message: REQUEST -> REASONING

const run = () =>
  generateText({
    model,
    messages,
    tools: governed.tools,
    prepareStep: governed.prepareStep,
    experimental_repairToolCall: governed.repairToolCall,
    stopWhen: stepCountIs(10),
  });

let result = await run();
messages.push(...result.response.messages);
for (const output of result.steps.flatMap((s) => s.content)) {
  if (output.type === 'tool-result' || output.type === 'tool-error') {
    console.log(
      output.toolName,
      '->',
      JSON.stringify(output.type === 'tool-result' ? output.output : String(output.error)),
    );
  }
}

// safe mode held the sudo command: the SDK returned a tool-approval request instead of running it
const answers: ToolApprovalResponse[] = [];
for (const part of result.content) {
  if (part.type !== 'tool-approval-request') continue;
  const approval = governed.decisionFor(part.toolCall.toolCallId)?.approval;
  if (approval) console.log(renderConfirmationPrompt(approval.prompt));
  answers.push({ type: 'tool-approval-response', approvalId: part.approvalId, approved: true }); // the human said Continue
}
messages.push({ role: 'tool', content: answers }); // every answer in one tool message, the last one

result = await run(); // runs the approved command, then the model continues
// the approved call's result opens the new response messages, before the model's next step
console.log(JSON.stringify(result.response.messages[0]?.content)); // [{"type":"tool-result",...,"output":{"type":"text","value":"ran sudo apt-get install x"}}]
console.log(result.text); // "Installed x."
