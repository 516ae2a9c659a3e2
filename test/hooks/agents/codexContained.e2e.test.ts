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

// The real Codex CLI 0.169 runs the contained line intentgate's PreToolUse answer hands back in
// place of the model's command: what the analysis cannot see, the sandbox bounds. Effects are
// read from the disk after the run.

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

async function codex(workspace: GovernedWorkspace, script: readonly OpenAiTurn[], sandbox?: readonly string[]) {
  const run = await runCodex(program, {
    workspace: workspace.root,
    script,
    hookCommand: intentgateHookCommand(intentgate, 'codex', workspace),
    mcpServers: intentsMcpServer(intentgate, workspace),
    env: workspace.agentEnv,
    ...(sandbox !== undefined && { sandbox }),
  });
  expect(run.run.timedOut).toBe(false);
  return { ...run, outputs: [...toolOutputs(run).values()] };
}

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);
const keep = (workspace: GovernedWorkspace): string => readFileSync(at(workspace, 'src', 'billing', 'keep.ts'), 'utf8');

describe.skipIf('skip' in cli || BWRAP === undefined)(
  'intentgate hook codex runs shell commands contained in the real Codex CLI',
  () => {
    beforeAll(async () => {
      intentgate = await bundleEntry('src/cli/main.ts');
    });

    it("runs the contained line in place of the model's command: the write in scope lands, the one outside it fails", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const run = await codex(workspace, [selectIntent, { tool: 'exec_command', input: { cmd: WRITES_BOTH } }]);
      expect(readFileSync(at(workspace, 'src', 'auth', 'made.ts'), 'utf8')).toBe('made');
      expect(keep(workspace)).toBe('export {};\n');
      expect(run.outputs[1]).toContain('EROFS');
      // what Codex ran: bwrap, with the model's command inside it
      expect(run.run.stderr).toMatch(/bwrap .*--unshare-pid/);
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
      const run = await codex(workspace, [selectIntent, { tool: 'exec_command', input: { cmd: command } }]);
      expect(readFileSync(at(workspace, '.orchestration', 'active_intents.yaml'), 'utf8')).toBe(intents);
      expect(run.outputs[1]).toContain('EROFS');
      expect(run.outputs[1]).toContain('EACCES');
      expect(run.outputs[1]).not.toContain('TOP-SECRET');
    });

    it("runs the contained command in the folder Codex runs it in (the model's workdir)", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const inAuth = `node -e "require('fs').writeFileSync('made.ts', 'made')"; pwd`;
      const run = await codex(workspace, [
        selectIntent,
        { tool: 'exec_command', input: { cmd: inAuth, workdir: at(workspace, 'src', 'auth') } },
      ]);
      expect(existsSync(at(workspace, 'src', 'auth', 'made.ts'))).toBe(true);
      expect(run.outputs[1]).toContain(path.join('src', 'auth'));
    });

    it("runs nothing under Codex's own sandbox, which refuses the namespaces bwrap needs: the command fails closed", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const run = await codex(
        workspace,
        [selectIntent, { tool: 'exec_command', input: { cmd: WRITES_BOTH } }],
        ['--sandbox', 'workspace-write'],
      );
      expect(run.outputs[1]).toContain('bwrap: Creating new namespace failed');
      expect(existsSync(at(workspace, 'src', 'auth', 'made.ts'))).toBe(false);
      expect(keep(workspace)).toBe('export {};\n');
    });

    it("decides by analysis alone under the policy's containment: off, and hands back no contained line", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const policy = workspace.flags[1] ?? '';
      writeFileSync(policy, `${readFileSync(policy, 'utf8')}containment: off\n`);
      const run = await codex(workspace, [
        selectIntent,
        { tool: 'exec_command', input: { cmd: 'echo made > src/auth/made.ts' } },
      ]);
      expect(existsSync(at(workspace, 'src', 'auth', 'made.ts'))).toBe(true);
      expect(run.run.stderr).not.toContain('bwrap');
    });
  },
);
