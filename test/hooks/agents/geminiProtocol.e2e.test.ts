import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findAgentCli, tempDir } from '../../support/agents/agentCli';
import type { GeminiTurn } from '../../support/agents/geminiModel';
import { functionResponses, runGemini } from '../../support/agents/geminiRun';
import type { AnswerScript } from '../../support/agents/scriptedClaudeHook';
import { scriptedHookCommand, scriptedHookRun } from '../../support/agents/scriptedHookLog';

// The adapter's answers, written for the real Gemini CLI by a hook that answers from a script:
// what each answer does there, apart from the governor.

const cli = findAgentCli('gemini');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let hookCommand = '';

async function run(answers: AnswerScript, script: readonly GeminiTurn[]) {
  const workspace = tempDir('gemini-ws-');
  const hook = scriptedHookRun('gemini', answers);
  const gemini = await runGemini(program, { workspace, script, hookCommand, env: hook.env });
  expect(gemini.run.timedOut).toBe(false);
  return { ...gemini, workspace, events: hook.events(), responses: functionResponses(gemini) };
}

const write = (file: string): GeminiTurn => ({ tool: 'write_file', input: { file_path: file, content: 'made' } });

describe.skipIf('skip' in cli)('the adapter answers, as Gemini CLI 0.61 acts on them', () => {
  beforeAll(async () => {
    hookCommand = await scriptedHookCommand();
  });

  it('blocks a denied write, runs an allowed shell command, and adds context to the session and the prompt', async () => {
    const gemini = await run(
      {
        session_start: { kind: 'proceed', context: 'CONTEXT-AT-START' },
        user_prompt: { kind: 'proceed', context: 'CONTEXT-AT-PROMPT' },
        'pre_tool:write_file': { kind: 'deny', message: 'DENIED-BY-SCRIPT' },
      },
      [write('denied.txt'), { tool: 'run_shell_command', input: { command: 'touch made.txt' } }],
    );
    expect(existsSync(path.join(gemini.workspace, 'denied.txt'))).toBe(false);
    expect(existsSync(path.join(gemini.workspace, 'made.txt'))).toBe(true);
    expect(gemini.responses[0]).toContain('Tool execution blocked: DENIED-BY-SCRIPT');
    const transcript = gemini.requests[0]?.transcript ?? '';
    expect(transcript).toContain('CONTEXT-AT-START');
    expect(transcript).toContain('CONTEXT-AT-PROMPT');
    expect(new Set(gemini.events.map((event) => event.kind))).toEqual(
      new Set(['session_start', 'user_prompt', 'tool_selection', 'pre_tool', 'post_tool', 'stop', 'session_end']),
    );
    expect(gemini.events.find((event) => event.kind === 'pre_tool')).toMatchObject({
      tool: 'write_file',
      args: { file_path: 'denied.txt' },
    });
  });

  it('narrows the functions the model may call to the allowed ones, and sends the full list when all are allowed', async () => {
    const narrowed = await run({ tool_selection: { kind: 'tools', allowed: ['read_file', 'select_active_intent'] } }, [
      { text: 'nothing to do' },
    ]);
    expect(narrowed.requests[0]?.functionCalling).toEqual({
      mode: 'AUTO',
      allowedFunctionNames: ['mcp_intentgate_select_active_intent', 'read_file'],
    });
    // Gemini CLI narrows what may be called, not what is declared
    expect(narrowed.requests[0]?.tools).toContain('write_file');
    const open = await run({}, [{ text: 'nothing to do' }]);
    expect(open.requests[0]?.functionCalling).toBeUndefined();
  });

  it('refuses a held call with the prompt; how to approve goes to systemMessage, which the model never reads, where an ask would wait forever', async () => {
    const gemini = await run(
      { 'pre_tool:write_file': { kind: 'ask', message: 'HELD-BY-SCRIPT', humanNote: 'HUMAN-ONLY-NOTE' } },
      [write('held.txt')],
    );
    expect(existsSync(path.join(gemini.workspace, 'held.txt'))).toBe(false);
    expect(gemini.responses[0]).toContain('HELD-BY-SCRIPT');
    expect(gemini.responses[0]).toContain('This call is held until a human approves it');
    expect(gemini.responses[0]).not.toContain('HUMAN-ONLY-NOTE');
  });

  it('blocks a call when the adapter fails, and offers no function when choosing them fails', async () => {
    const failed = await run({ 'pre_tool:write_file': 'fail' }, [write('failed.txt')]);
    expect(existsSync(path.join(failed.workspace, 'failed.txt'))).toBe(false);
    expect(failed.responses[0]).toContain('intentgate: scripted failure');
    const noTools = await run({ tool_selection: 'fail' }, [{ text: 'nothing to do' }]);
    expect(noTools.requests[0]?.functionCalling).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
  });

  it("replaces a tool's result when refused after it ran", async () => {
    const gemini = await run({ 'post_tool:run_shell_command': { kind: 'deny', message: 'RESULT-WITHHELD' } }, [
      { tool: 'run_shell_command', input: { command: 'echo SECRET-OUTPUT' } },
    ]);
    expect(gemini.responses[0]).toContain('RESULT-WITHHELD');
    expect(gemini.responses[0]).not.toContain('SECRET-OUTPUT');
  });

  it('sends the agent back once when a stop is refused, and lets the next stop be', async () => {
    const gemini = await run({ stop: { kind: 'deny', message: 'FINISH-FIRST' } }, [
      { text: 'stopping' },
      { text: 'stopping again' },
    ]);
    expect(gemini.requests).toHaveLength(2);
    expect(gemini.requests[1]?.transcript).toContain('FINISH-FIRST');
    expect(gemini.events.filter((event) => event.kind === 'stop')).toHaveLength(1);
  });
});
