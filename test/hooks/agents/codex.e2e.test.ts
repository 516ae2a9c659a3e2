import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { findAgentCli, tempDir } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import { runCodex, toolOutputs } from '../../support/agents/codexRun';
import {
  approveHeldAsHuman,
  governedWorkspace,
  intentgateHookCommand,
  intentsMcpServer,
  sessionsDirOf,
  type GovernedWorkspace,
} from '../../support/agents/governedWorkspace';
import type { OpenAiRequest, OpenAiTurn } from '../../support/agents/openaiModel';

// intentgate governing the real Codex CLI 0.169: each event runs `intentgate hook codex` in a
// process of its own, and the session lives in the workspace between them.

const cli = findAgentCli('codex');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

async function codex(workspace: GovernedWorkspace, script: readonly OpenAiTurn[], serverLateBySec = 0) {
  const run = await runCodex(program, {
    workspace: workspace.root,
    script,
    hookCommand: intentgateHookCommand(intentgate, 'codex', workspace),
    mcpServers: intentsMcpServer(intentgate, workspace, serverLateBySec),
    env: workspace.agentEnv,
  });
  expect(run.run.timedOut).toBe(false);
  return { ...run, outputs: [...toolOutputs(run).values()] };
}

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);
const addFile = (file: string): OpenAiTurn => ({
  patch: `*** Begin Patch\n*** Add File: ${file}\n+export {};\n*** End Patch\n`,
});
// later than Codex 0.169 takes to reach its first request
const LATE_START_SEC = 5;
// which of the shell's stdin and stdout are a terminal
const TERMINAL_PROBE =
  '[ -t 0 ] && echo stdin-terminal || echo stdin-not-terminal; [ -t 1 ] && echo stdout-terminal || echo stdout-not-terminal';
const selectIntent: OpenAiTurn = {
  tool: 'select_active_intent',
  namespace: 'mcp__intentgate',
  input: { intent_id: 'INT-001' },
};

describe.skipIf('skip' in cli)('intentgate hook codex in the real Codex CLI', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it('denies a write before an intent is selected: the file is never written', async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const run = await codex(workspace, [
      addFile('src/auth/login.ts'),
      { tool: 'exec_command', input: { cmd: 'touch src/auth/shell.ts' } },
    ]);
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(false);
    expect(existsSync(at(workspace, 'src', 'auth', 'shell.ts'))).toBe(false);
    expect(run.outputs).toEqual([
      expect.stringContaining(STATE_VIOLATION_MESSAGE),
      expect.stringContaining(STATE_VIOLATION_MESSAGE),
    ]);
  });

  it('gives the model the handshake text with the prompt, and the intents server offers the handshake tools', async () => {
    const run = await codex(governedWorkspace({ safeMode: false }), []);
    const transcript = run.requests[0]?.transcript ?? '';
    expect(transcript).toContain('select_active_intent');
    expect(transcript).toContain('INT-001');
    expect(run.requests[0]?.tools).toEqual(
      expect.arrayContaining(['mcp__intentgate/select_active_intent', 'mcp__intentgate/attempt_completion']),
    );
  });

  it('offers the handshake tools from the first request when the intents server starts late, registered as docs/hooks.md says', async () => {
    const run = await codex(governedWorkspace({ safeMode: false }), [], LATE_START_SEC);
    expect(run.requests[0]?.tools).toEqual(
      expect.arrayContaining(['mcp__intentgate/select_active_intent', 'mcp__intentgate/attempt_completion']),
    );
  });

  it('stops before asking the model when the intents server, registered as required, cannot start', async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const broken = { command: 'bash', args: ['-c', 'exit 1'] };
    const run = await runCodex(program, {
      workspace: workspace.root,
      script: [],
      hookCommand: intentgateHookCommand(intentgate, 'codex', workspace),
      mcpServers: { intentgate: broken },
    });
    expect(run.run.timedOut).toBe(false);
    expect(run.run.exitCode).not.toBe(0);
    expect(run.run.stderr).toContain('required MCP servers failed to initialize');
    expect(run.requests).toEqual([]);
  });

  it('selects the intent through the intents server; in later hook processes a write in scope runs and writes out of scope are denied', async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const run = await codex(workspace, [
      selectIntent,
      addFile('src/auth/login.ts'),
      addFile(at(workspace, 'src', 'auth', 'token.ts')),
      addFile('src/billing/pay.ts'),
      { tool: 'exec_command', input: { cmd: 'rm -rf src/billing' } },
    ]);
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(true);
    expect(existsSync(at(workspace, 'src', 'auth', 'token.ts'))).toBe(true);
    expect(existsSync(at(workspace, 'src', 'billing', 'pay.ts'))).toBe(false);
    expect(existsSync(at(workspace, 'src', 'billing', 'keep.ts'))).toBe(true);
    expect(run.outputs[3]).toMatch(/src\/billing\/pay\.ts.*INT-001|INT-001.*src\/billing\/pay\.ts/s);
    expect(run.outputs[4]).toContain('src/billing');
    // the lifecycle lived in the session's file between the hook processes
    expect(readdirSync(sessionsDirOf(workspace.root, workspace.human)).length).toBeGreaterThan(0);
  });

  it("judges a shell command in the folder Codex runs it in, the model's workdir outside the workspace", async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const elsewhere = tempDir('codex-elsewhere-');
    const run = await codex(workspace, [
      selectIntent,
      { tool: 'exec_command', input: { cmd: 'touch src/auth/made.ts', workdir: elsewhere } },
    ]);
    expect(existsSync(path.join(elsewhere, 'src', 'auth', 'made.ts'))).toBe(false);
    expect(run.outputs[1]).toContain("'src/auth/made.ts' resolves outside the workspace root");
  });

  it(
    'holds a risky call in safe mode: Codex has no ask, so it is refused with the prompt, saying a ' +
      'human decides; the model is given no way to approve',
    async () => {
      const workspace = governedWorkspace({ safeMode: true });
      const run = await codex(workspace, [selectIntent, addFile('src/auth/login.ts')]);
      expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(false);
      expect(run.outputs[1]).toContain('This call is held until a human approves it');
      expect(run.outputs[1]).toMatch(/^1\) .+\n2\) .+\n3\) .+\n4\) /m);
      expect(run.outputs[1]).toContain('Only a human can approve this call (approval-1)');
      for (const means of ['intentgate approve', '--held']) expect(run.outputs[1]).not.toContain(means);
    },
  );

  it('runs a held call once when a human approved it from a terminal and the agent retries it', async () => {
    const workspace = governedWorkspace({ safeMode: true });
    const retry = {
      ...addFile('src/auth/login.ts'),
      before: (request: OpenAiRequest) =>
        approveHeldAsHuman(
          intentgate,
          workspace,
          request.toolOutputs.map((seen) => seen.output),
        ),
    };
    const run = await codex(workspace, [selectIntent, addFile('src/auth/login.ts'), retry]);
    expect(run.outputs[1]).toContain('This call is held until a human approves it');
    expect(run.outputs[2]).toContain('Success');
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(true);
  });

  it("runs the model's shell commands with no terminal, so an approval it runs cannot be confirmed there", async () => {
    const run = await codex(governedWorkspace({ safeMode: false }), [
      selectIntent,
      { tool: 'exec_command', input: { cmd: TERMINAL_PROBE } },
    ]);
    expect(run.outputs[1]).toContain('stdin-not-terminal');
    expect(run.outputs[1]).toContain('stdout-not-terminal');
  });

  it("gives the model a terminal when it asks for one (exec_command's tty), which the confirmation cannot tell from a person's", async () => {
    const run = await codex(governedWorkspace({ safeMode: false }), [
      selectIntent,
      { tool: 'exec_command', input: { cmd: TERMINAL_PROBE, tty: true } },
    ]);
    expect(run.outputs[1]).toContain('stdin-terminal');
  });
});
