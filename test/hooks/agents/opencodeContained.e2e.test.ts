import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BWRAP } from '../../containment/sandboxSupport';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import type { ChatTurn } from '../../support/agents/chatCompletionsModel';
import {
  governedWorkspace,
  intentgateHookCommand,
  intentsMcpServer,
  type GovernedWorkspace,
} from '../../support/agents/governedWorkspace';
import { opencodeToolResults, runOpencode } from '../../support/agents/opencodeRun';

// The real OpenCode 1.18.33 runs the arguments intentgate's plugin leaves in `output.args`,
// whose command is the contained line the hook handed back: what the analysis cannot see, the
// sandbox bounds. Effects are read from the disk after the run.

const cli = findAgentCli('opencode');
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const selectIntent: ChatTurn = { tool: 'intentgate_select_active_intent', input: { intent_id: 'INT-001' } };
const shell = (command: string): ChatTurn => ({ tool: 'bash', input: { command, description: 'run' } });

// inline code the rules cannot read: one write in INT-001's scope (src/auth/**), one outside it
const WRITES_BOTH = `node -e "const fs = require('fs'); fs.writeFileSync('src/auth/made.ts', 'made'); try { fs.writeFileSync('src/billing/keep.ts', 'changed') } catch (e) { console.log(e.code, e.message) }"`;

async function opencode(workspace: GovernedWorkspace, script: readonly ChatTurn[]) {
  const run = await runOpencode(program, {
    workspace: workspace.root,
    script,
    hookCommand: intentgateHookCommand(intentgate, 'opencode', workspace),
    mcpServers: intentsMcpServer(intentgate, workspace),
    env: workspace.agentEnv,
  });
  expect(run.run.timedOut).toBe(false);
  return { ...run, results: opencodeToolResults(run) };
}

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);
const keep = (workspace: GovernedWorkspace): string => readFileSync(at(workspace, 'src', 'billing', 'keep.ts'), 'utf8');

describe.skipIf('skip' in cli || BWRAP === undefined)(
  'intentgate hook opencode runs shell commands contained in the real OpenCode',
  () => {
    beforeAll(async () => {
      intentgate = await bundleEntry('src/cli/main.ts');
    });

    it("runs the contained line in place of the model's command: the write in scope lands, the one outside it fails", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const run = await opencode(workspace, [selectIntent, shell(WRITES_BOTH)]);
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
      const run = await opencode(workspace, [selectIntent, shell(command)]);
      expect(readFileSync(at(workspace, '.orchestration', 'active_intents.yaml'), 'utf8')).toBe(intents);
      expect(run.results[1]).toContain('Read-only file system');
    });

    it("decides by analysis alone under the policy's containment: off, and the command runs as the model wrote it", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const policy = workspace.flags[1] ?? '';
      writeFileSync(policy, `${readFileSync(policy, 'utf8')}containment: off\n`);
      const run = await opencode(workspace, [selectIntent, shell('echo made > src/auth/made.ts; echo $0')]);
      expect(readFileSync(at(workspace, 'src', 'auth', 'made.ts'), 'utf8')).toBe('made\n');
      expect(run.results[1]).not.toContain('bwrap');
    });
  },
);
