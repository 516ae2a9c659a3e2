import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BWRAP } from '../../containment/sandboxSupport';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import { runCodex, toolOutputs } from '../../support/agents/codexRun';
import {
  governedWorkspace,
  intentgateHookCommand,
  intentsMcpServer,
  type GovernedWorkspace,
} from '../../support/agents/governedWorkspace';
import type { OpenAiTurn } from '../../support/agents/openaiModel';

// The real Codex CLI 0.169 asks its approval question (PermissionRequest) when the model wants a
// command run outside Codex's own sandbox; intentgate answers it from the session's decision.
// `--approve-for-me` is Codex's on-request approval with its automatic reviewer: the hook runs first.

const cli = findAgentCli('codex');
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const selectIntent: OpenAiTurn = {
  tool: 'select_active_intent',
  namespace: 'mcp__intentgate',
  input: { intent_id: 'INT-001' },
};
// inline code the rules cannot read: one write in INT-001's scope (src/auth/**), one outside it
const WRITES_BOTH = `node -e "const fs = require('fs'); fs.writeFileSync('src/auth/made.ts', 'made'); fs.writeFileSync('src/billing/keep.ts', 'changed')"`;
const escalated = (cmd: string): OpenAiTurn => ({
  tool: 'exec_command',
  input: { cmd, sandbox_permissions: 'require_escalated', justification: 'bwrap needs namespaces' },
});

async function codex(workspace: GovernedWorkspace, script: readonly OpenAiTurn[]) {
  const run = await runCodex(program, {
    workspace: workspace.root,
    script,
    hookCommand: intentgateHookCommand(intentgate, 'codex', workspace),
    mcpServers: intentsMcpServer(intentgate, workspace),
    env: workspace.agentEnv,
    sandbox: ['--approve-for-me'],
  });
  expect(run.run.timedOut).toBe(false);
  expect(run.run.stderr).toContain('approval: on-request');
  return { ...run, outputs: [...toolOutputs(run).values()] };
}

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);

describe.skipIf('skip' in cli || BWRAP === undefined)("intentgate answers the real Codex CLI's approval prompt", () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it("allows the escalation of a contained line, which then runs in intentgate's sandbox: the write in scope lands, the one outside fails", async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const run = await codex(workspace, [selectIntent, escalated(WRITES_BOTH)]);
    expect(readFileSync(at(workspace, 'src', 'auth', 'made.ts'), 'utf8')).toBe('made');
    expect(readFileSync(at(workspace, 'src', 'billing', 'keep.ts'), 'utf8')).toBe('export {};\n');
    expect(run.outputs[1]).toContain('EROFS');
    // intentgate's hook answered the prompt, so Codex's reviewer was never asked (the next test shows it would refuse)
    expect(run.run.stderr).toContain('hook: PermissionRequest Completed');
    expect(run.outputs[1]).not.toContain('approval review');
  });

  it("leaves the prompt of a call decided by analysis alone (containment: off) to Codex's reviewer, which the scripted model cannot answer", async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const policy = workspace.flags[1] ?? '';
    writeFileSync(policy, `${readFileSync(policy, 'utf8')}containment: off\n`);
    const run = await codex(workspace, [selectIntent, escalated('echo made > src/auth/made.ts')]);
    expect(run.outputs[1]).toContain('Automatic approval review failed');
    expect(existsSync(at(workspace, 'src', 'auth', 'made.ts'))).toBe(false);
  });

  it("runs the same command inside Codex's sandbox without asking, where the contained line cannot start and nothing runs", async () => {
    const workspace = governedWorkspace({ safeMode: false });
    const run = await codex(workspace, [selectIntent, { tool: 'exec_command', input: { cmd: WRITES_BOTH } }]);
    expect(run.outputs[1]).toContain('bwrap: Creating new namespace failed');
    expect(readFileSync(at(workspace, 'src', 'billing', 'keep.ts'), 'utf8')).toBe('export {};\n');
  });
});
