import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findAgentCli, tempDir } from '../../support/agents/agentCli';
import { runCodex, toolOutputs } from '../../support/agents/codexRun';
import type { OpenAiTurn } from '../../support/agents/openaiModel';
import type { AnswerScript } from '../../support/agents/scriptedClaudeHook';
import { scriptedHookCommand, scriptedHookRun } from '../../support/agents/scriptedHookLog';

// The adapter's answers, written for the real Codex CLI binary by a hook that answers from a
// script: what each answer does there, apart from the governor.

const cli = findAgentCli('codex');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let hookCommand = '';

async function run(answers: AnswerScript, script: readonly OpenAiTurn[]) {
  const workspace = tempDir('codex-ws-');
  const hook = scriptedHookRun('codex', answers);
  const codex = await runCodex(program, { workspace, script, hookCommand, env: hook.env });
  expect(codex.run.timedOut).toBe(false);
  return { ...codex, workspace, events: hook.events(), outputs: [...toolOutputs(codex).values()] };
}

const patch = (file: string): string => `*** Begin Patch\n*** Add File: ${file}\n+made\n*** End Patch\n`;

describe.skipIf('skip' in cli)('the adapter answers, as Codex CLI 0.169 acts on them', () => {
  beforeAll(async () => {
    hookCommand = await scriptedHookCommand();
  });

  it('blocks a denied shell command, runs an allowed patch, and adds context to the session and the prompt', async () => {
    const codex = await run(
      {
        session_start: { kind: 'proceed', context: 'CONTEXT-AT-START' },
        user_prompt: { kind: 'proceed', context: 'CONTEXT-AT-PROMPT' },
        'pre_tool:Bash': { kind: 'deny', message: 'DENIED-BY-SCRIPT' },
      },
      [{ tool: 'exec_command', input: { cmd: 'touch denied.txt' } }, { patch: patch('made.txt') }],
    );
    expect(existsSync(path.join(codex.workspace, 'denied.txt'))).toBe(false);
    expect(existsSync(path.join(codex.workspace, 'made.txt'))).toBe(true);
    expect(codex.outputs[0]).toContain('DENIED-BY-SCRIPT');
    const transcript = codex.requests[0]?.transcript ?? '';
    expect(transcript).toContain('CONTEXT-AT-START');
    expect(transcript).toContain('CONTEXT-AT-PROMPT');
    expect(codex.events.map((event) => event.kind)).toEqual([
      'session_start',
      'user_prompt',
      'pre_tool',
      'pre_tool',
      'post_tool',
      'stop',
    ]);
    expect(codex.events[2]).toMatchObject({
      tool: 'Bash',
      args: { command: 'touch denied.txt', cwd: codex.workspace },
    });
    expect(codex.events[3]).toMatchObject({ tool: 'apply_patch', args: { patch: patch('made.txt') } });
  });

  it('refuses a held call with the prompt; how to approve goes to systemMessage, which the model never reads', async () => {
    const codex = await run(
      { 'pre_tool:apply_patch': { kind: 'ask', message: 'HELD-BY-SCRIPT', humanNote: 'HUMAN-ONLY-NOTE' } },
      [{ patch: patch('held.txt') }],
    );
    expect(existsSync(path.join(codex.workspace, 'held.txt'))).toBe(false);
    expect(codex.outputs[0]).toContain('HELD-BY-SCRIPT');
    expect(codex.outputs[0]).toContain('This call is held until a human approves it');
    expect(codex.outputs[0]).not.toContain('HUMAN-ONLY-NOTE');
  });

  it('blocks a call when the adapter fails, and blocks the prompt when the hook cannot run at all', async () => {
    const failed = await run({ 'pre_tool:Bash': 'fail' }, [
      { tool: 'exec_command', input: { cmd: 'touch failed.txt' } },
    ]);
    expect(existsSync(path.join(failed.workspace, 'failed.txt'))).toBe(false);
    expect(failed.outputs[0]).toContain('intentgate: scripted failure');
    const broken = await run({ user_prompt: 'fail' }, [{ tool: 'exec_command', input: { cmd: 'touch never.txt' } }]);
    expect(broken.requests).toEqual([]);
    expect(existsSync(path.join(broken.workspace, 'never.txt'))).toBe(false);
  });

  it("replaces a tool's result when refused after it ran", async () => {
    const codex = await run({ 'post_tool:Bash': { kind: 'deny', message: 'RESULT-WITHHELD' } }, [
      { tool: 'exec_command', input: { cmd: 'echo SECRET-OUTPUT' } },
    ]);
    expect(codex.outputs).toEqual(['RESULT-WITHHELD']);
  });

  it('keeps the turn going once when a stop is refused, and lets the next stop be', async () => {
    const codex = await run({ stop: { kind: 'deny', message: 'FINISH-FIRST' } }, [
      { text: 'stopping' },
      { text: 'stopping again' },
    ]);
    expect(codex.requests).toHaveLength(2);
    expect(codex.requests[1]?.transcript).toContain('FINISH-FIRST');
    expect(codex.events.filter((event) => event.kind === 'stop')).toHaveLength(1);
  });
});
