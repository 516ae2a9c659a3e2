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
import { opencodeToolResults, runOpencode } from '../../support/agents/opencodeRun';

// The real GitHub Copilot CLI 1.0.102 runs the arguments intentgate's PreToolUse answer hands
// back (`modifiedArgs`, with `permissionDecision: "allow"`); the real OpenCode 1.18.33 runs the
// arguments intentgate's plugin leaves in `output.args`. In both the command is the contained
// line: what the analysis cannot see, the sandbox bounds. Effects are read from the disk after the run.

interface RunSpec {
  readonly workspace: string;
  readonly script: readonly ChatTurn[];
  readonly hookCommand: string;
  readonly mcpServers: ReturnType<typeof intentsMcpServer>;
  readonly env: NodeJS.ProcessEnv;
}

/** One agent as these tests drive it: its CLI, the handshake tool's name there, and how a run's tool results read. */
interface ContainedAgent {
  readonly name: 'copilot' | 'opencode';
  readonly title: string;
  readonly selectTool: string;
  run(
    program: string,
    spec: RunSpec,
  ): Promise<{ readonly run: { readonly timedOut: boolean }; readonly results: readonly string[] }>;
}

const AGENTS: readonly ContainedAgent[] = [
  {
    name: 'copilot',
    title: 'the real GitHub Copilot CLI',
    selectTool: 'intentgate-select_active_intent',
    run: async (program, spec) => {
      const run = await runCopilot(program, spec);
      return { run: run.run, results: toolMessages(run) };
    },
  },
  {
    name: 'opencode',
    title: 'the real OpenCode',
    selectTool: 'intentgate_select_active_intent',
    run: async (program, spec) => {
      const run = await runOpencode(program, spec);
      return { run: run.run, results: opencodeToolResults(run) };
    },
  },
];

const shell = (command: string): ChatTurn => ({ tool: 'bash', input: { command, description: 'run' } });

// inline code the rules cannot read: one write in INT-001's scope (src/auth/**), one outside it
const WRITES_BOTH =
  `node -e "const fs = require('fs'); fs.writeFileSync('src/auth/made.ts', 'made'); ` +
  `try { fs.writeFileSync('src/billing/keep.ts', 'changed') } catch (e) { console.log(e.code, e.message) }"`;

const at = (workspace: GovernedWorkspace, ...parts: string[]): string => path.join(workspace.root, ...parts);
const keep = (workspace: GovernedWorkspace): string => readFileSync(at(workspace, 'src', 'billing', 'keep.ts'), 'utf8');

describe.each(AGENTS)('intentgate hook $name runs shell commands contained in $title', (agent) => {
  const cli = findAgentCli(agent.name);
  const program = 'program' in cli ? cli.program : '';
  let intentgate = '';
  const selectIntent: ChatTurn = { tool: agent.selectTool, input: { intent_id: 'INT-001' } };

  async function drive(workspace: GovernedWorkspace, script: readonly ChatTurn[]) {
    const run = await agent.run(program, {
      workspace: workspace.root,
      script,
      hookCommand: intentgateHookCommand(intentgate, agent.name, workspace),
      mcpServers: intentsMcpServer(intentgate, workspace),
      env: workspace.agentEnv,
    });
    expect(run.run.timedOut).toBe(false);
    return run;
  }

  describe.skipIf('skip' in cli || BWRAP === undefined)('with bubblewrap', () => {
    beforeAll(async () => {
      intentgate = await bundleEntry('src/cli/main.ts');
    });

    it("runs the contained line in place of the model's command: the write in scope lands, the one outside it fails", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const run = await drive(workspace, [selectIntent, shell(WRITES_BOTH)]);
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
      const run = await drive(workspace, [selectIntent, shell(command)]);
      expect(readFileSync(at(workspace, '.orchestration', 'active_intents.yaml'), 'utf8')).toBe(intents);
      expect(run.results[1]).toContain('Read-only file system');
    });

    it("decides by analysis alone under the policy's containment: off, and the command runs as the model wrote it", async () => {
      const workspace = governedWorkspace({ safeMode: false });
      const policy = workspace.flags[1] ?? '';
      writeFileSync(policy, `${readFileSync(policy, 'utf8')}containment: off\n`);
      const run = await drive(workspace, [selectIntent, shell('echo made > src/auth/made.ts; echo $0')]);
      expect(readFileSync(at(workspace, 'src', 'auth', 'made.ts'), 'utf8')).toBe('made\n');
      expect(run.results[1]).not.toContain('bwrap');
    });
  });
});
