import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/governor/createGovernor';
import { withAgentPreset } from '../../src/hooks/agentGovernorOptions';
import { findHookAdapter } from '../../src/hooks/hookAdapters';
import { approvalUnavailableResult, refusalResult } from '../../src/integrations/mcpProxy/decisionResults';
import { stateSessionFiles } from '../../src/cli/hookSettings';
import { createFileSessions } from '../../src/sessions/fileSessions';
import type { GovernanceServer } from '../../src/server/createGovernanceServer';
import { cli } from '../cli/cliHarness';
import { request, startService, TEST_TOKEN } from '../server/serviceHarness';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// Whatever reaches the model about a held call says that a human decides, and where; never how
// to approve: no `intentgate approve` line, no `--held`, no approval token. The agent can run
// commands as the same user, so a means named to the model is a means given to it.

const FORBIDDEN = ['intentgate approve', '--held', TEST_TOKEN, 'Bearer', '/approve-session'];

/** The text a model reads of one hook output: everything but `systemMessage`, which the agents show only their user. */
function modelText(stdout: string, stderr: string, exitCode: number): string {
  const body = stdout.trim() === '' ? {} : (JSON.parse(stdout) as Record<string, unknown>);
  const { systemMessage: _shown, ...rest } = body;
  // a block by exit code 2 hands stderr to the model (Claude Code, Codex)
  return JSON.stringify(rest) + (exitCode === 2 ? stderr : '');
}

const humanText = (stdout: string): string =>
  String((JSON.parse(stdout) as Record<string, unknown>).systemMessage ?? '');

interface AgentEvents {
  readonly select: Record<string, unknown>;
  readonly shell: (command: string) => Record<string, unknown>;
  readonly prompt: Record<string, unknown>;
  /** a call that reads src/ */
  readonly read: Record<string, unknown>;
}

const SESSION = 'held-call-session';

function agentEvents(agent: string, cwd: string): AgentEvents {
  const base = { session_id: SESSION, cwd, transcript_path: '/nowhere/session.jsonl' };
  if (agent === 'gemini') {
    const event = (hook_event_name: string, fields: Record<string, unknown>) => ({
      ...base,
      hook_event_name,
      timestamp: '2026-11-25T10:37:58.329Z',
      ...fields,
    });
    return {
      select: event('BeforeTool', {
        tool_name: 'mcp_intentgate_select_active_intent',
        tool_input: { intent_id: 'INT-001' },
        mcp_context: { server_name: 'intentgate', tool_name: 'select_active_intent', command: 'intentgate' },
      }),
      shell: (command) => event('BeforeTool', { tool_name: 'run_shell_command', tool_input: { command } }),
      prompt: event('BeforeAgent', { prompt: 'go on' }),
      read: event('BeforeTool', {
        tool_name: 'read_file',
        tool_input: { file_path: path.join(cwd, 'src', 'auth', 'a.ts') },
      }),
    };
  }
  const fields =
    agent === 'codex'
      ? { turn_id: 't1', model: 'gpt-5.5', permission_mode: 'bypassPermissions' }
      : { permission_mode: 'default' };
  const event = (hook_event_name: string, more: Record<string, unknown>) => ({
    ...base,
    ...fields,
    hook_event_name,
    ...more,
  });
  return {
    select: event('PreToolUse', {
      tool_name: 'mcp__intentgate__select_active_intent',
      tool_input: { intent_id: 'INT-001' },
      tool_use_id: 'c1',
    }),
    shell: (command) => event('PreToolUse', { tool_name: 'Bash', tool_input: { command }, tool_use_id: 'c2' }),
    prompt: event('UserPromptSubmit', { prompt: 'go on' }),
    read: event(
      'PreToolUse',
      agent === 'codex'
        ? { tool_name: 'view_image', tool_input: { path: path.join(cwd, 'src', 'a.png') }, tool_use_id: 'c3' }
        : { tool_name: 'Read', tool_input: { file_path: path.join(cwd, 'src', 'auth', 'a.ts') }, tool_use_id: 'c3' },
    ),
  };
}

/** A held outcome, reached in a session the route keeps: the event that is held last. */
interface Outcome {
  readonly name: string;
  readonly code: string;
  /** the events before the held one, and any change made beside them; then the held event */
  readonly events: (events: AgentEvents, root: string) => readonly (Record<string, unknown> | (() => void))[];
}

const OUTCOMES: readonly Outcome[] = [
  { name: 'a held sudo reboot', code: 'needs_approval', events: (e) => [e.select, e.shell('sudo reboot')] },
  {
    name: 'a held git push --force',
    code: 'needs_approval',
    events: (e) => [e.select, e.shell('git push --force origin main')],
  },
  {
    name: 'a held change to the control files',
    code: 'control_file_changed',
    events: (e, root) => [
      e.select,
      e.shell('mkdir -p src/auth/made'),
      () => writeFileSync(path.join(root, '.intentignore'), ''),
      e.prompt,
      e.read,
    ],
  },
];

const AGENTS = ['claude-code', 'codex', 'gemini'] as const;
// the user's folders, where the hook keeps its sessions and their key, in the run's temporary folder
const ENV: NodeJS.ProcessEnv = {
  HOME: mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'model-text-home-')),
};
const services: GovernanceServer[] = [];
afterAll(async () => Promise.all(services.map((service) => service.close())));

/** A workspace whose session has file changes and arbitrary commands approved beforehand (as in the issue), as a human would, so a DESTRUCTIVE call runs. */
async function workspaceFor(agent: string): Promise<string> {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'hidden/\n' });
  mkdirSync(path.join(root, 'src', 'auth'), { recursive: true });
  const adapter = findHookAdapter(agent);
  if (!adapter) throw new Error(`no adapter ${agent}`);
  const sessions = createFileSessions({
    governor: withAgentPreset({ workspaceRoot: root }, adapter),
    ...stateSessionFiles(path.join(root, '.orchestration'), { env: ENV, cwd: root }),
    profile: agent,
  });
  await sessions.withSession(SESSION, (governor) => governor.approveSession(['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY']));
  return root;
}

type Route = 'command' | 'server';

async function hookRun(
  agent: string,
  route: Route,
  root: string,
  event: Record<string, unknown>,
  server: string | undefined,
) {
  const argv = route === 'command' ? ['hook', agent, '--workspace', root] : ['hook', agent, '--server', server ?? ''];
  return cli(argv, { stdin: JSON.stringify(event), env: ENV });
}

const cases = AGENTS.flatMap((agent) =>
  (['command', 'server'] as const).flatMap((route) =>
    OUTCOMES.map((outcome) => ({ name: `${agent}, ${route} hook: ${outcome.name}`, agent, route, outcome })),
  ),
);

describe('what reaches the model about a held call', () => {
  it.each(cases)('$name names no way to approve, and the human is told how', async ({ agent, route, outcome }) => {
    const root = await workspaceFor(agent);
    let server: string | undefined;
    if (route === 'server') {
      const running = await startService({}, root);
      services.push(running.service);
      server = running.url;
    }
    const steps = outcome.events(agentEvents(agent, root), root);
    let last = { code: -1, stdout: '', stderr: '' };
    for (const [index, step] of steps.entries()) {
      if (typeof step === 'function') step();
      else last = await hookRun(agent, route, root, step, server);
      // the service keeps sessions of its own: a human approves there once the hook made the session
      if (index === 0 && server !== undefined) {
        await request(`${server}/approve-session`, {
          method: 'POST',
          token: TEST_TOKEN,
          body: { session_id: SESSION, categories: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'] },
        });
      }
    }
    const model = modelText(last.stdout, last.stderr, last.code);
    expect(model).toMatch(/Only a human can (approve this call|accept or reject this change)/);
    expect(model).toMatch(route === 'command' ? /in a terminal of their own/ : /approval console/);
    for (const word of FORBIDDEN) expect(model).not.toContain(word);
    expect(humanText(last.stdout)).toContain(
      route === 'command'
        ? `intentgate approve --workspace ${root} --session ${SESSION} --held approval-`
        : 'approval console',
    );
  });

  const heldDecision = () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    return governor.handleToolCall('execute_command', { command: 'sudo reboot' });
  };

  const others = [
    { name: "the library's decision", text: () => JSON.stringify(heldDecision()) },
    { name: "the MCP proxy's refusal of a held call", text: () => JSON.stringify(refusalResult(heldDecision())) },
    {
      name: "the MCP proxy's answer when its client cannot ask",
      text: () => JSON.stringify(approvalUnavailableResult(heldDecision(), 'the client cannot ask its user')),
    },
  ];

  it.each(others)('$name names no way to approve', ({ text }) => {
    const seen = text();
    expect(seen).toContain('needs_approval');
    for (const word of FORBIDDEN) expect(seen).not.toContain(word);
  });

  it("the HTTP API's answer to a held tool call names no way to approve", async () => {
    const running = await startService();
    services.push(running.service);
    await request(`${running.url}/sessions/s1/prompt`, { method: 'POST', body: { text: 'go' } });
    await request(`${running.url}/sessions/s1/tool-calls`, {
      method: 'POST',
      body: { tool: 'select_active_intent', args: { intent_id: 'INT-001' } },
    });
    const held = await request(`${running.url}/sessions/s1/tool-calls`, {
      method: 'POST',
      body: { tool: 'execute_command', args: { command: 'sudo reboot' } },
    });
    expect(held.json).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
    for (const word of FORBIDDEN) expect(JSON.stringify(held.json)).not.toContain(word);
  });
});
