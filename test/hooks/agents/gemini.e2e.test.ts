import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { GEMINI_TOOLS } from '../../../src/hooks/agents/geminiTools';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import type { GeminiRequest, GeminiTurn } from '../../support/agents/geminiModel';
import { functionResponses, runGemini } from '../../support/agents/geminiRun';
import {
  approveHeldAsHuman,
  governedWorkspace,
  intentgateHookCommand,
  intentsMcpServer,
  sessionsDirOf,
  type GovernedWorkspace,
} from '../../support/agents/governedWorkspace';

// intentgate governing the real Gemini CLI 0.61: each event runs `intentgate hook gemini` in a
// process of its own, and the session lives in the workspace between them.

const cli = findAgentCli('gemini');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

async function gemini(workspace: GovernedWorkspace, script: readonly GeminiTurn[], serverLateBySec = 0) {
  const run = await runGemini(program, {
    workspace: workspace.root,
    script,
    hookCommand: intentgateHookCommand(intentgate, 'gemini', workspace),
    mcpServers: intentsMcpServer(intentgate, workspace, serverLateBySec),
    env: workspace.agentEnv,
  });
  expect(run.run.timedOut).toBe(false);
  return { ...run, responses: functionResponses(run) };
}

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);
const write = (file: string): GeminiTurn => ({
  tool: 'write_file',
  input: { file_path: file, content: 'export {};\n' },
});
// a server Gemini CLI 0.61 waits for before its first request
const LATE_START_SEC = 5;
// which of the shell's stdin and stdout are a terminal
const TERMINAL_PROBE =
  '[ -t 0 ] && echo stdin-terminal || echo stdin-not-terminal; [ -t 1 ] && echo stdout-terminal || echo stdout-not-terminal';
const selectIntent: GeminiTurn = { tool: 'mcp_intentgate_select_active_intent', input: { intent_id: 'INT-001' } };
const DESTRUCTIVE = Object.keys(GEMINI_TOOLS).filter((tool) => GEMINI_TOOLS[tool]?.toolClass === 'DESTRUCTIVE');

describe.skipIf('skip' in cli)('intentgate hook gemini in the real Gemini CLI', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it('denies a write before an intent is selected: the file is never written', async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const run = await gemini(workspace, [
      write('src/auth/login.ts'),
      { tool: 'run_shell_command', input: { command: 'touch src/auth/shell.ts' } },
    ]);
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(false);
    expect(existsSync(at(workspace, 'src', 'auth', 'shell.ts'))).toBe(false);
    expect(run.responses).toEqual([
      expect.stringContaining(STATE_VIOLATION_MESSAGE),
      expect.stringContaining(STATE_VIOLATION_MESSAGE),
    ]);
  });

  it('lets the model call no DESTRUCTIVE tool before an intent, and every tool once one is selected', async () => {
    const run = await gemini(governedWorkspace({ safeMode: false }), [selectIntent]);
    const before = run.requests[0]?.functionCalling;
    expect(before?.mode).toBe('AUTO');
    expect(before?.allowedFunctionNames).toEqual(
      expect.arrayContaining(['mcp_intentgate_select_active_intent', 'read_file', 'glob']),
    );
    expect(before?.allowedFunctionNames?.filter((name) => DESTRUCTIVE.includes(name))).toEqual([]);
    // what the scripted server received: the selection narrowed what may be called, not what is declared
    expect(run.requests[0]?.tools).toEqual(
      expect.arrayContaining(['write_file', 'run_shell_command', 'mcp_intentgate_select_active_intent']),
    );
    expect(run.requests[1]?.functionCalling).toBeUndefined();
  });

  it('offers the handshake tools from the first request when the intents server starts late, registered as docs/hooks.md says', async () => {
    const run = await gemini(governedWorkspace({ safeMode: false }), [], LATE_START_SEC);
    expect(run.requests[0]?.tools).toEqual(
      expect.arrayContaining(['mcp_intentgate_select_active_intent', 'mcp_intentgate_attempt_completion']),
    );
  });

  it('gives the model the handshake text with the prompt', async () => {
    const run = await gemini(governedWorkspace({ safeMode: false }), []);
    const transcript = run.requests[0]?.transcript ?? '';
    expect(transcript).toContain('select_active_intent');
    expect(transcript).toContain('INT-001');
  });

  it('selects the intent through the intents server; in later hook processes a write in scope runs and writes out of scope are denied', async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const run = await gemini(workspace, [
      selectIntent,
      write('src/auth/login.ts'),
      write(at(workspace, 'src', 'auth', 'token.ts')),
      write('src/billing/pay.ts'),
      { tool: 'run_shell_command', input: { command: 'rm -rf src/billing' } },
      { tool: 'run_shell_command', input: { command: 'touch made.ts', dir_path: 'src/billing' } },
    ]);
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(true);
    expect(existsSync(at(workspace, 'src', 'auth', 'token.ts'))).toBe(true);
    expect(existsSync(at(workspace, 'src', 'billing', 'pay.ts'))).toBe(false);
    expect(existsSync(at(workspace, 'src', 'billing', 'keep.ts'))).toBe(true);
    expect(existsSync(at(workspace, 'src', 'billing', 'made.ts'))).toBe(false);
    expect(run.responses.slice(3)).toEqual([
      expect.stringContaining('src/billing/pay.ts'),
      expect.stringContaining("Scope Violation: 'src/billing'"),
      expect.stringContaining("Scope Violation: 'src/billing'"),
    ]);
    // the lifecycle lived in the session's file between the hook processes; SessionEnd marked it ended and kept it
    const files = readdirSync(sessionsDirOf(workspace.root, workspace.human));
    expect(files).toEqual([expect.stringMatching(/^[0-9a-f]{40}\.json$/)]);
    expect(
      JSON.parse(readFileSync(path.join(sessionsDirOf(workspace.root, workspace.human), files[0] ?? ''), 'utf8')),
    ).toMatchObject({ notes: { endedAt: expect.any(Number) } });
  });

  it(
    'holds a risky call in safe mode: an ask would wait forever, so it is refused with the prompt, ' +
      'saying a human decides; the model is given no way to approve',
    async () => {
      const workspace = governedWorkspace({ safeMode: true });
      const run = await gemini(workspace, [selectIntent, write('src/auth/login.ts')]);
      expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(false);
      expect(run.responses[1]).toContain('This call is held until a human approves it');
      expect(run.responses[1]).toContain('Only a human can approve this call (approval-1)');
      for (const means of ['intentgate approve', '--held']) expect(run.responses[1]).not.toContain(means);
      // the commands go to the human: Gemini CLI prints a hook's systemMessage on its own stderr, not to the model
      expect(run.run.stderr).toContain(
        `Hook system message: intentgate holds 'write_file' (approval-1). To approve it, run in your ` +
          `terminal: \`intentgate approve --workspace ${workspace.root} --session `,
      );
    },
  );

  it('runs a held call once when a human approved it from a terminal and the agent retries it', async () => {
    const workspace = governedWorkspace({ safeMode: true });
    const retry = {
      ...write('src/auth/login.ts'),
      before: (request: GeminiRequest) =>
        approveHeldAsHuman(
          intentgate,
          workspace,
          request.functionResponses.map((seen) => seen.response),
        ),
    };
    const run = await gemini(workspace, [selectIntent, write('src/auth/login.ts'), retry]);
    expect(run.responses[1]).toContain('This call is held until a human approves it');
    expect(run.responses[2]).toContain('Successfully created');
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(true);
  });

  it("runs the model's shell commands with no terminal, so an approval it runs cannot be confirmed there", async () => {
    const run = await gemini(governedWorkspace({ safeMode: false }), [
      selectIntent,
      { tool: 'run_shell_command', input: { command: TERMINAL_PROBE } },
    ]);
    expect(run.responses[1]).toContain('stdin-not-terminal');
    expect(run.responses[1]).toContain('stdout-not-terminal');
  });
});
