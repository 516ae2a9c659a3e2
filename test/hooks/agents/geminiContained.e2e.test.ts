import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BWRAP } from '../../containment/sandboxSupport';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import type { GeminiTurn } from '../../support/agents/geminiModel';
import { functionResponses, runGemini } from '../../support/agents/geminiRun';
import {
  governedWorkspace,
  intentgateHookCommand,
  intentsMcpServer,
  type GovernedWorkspace,
} from '../../support/agents/governedWorkspace';

// The real Gemini CLI 0.61 runs the input intentgate's BeforeTool answer hands back, whose
// command is the contained line: what the analysis cannot see, the sandbox bounds. Effects are
// read from the disk after the run.

const cli = findAgentCli('gemini');
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const selectIntent: GeminiTurn = { tool: 'mcp_intentgate_select_active_intent', input: { intent_id: 'INT-001' } };

// inline code the rules cannot read: one write in INT-001's scope (src/auth/**), one outside it
const WRITES_BOTH = `node -e "const fs = require('fs'); fs.writeFileSync('src/auth/made.ts', 'made'); fs.writeFileSync('src/billing/keep.ts', 'changed')"`;

async function gemini(workspace: GovernedWorkspace, script: readonly GeminiTurn[]) {
  const run = await runGemini(program, {
    workspace: workspace.root,
    script,
    hookCommand: intentgateHookCommand(intentgate, 'gemini', workspace),
    mcpServers: intentsMcpServer(intentgate, workspace),
    env: workspace.agentEnv,
  });
  expect(run.run.timedOut).toBe(false);
  return { ...run, responses: functionResponses(run) };
}

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);
const keep = (workspace: GovernedWorkspace): string => readFileSync(at(workspace, 'src', 'billing', 'keep.ts'), 'utf8');

describe.skipIf('skip' in cli || BWRAP === undefined)(
  'intentgate hook gemini runs shell commands contained in the real Gemini CLI',
  () => {
    beforeAll(async () => {
      intentgate = await bundleEntry('src/cli/main.ts');
    });

    it("runs the contained line in place of the model's command: the write in scope lands, the one outside it fails", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const run = await gemini(workspace, [
        selectIntent,
        { tool: 'run_shell_command', input: { command: WRITES_BOTH, description: 'write two files' } },
      ]);
      expect(readFileSync(at(workspace, 'src', 'auth', 'made.ts'), 'utf8')).toBe('made');
      expect(keep(workspace)).toBe('export {};\n');
      expect(run.responses[1]).toContain('EROFS');
      // Gemini tells the model that a hook changed the call's input
      expect(run.responses[1]).toContain('modified by a hook');
    });

    it('keeps the control files and ignored files out of reach of a contained command', async () => {
      const workspace = governedWorkspace({ safeMode: false });
      writeFileSync(at(workspace, '.intentignore'), 'secrets.txt\n');
      writeFileSync(at(workspace, 'secrets.txt'), 'TOP-SECRET\n');
      const intents = readFileSync(at(workspace, '.orchestration', 'active_intents.yaml'), 'utf8');
      // the names built at run time, so only the sandbox can stop what the analysis cannot read
      const command =
        `node -e "const fs = require('fs'); const at = (...parts) => parts.join(''); ` +
        `try { fs.writeFileSync(at('.orches', 'tration/active_intents.yaml'), 'x') } catch (e) { ` +
        `console.log(e.code) } try { console.log(fs.readFileSync(at('secr', 'ets.txt'), 'utf8')) } catch (e) { console.log(e.code) }"`;
      const run = await gemini(workspace, [selectIntent, { tool: 'run_shell_command', input: { command } }]);
      expect(readFileSync(at(workspace, '.orchestration', 'active_intents.yaml'), 'utf8')).toBe(intents);
      expect(run.responses[1]).toContain('EROFS');
      expect(run.responses[1]).toContain('EACCES');
      expect(run.responses[1]).not.toContain('TOP-SECRET');
    });

    it("keeps the model's other arguments: the command runs contained in its dir_path", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const inAuth = `node -e "require('fs').writeFileSync('made.ts', 'made')"; pwd`;
      const run = await gemini(workspace, [
        selectIntent,
        { tool: 'run_shell_command', input: { command: inAuth, dir_path: 'src/auth' } },
      ]);
      expect(existsSync(at(workspace, 'src', 'auth', 'made.ts'))).toBe(true);
      expect(run.responses[1]).toContain(path.join('src', 'auth'));
    });

    it("decides by analysis alone under the policy's containment: off, and hands back no contained line", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const policy = workspace.flags[1] ?? '';
      writeFileSync(policy, `${readFileSync(policy, 'utf8')}containment: off\n`);
      const run = await gemini(workspace, [
        selectIntent,
        { tool: 'run_shell_command', input: { command: 'echo made > src/auth/made.ts' } },
      ]);
      expect(existsSync(at(workspace, 'src', 'auth', 'made.ts'))).toBe(true);
      expect(run.responses[1]).not.toContain('modified by a hook');
    });
  },
);
