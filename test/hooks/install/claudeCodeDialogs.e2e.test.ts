import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findAgentCli, tempDir } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import { hooksInstall, plainWorkspace, runInstalledClaude, writeIntents } from './installedAgents';

// The real Claude Code 2.1.197 in its default permission mode, set up by hooks install alone.

const cli = findAgentCli('claude-code');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const select = { tool: 'mcp__intentgate__select_active_intent', input: { intent_id: 'INT-001' } };
const complete = { tool: 'mcp__intentgate__attempt_completion', input: { result: 'done' } };

const systemMessageEntry = z.object({
  attachment: z.object({ type: z.literal('hook_system_message'), hookName: z.string(), content: z.string() }),
});

/**
 * The hook messages Claude Code showed its user, from the session transcript it keeps under
 * HOME: the interactive UI renders each as "<hookName> says: <content>" (2.1.197).
 */
function shownHookMessages(home: string): { hookName: string; content: string }[] {
  return transcriptEntries(home).flatMap((entry) => {
    const parsed = systemMessageEntry.safeParse(entry);
    return parsed.success ? [parsed.data.attachment] : [];
  });
}

/** Every line of the session transcripts Claude Code kept under HOME, parsed. */
function transcriptEntries(home: string): unknown[] {
  const projects = path.join(home, '.claude', 'projects');
  if (!existsSync(projects)) return [];
  return readdirSync(projects, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.jsonl'))
    .flatMap((file) =>
      readFileSync(path.join(projects, file), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    )
    .map((line) => JSON.parse(line) as unknown);
}

describe.skipIf('skip' in cli)("hooks install claude-code: Claude Code's own dialogs", () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  // without the hook's allow, `claude -p` in this mode refuses an MCP call ("Claude requested permissions…")
  it('runs the handshake tools in the default permission mode, without Claude Code asking', async () => {
    const { root, policy } = plainWorkspace();
    await hooksInstall(intentgate, 'claude-code', [
      '--workspace',
      root,
      '--policy',
      policy,
      '--agent-version',
      '2.1.197',
    ]);
    writeIntents(root);
    const run = await runInstalledClaude(program, root, [select, complete]);
    expect(run.run.timedOut).toBe(false);
    expect(run.results[0]).toContain('Intent INT-001 is active');
    expect(run.results[1]).toContain('The task is complete');
    expect(run.result?.permission_denials).toEqual([]);
  });

  it('shows the held call its five-part prompt in the transcript the human reads', async () => {
    const { root } = plainWorkspace();
    // no policy: safe mode holds a write even in scope
    await hooksInstall(intentgate, 'claude-code', ['--workspace', root, '--agent-version', '2.1.197']);
    writeIntents(root);
    const home = tempDir('claude-home-');
    const run = await runInstalledClaude(
      program,
      root,
      [select, { tool: 'Write', input: { file_path: 'src/auth/login.ts', content: 'x' } }],
      [],
      home,
    );
    expect(run.run.timedOut).toBe(false);
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
    // Claude Code's dialog for a file write shows its diff and no hook reason: the prompt is shown as the hook's message
    const shown = shownHookMessages(home).filter((message) => message.hookName === 'PreToolUse:Write');
    expect(shown).toHaveLength(1);
    const parts = [
      '1) What I want to do: Call Write: src/auth/login.ts',
      '2) Why: To work on intent INT-001',
      '3) Risk: ',
      '4) What will change:',
      '5) [Continue] [Cancel]',
    ];
    for (const part of parts) expect(shown[0]?.content).toContain(part);
    expect(shown[0]?.content).toMatch(/`intentgate approve --workspace \S+ --session \S+ --held approval-1`/);
  });
});
