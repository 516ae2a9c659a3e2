import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import type { ChatTurn } from '../../support/agents/chatCompletionsModel';
import {
  governedWorkspace,
  intentgateHookCommand,
  intentsMcpServer,
  sessionsDirOf,
  type GovernedWorkspace,
} from '../../support/agents/governedWorkspace';
import { opencodeToolResults, runOpencode } from '../../support/agents/opencodeRun';

// intentgate governing the real OpenCode 1.18.33 against a scripted model: intentgate's plugin
// runs `intentgate hook opencode` in a process of its own for each tool call, and the session
// lives in the workspace between them.

const cli = findAgentCli('opencode');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

async function opencode(
  workspace: GovernedWorkspace,
  script: readonly ChatTurn[],
  hookCommand = intentgateHookCommand(intentgate, 'opencode', workspace),
) {
  const run = await runOpencode(program, {
    workspace: workspace.root,
    script,
    hookCommand,
    mcpServers: intentsMcpServer(intentgate, workspace),
    env: workspace.agentEnv,
  });
  expect(run.run.timedOut).toBe(false);
  return { ...run, results: opencodeToolResults(run) };
}

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);
const write = (workspace: GovernedWorkspace, file: string): ChatTurn => ({
  tool: 'write',
  input: { filePath: at(workspace, file), content: 'export {};\n' },
});
const shell = (command: string): ChatTurn => ({ tool: 'bash', input: { command, description: 'run' } });
const selectIntent: ChatTurn = { tool: 'intentgate_select_active_intent', input: { intent_id: 'INT-001' } };

describe.skipIf('skip' in cli)('intentgate hook opencode in the real OpenCode', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it('denies a write and a shell write before an intent is selected: nothing is written', async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const run = await opencode(workspace, [write(workspace, 'src/auth/login.ts'), shell('touch src/auth/shell.ts')]);
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(false);
    expect(existsSync(at(workspace, 'src', 'auth', 'shell.ts'))).toBe(false);
    expect(run.results).toEqual([
      expect.stringContaining(STATE_VIOLATION_MESSAGE),
      expect.stringContaining(STATE_VIOLATION_MESSAGE),
    ]);
    expect(run.requests[0]?.tools).toEqual(
      expect.arrayContaining(['intentgate_select_active_intent', 'intentgate_attempt_completion']),
    );
  });

  it('selects the intent through the intents server; in later hook processes a write in scope runs and writes out of scope are denied', async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const run = await opencode(workspace, [
      selectIntent,
      write(workspace, 'src/auth/login.ts'),
      write(workspace, 'src/billing/pay.ts'),
      shell('rm -rf src/billing'),
    ]);
    expect(run.results[0]).toContain('INT-001');
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(true);
    expect(existsSync(at(workspace, 'src', 'billing', 'pay.ts'))).toBe(false);
    expect(existsSync(at(workspace, 'src', 'billing', 'keep.ts'))).toBe(true);
    expect(run.results.slice(2)).toEqual([
      expect.stringContaining('src/billing/pay.ts'),
      expect.stringContaining("Scope Violation: 'src/billing'"),
    ]);
    expect(readdirSync(sessionsDirOf(workspace.root, workspace.human))).toEqual([
      expect.stringMatching(/^[0-9a-f]{40}\.json$/),
    ]);
  });

  it('refuses a held call in safe mode, saying a human decides: no prompt can reach anyone in a headless run', async () => {
    const workspace = governedWorkspace({ safeMode: true });
    const run = await opencode(workspace, [selectIntent, write(workspace, 'src/auth/login.ts')]);
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(false);
    expect(run.results[1]).toContain('This call is held until a human approves it');
  });

  it('blocks the call when the hook itself fails: a missing program', async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const missing = intentgateHookCommand(path.join(workspace.root, 'no-such-intentgate.js'), 'opencode', workspace);
    const run = await opencode(workspace, [write(workspace, 'src/auth/login.ts')], missing);
    expect(existsSync(at(workspace, 'src', 'auth', 'login.ts'))).toBe(false);
    expect(run.results).toEqual([expect.stringContaining('intentgate: the hook failed')]);
  });
});
