import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HookEvent } from '../../../src/hooks/hookEvent';
import { findAgentCli, tempDir } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import { runClaudeCode, toolResultTexts, type ClaudeRunSpec } from '../../support/agents/claudeCodeRun';
import type { AnswerScript } from '../../support/agents/scriptedClaudeHook';

// The adapter's answers, written for the real Claude Code binary by a hook that answers from a
// script: what each answer does there, apart from the governor.

const cli = findAgentCli('claude-code');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
// a hook that cannot even start exits 2 too: Claude Code runs the call on any other failure
let hookCommand = '';

async function run(answers: AnswerScript, spec: Omit<ClaudeRunSpec, 'hook' | 'workspace'> & { workspace?: string }) {
  const workspace = spec.workspace ?? tempDir('claude-ws-');
  const log = path.join(tempDir('hook-log-'), 'events.jsonl');
  const claude = await runClaudeCode(program, {
    ...spec,
    workspace,
    hook: { type: 'command', command: hookCommand },
    env: { SCRIPTED_HOOK_ANSWERS: JSON.stringify(answers), SCRIPTED_HOOK_LOG: log },
  });
  expect(claude.run.timedOut).toBe(false);
  const events: HookEvent[] = existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as HookEvent)
    : [];
  return { ...claude, workspace, events };
}

describe.skipIf('skip' in cli)('the adapter answers, as Claude Code 2.1.197 acts on them', () => {
  beforeAll(async () => {
    hookCommand = `node ${await bundleEntry('test/support/agents/scriptedClaudeHook.ts')} || exit 2`;
  });

  it('blocks a denied Write, adds context to the session and the prompt, and keeps the project root after a cd', async () => {
    // a path longer than Claude Code's 200-character folder names, so the root is found through the hash
    const workspace = path.join(tempDir('claude-ws-'), 'a'.repeat(120), 'b'.repeat(100));
    mkdirSync(path.join(workspace, 'sub'), { recursive: true });
    const claude = await run(
      {
        session_start: { kind: 'proceed', context: 'CONTEXT-AT-START' },
        user_prompt: { kind: 'proceed', context: 'CONTEXT-AT-PROMPT' },
        'pre_tool:Write': { kind: 'deny', message: 'DENIED-BY-SCRIPT' },
      },
      {
        workspace,
        script: [
          { tool: 'Write', input: { file_path: 'denied.txt', content: 'x' } },
          { tool: 'Bash', input: { command: 'cd sub', description: 'enter sub' } },
          { tool: 'Bash', input: { command: 'touch made.txt', description: 'make a file' } },
        ],
      },
    );
    expect(existsSync(path.join(workspace, 'denied.txt'))).toBe(false);
    expect(existsSync(path.join(workspace, 'sub', 'made.txt'))).toBe(true);
    expect(claude.result?.permission_denials.map((denial) => denial.tool_name)).toEqual(['Write']);
    expect(toolResultTexts(claude)[0]).toBe('DENIED-BY-SCRIPT');
    const transcript = claude.requests[0]?.transcript ?? '';
    expect(transcript).toContain('CONTEXT-AT-START');
    expect(transcript).toContain('CONTEXT-AT-PROMPT');
    expect(claude.events.every((event) => event.cwd === workspace)).toBe(true);
    const bash = claude.events.filter((event) => event.kind === 'pre_tool' && event.tool === 'Bash');
    expect(bash.map((event) => (event.kind === 'pre_tool' ? event.args : undefined))).toEqual([
      { command: 'cd sub', description: 'enter sub', cwd: '.' },
      { command: 'touch made.txt', description: 'make a file', cwd: 'sub' },
    ]);
    expect(claude.events.map((event) => event.kind)).toEqual([
      'session_start',
      'user_prompt',
      'pre_tool',
      'pre_tool',
      'post_tool',
      'pre_tool',
      'post_tool',
      'stop',
      'session_end',
    ]);
  });

  it('turns a held call into a denial in -p mode, with the prompt as the reason', async () => {
    const claude = await run(
      {
        'pre_tool:Write': {
          kind: 'ask',
          message: '1) What I want to do: write held.txt',
          humanNote: 'HUMAN-ONLY-NOTE',
        },
      },
      { script: [{ tool: 'Write', input: { file_path: 'held.txt', content: 'x' } }] },
    );
    expect(existsSync(path.join(claude.workspace, 'held.txt'))).toBe(false);
    expect(claude.result?.permission_denials.map((denial) => denial.tool_name)).toEqual(['Write']);
    // the reason is the model's; systemMessage, where the commands that approve go, never reaches it
    expect(toolResultTexts(claude)[0]).toBe('1) What I want to do: write held.txt');
    expect(JSON.stringify(claude.requests)).not.toContain('HUMAN-ONLY-NOTE');
  });

  it.each([
    {
      name: 'refuses it in default mode, where no one can be asked',
      permissionMode: 'default' as const,
      written: false,
    },
    { name: 'runs it in bypassPermissions mode', permissionMode: 'bypassPermissions' as const, written: true },
  ])('leaves an allowed Write to Claude Code own permissions: it $name', async ({ permissionMode, written }) => {
    const claude = await run(
      { 'pre_tool:Write': { kind: 'allow' } },
      { permissionMode, script: [{ tool: 'Write', input: { file_path: 'allowed.txt', content: 'x' } }] },
    );
    expect(existsSync(path.join(claude.workspace, 'allowed.txt'))).toBe(written);
    expect(claude.result?.permission_denials.length).toBe(written ? 0 : 1);
  });

  it('blocks a tool call when the hook fails, with the failure as the reason', async () => {
    const claude = await run(
      { 'pre_tool:Write': 'fail' },
      { script: [{ tool: 'Write', input: { file_path: 'failed.txt', content: 'x' } }] },
    );
    expect(existsSync(path.join(claude.workspace, 'failed.txt'))).toBe(false);
    expect(toolResultTexts(claude)[0]).toContain('intentgate: scripted failure');
  });

  it('blocks the prompt when the hook fails on it: the model is never asked', async () => {
    const claude = await run(
      { user_prompt: 'fail' },
      { script: [{ tool: 'Write', input: { file_path: 'never.txt', content: 'x' } }] },
    );
    expect(claude.requests).toEqual([]);
    expect(claude.result?.result).toContain('intentgate: scripted failure');
    expect(existsSync(path.join(claude.workspace, 'never.txt'))).toBe(false);
  });

  it('blocks the prompt a refusal answers', async () => {
    const claude = await run({ user_prompt: { kind: 'deny', message: 'REFUSED-PROMPT' } }, { script: [] });
    expect(claude.requests).toEqual([]);
    expect(claude.result?.result).toContain('REFUSED-PROMPT');
  });
});
