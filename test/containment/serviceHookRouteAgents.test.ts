import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandOfContainedLine } from '../../src/containment/containedShellLine';
import { createGovernanceServer, type GovernanceServer } from '../../src/server/createGovernanceServer';
import { makeWorkspace } from '../support/workspace';
import { BWRAP } from './sandboxSupport';

// The service's POST /hooks/copilot and /hooks/opencode: an allowed shell call comes back as the
// arguments each agent runs in place of the model's (Copilot's modifiedArgs, the OpenCode
// plugin's updatedArgs), whose command is the contained line. Real bash then runs the line.

const INTENTS = `active_intents:
  - id: INT-001
    name: Work in src
    owned_scope: [src/**]
    approvals:
      - categories: [EXEC_ARBITRARY, FS_DELETE_OVERWRITE]
`;
const INLINE = `python3 -c "open('src/a.txt','w').write('x'); open('docs/b.txt','w').write('y')"`;

interface Agent {
  readonly name: 'copilot' | 'opencode';
  /** the raw event of a tool call, as the agent (or intentgate's plugin) posts it */
  readonly call: (tool: string, input: Record<string, unknown>) => Record<string, unknown>;
  readonly select: string;
  readonly shell: string;
  /** the arguments the answer hands back to run */
  readonly handedBack: (body: Record<string, unknown>) => Record<string, unknown> | undefined;
}

const AGENTS: readonly Agent[] = [
  {
    name: 'copilot',
    call: (tool, input) => ({ hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input }),
    select: 'intentgate-select_active_intent',
    shell: 'Bash',
    handedBack: (body) => body.modifiedArgs as Record<string, unknown> | undefined,
  },
  {
    name: 'opencode',
    call: (tool, input) => ({ hook_event_name: 'tool.execute.before', tool_name: tool, tool_input: input }),
    select: 'intentgate_select_active_intent',
    shell: 'bash',
    handedBack: (body) => body.updatedArgs as Record<string, unknown> | undefined,
  },
];

describe.skipIf(BWRAP === undefined)('the service hook routes of Copilot CLI and OpenCode, contained', () => {
  let service: GovernanceServer | undefined;
  let root = '';
  let url = '';
  beforeAll(async () => {
    root = realpathSync(makeWorkspace({ intentsYaml: INTENTS }));
    for (const folder of ['src', 'docs']) mkdirSync(path.join(root, folder));
    service = createGovernanceServer({
      governor: { workspaceRoot: root, trace: () => undefined },
      approvalToken: 'service-hook-agents-token-0123456789',
      onError: () => undefined,
    });
    ({ url } = await service.listen(0, '127.0.0.1'));
  }, 60_000);
  afterAll(async () => {
    await service?.close();
  });

  it.each(AGENTS)('$name: answers inline code with its contained line, which bash runs contained', async (agent) => {
    const post = async (event: Record<string, unknown>): Promise<Record<string, unknown>> => {
      const response = await fetch(`${url}/hooks/${agent.name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session_id: `sess-${agent.name}`, cwd: root, ...event }),
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
    };
    rmSync(path.join(root, 'src', 'a.txt'), { force: true });
    await post(agent.call(agent.select, { intent_id: 'INT-001' }));
    const body = await post(agent.call(agent.shell, { command: INLINE, description: 'write' }));
    const args = agent.handedBack(body);
    const line = String(args?.command);
    expect(commandOfContainedLine(line)).toBe(INLINE);
    const run = spawnSync('bash', ['-c', line], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toContain('Read-only file system');
    expect(readFileSync(path.join(root, 'src', 'a.txt'), 'utf8')).toBe('x');
    expect(existsSync(path.join(root, 'docs', 'b.txt'))).toBe(false);
  });
});
