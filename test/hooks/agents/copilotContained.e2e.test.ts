import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BWRAP } from '../../containment/sandboxSupport';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import type { ChatTurn } from '../../support/agents/chatCompletionsModel';
import { runCopilot, toolMessages } from '../../support/agents/copilotRun';
import {
  governedWorkspace,
  intentgateHookCommand,
  intentsMcpServer,
  type GovernedWorkspace,
} from '../../support/agents/governedWorkspace';

// The real GitHub Copilot CLI 1.0.102 runs the arguments intentgate's PreToolUse answer hands
// back (`modifiedArgs`, with `permissionDecision: "allow"`), whose command is the contained
// line: what the analysis cannot see, the sandbox bounds. Effects are read from the disk after the run.

const cli = findAgentCli('copilot');
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const selectIntent: ChatTurn = { tool: 'intentgate-select_active_intent', input: { intent_id: 'INT-001' } };
const shell = (command: string): ChatTurn => ({ tool: 'bash', input: { command, description: 'run' } });

// inline code the rules cannot read: one write in INT-001's scope (src/auth/**), one outside it
const WRITES_BOTH = `node -e "const fs = require('fs'); fs.writeFileSync('src/auth/made.ts', 'made'); try { fs.writeFileSync('src/billing/keep.ts', 'changed') } catch (e) { console.log(e.code, e.message) }"`;

async function copilot(workspace: GovernedWorkspace, script: readonly ChatTurn[]) {
  const run = await runCopilot(program, {
    workspace: workspace.root,
    script,
    hookCommand: intentgateHookCommand(intentgate, 'copilot', workspace),
    mcpServers: intentsMcpServer(intentgate, workspace),
    env: workspace.agentEnv,
  });
  expect(run.run.timedOut).toBe(false);
  return { ...run, results: toolMessages(run) };
}

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);
const keep = (workspace: GovernedWorkspace): string => readFileSync(at(workspace, 'src', 'billing', 'keep.ts'), 'utf8');

describe.skipIf('skip' in cli || BWRAP === undefined)(
  'intentgate hook copilot runs shell commands contained in the real GitHub Copilot CLI',
  () => {
    beforeAll(async () => {
      intentgate = await bundleEntry('src/cli/main.ts');
    });

    it("runs the contained line in place of the model's command: the write in scope lands, the one outside it fails", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const run = await copilot(workspace, [selectIntent, shell(WRITES_BOTH)]);
      expect(readFileSync(at(workspace, 'src', 'auth', 'made.ts'), 'utf8')).toBe('made');
      expect(keep(workspace)).toBe('export {};\n');
      expect(run.results[1]).toContain('EROFS');
      expect(run.results[1]).toContain('read-only file system');
    });

    it('keeps the intents file out of reach of inline code that names it at run time', async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const intents = readFileSync(at(workspace, '.orchestration', 'active_intents.yaml'), 'utf8');
      const command = `python3 -c "import os; p = '.orches' + 'tration/active_intents.yaml'
try:
    open(p, 'w').write('x')
except OSError as e:
    print(e.strerror)"`;
      const run = await copilot(workspace, [selectIntent, shell(command)]);
      expect(readFileSync(at(workspace, '.orchestration', 'active_intents.yaml'), 'utf8')).toBe(intents);
      expect(run.results[1]).toContain('Read-only file system');
    });

    it("decides by analysis alone under the policy's containment: off, and the command runs as the model wrote it", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const policy = workspace.flags[1] ?? '';
      writeFileSync(policy, `${readFileSync(policy, 'utf8')}containment: off\n`);
      const run = await copilot(workspace, [selectIntent, shell('echo made > src/auth/made.ts')]);
      expect(readFileSync(at(workspace, 'src', 'auth', 'made.ts'), 'utf8')).toBe('made\n');
      expect(run.results[1]).not.toContain('bwrap');
    });
  },
);
