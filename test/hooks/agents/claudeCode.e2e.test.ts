import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { createGovernanceServer, type GovernanceServer } from '../../../src/server/createGovernanceServer';
import { findAgentCli, runAgent, tempDir } from '../../support/agents/agentCli';
import type { MainLoopRequest } from '../../support/agents/anthropicModel';
import { bundleEntry } from '../../support/agents/bundleEntry';
import {
  runClaudeCode,
  toolResultTexts,
  type ClaudeHook,
  type ClaudeRunSpec,
} from '../../support/agents/claudeCodeRun';
import { configOf, keptSessionId, startingLate } from '../../support/agents/governedWorkspace';
import { humanHome } from '../../support/approvalCredential';
import { quoteArgv } from '../../../src/text/quoteArgv';
import { INTENTS_YAML, makeWorkspace } from '../../support/workspace';

// intentgate governing the real Claude Code 2.1.197: each event runs `intentgate hook
// claude-code` in a process of its own, and the session lives in the workspace between them.

const cli = findAgentCli('claude-code');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

/** The hook as docs/hooks.md sets it up, with this checkout's CLI. */
const hookCommand = (flags = ''): string => `timeout 25 node ${intentgate} hook claude-code${flags} || exit 2`;

/** A workspace with the intents (INT-001 owns src/auth/** and tests/auth/), and a policy when given. */
function workspace(policy?: string): string {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  mkdirSync(path.join(root, 'src', 'auth'), { recursive: true });
  if (policy !== undefined) writeFileSync(path.join(root, 'intentgate.policy.yaml'), policy);
  return root;
}

/** The intents server, registered as docs/hooks.md says, with this checkout's CLI. */
const intentsServer = (delaySec = 0): Record<string, unknown> => {
  const server = { command: 'node', args: [intentgate, 'intents-mcp'] };
  return { intentgate: { ...(delaySec === 0 ? server : startingLate(server, delaySec)), alwaysLoad: true } };
};

// later than Claude Code 2.1.197 waits for a server it does not have to load
const LATE_START_SEC = 5;

// the human who answers held calls: the agent's hooks find the credential in the user's config folder
const human = humanHome();

/** Approves categories for the workspace's session as a human does, with the credential; the held call's reason names no way to. */
async function approveAsHuman(request: MainLoopRequest, root: string, categories: string): Promise<void> {
  const reason = request.toolResults.at(-1)?.content ?? '';
  if (!reason.includes('Only a human can approve this call') || reason.includes('intentgate approve'))
    throw new Error(`the held call's reason is not as expected: ${reason}`);
  const argv = [
    'node',
    intentgate,
    'approve',
    '--workspace',
    root,
    '--token-file',
    human.tokenFile,
    '--session',
    keptSessionId(root, human),
    categories,
  ];
  const approved = await runAgent('bash', ['-c', quoteArgv(argv)], {
    cwd: root,
    env: { ...process.env, ...configOf(human) },
    timeoutMs: 30_000,
  });
  if (approved.exitCode !== 0) throw new Error(`approve failed: ${approved.stderr}`);
}

/** How a case reaches intentgate: the hook command, or the service's route for Claude Code's http hook. */
type Via = 'command' | 'http';

const services: GovernanceServer[] = [];

/** The hook of a workspace: the command, or a service started over the workspace for it. */
async function hookFor(root: string, via: Via, flags = ''): Promise<ClaudeHook> {
  if (via === 'command') return { type: 'command', command: hookCommand(flags) };
  const service = createGovernanceServer({
    governor: { workspaceRoot: root, trace: () => undefined },
    approvalToken: 'claude-code-e2e-approval-token',
    onError: () => undefined,
  });
  services.push(service);
  const { url } = await service.listen(0, '127.0.0.1');
  return { type: 'http', url: `${url}/hooks/claude-code` };
}

async function claude(
  root: string,
  spec: Omit<ClaudeRunSpec, 'workspace' | 'hook'> & { readonly via?: Via; readonly flags?: string },
) {
  const run = await runClaudeCode(program, {
    ...spec,
    env: { ...configOf(human), ...spec.env },
    workspace: root,
    hook: await hookFor(root, spec.via ?? 'command', spec.flags),
  });
  expect(run.run.timedOut).toBe(false);
  expect(run.result, run.run.stdout + run.run.stderr).toBeDefined();
  return run;
}

describe.skipIf('skip' in cli)('intentgate hook claude-code in the real Claude Code', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });
  afterAll(async () => {
    await Promise.all(services.map((service) => service.close()));
  });

  const vias = [{ via: 'command' as const }, { via: 'http' as const }];

  it.each(vias)(
    'denies a Write before an intent is selected, through the $via hook: the file is never written and the denial is listed',
    async ({ via }) => {
      const root = workspace();
      const run = await claude(root, {
        via,
        script: [{ tool: 'Write', input: { file_path: 'src/auth/login.ts', content: 'x' } }],
      });
      expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
      expect(run.result?.permission_denials).toEqual([
        expect.objectContaining({
          tool_name: 'Write',
          tool_input: { file_path: path.join(root, 'src', 'auth', 'login.ts'), content: 'x' },
        }),
      ]);
      // the workspace registers no intents server, so the refusal adds how the user fixes that
      const [text] = toolResultTexts(run);
      expect(text?.startsWith(`${STATE_VIOLATION_MESSAGE}\n\nintentgate: the intents MCP server`)).toBe(true);
      expect(text).toContain('`intentgate hooks install claude-code`');
    },
  );

  it.each(vias)('gives the model the handshake text with the prompt, through the $via hook', async ({ via }) => {
    const root = workspace();
    const run = await claude(root, { via, script: [] });
    const transcript = run.requests[0]?.transcript ?? '';
    expect(transcript).toContain('select_active_intent');
    expect(transcript).toContain('INT-001');
  });

  it.each(vias)(
    'holds a web fetch before an intent, through the $via hook: in -p mode Claude Code refuses it with the five-part prompt as the reason',
    async ({ via }) => {
      const root = workspace();
      const run = await claude(root, {
        via,
        script: [{ tool: 'WebFetch', input: { url: 'https://example.com/page', prompt: 'summarise' } }],
      });
      expect(run.result?.permission_denials.map((denial) => denial.tool_name)).toEqual(['WebFetch']);
      const reason = toolResultTexts(run)[0] ?? '';
      expect(reason).toMatch(/^1\) .+\n2\) .+\n3\) .+\n4\) /s);
      expect(reason).toContain('NETWORK_RISK');
    },
  );

  it('runs the call when the service behind the http hook cannot be reached: that hook cannot fail closed in 2.1.197', async () => {
    const root = workspace();
    const closed = createGovernanceServer({
      governor: { workspaceRoot: root },
      approvalToken: 'claude-code-e2e-approval-token',
    });
    const { url } = await closed.listen(0, '127.0.0.1');
    await closed.close();
    const run = await runClaudeCode(program, {
      workspace: root,
      hook: { type: 'http', url: `${url}/hooks/claude-code` },
      script: [{ tool: 'Write', input: { file_path: 'src/auth/login.ts', content: 'x' } }],
    });
    expect(run.result?.permission_denials).toEqual([]);
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(true);
  });

  it('offers the handshake tools from the first request when the intents server starts late, registered as docs/hooks.md says', async () => {
    const run = await claude(workspace(), { mcpServers: intentsServer(LATE_START_SEC), script: [] });
    expect(run.requests[0]?.tools).toEqual(
      expect.arrayContaining(['mcp__intentgate__select_active_intent', 'mcp__intentgate__attempt_completion']),
    );
  });

  it('keeps a session its -p run ended held: the call a human continues after the run runs in the --resume run of the same session id', async () => {
    const root = workspace();
    const home = tempDir('claude-home-');
    const write = { tool: 'Write', input: { file_path: 'src/auth/login.ts', content: 'resumed' } };
    const select = { tool: 'mcp__intentgate__select_active_intent', input: { intent_id: 'INT-001' } };
    const first = await claude(root, { home, mcpServers: intentsServer(), script: [select, write] });
    expect(first.result?.permission_denials.map((denial) => denial.tool_name)).toEqual(['Write']);
    const sessionId = first.result?.session_id ?? '';
    // the human answers after the run ended, in a terminal of their own; the model was told only that a human decides
    const reason = toolResultTexts(first)[1] ?? '';
    expect(reason).toContain('Only a human can approve this call (approval-1)');
    expect(reason).not.toContain('intentgate approve');
    const argv = [
      'node',
      intentgate,
      'approve',
      '--workspace',
      root,
      '--token-file',
      human.tokenFile,
      '--session',
      sessionId,
      '--held',
      'approval-1',
    ];
    const approved = await runAgent('bash', ['-c', quoteArgv(argv)], {
      cwd: root,
      env: { ...process.env, ...configOf(human) },
      timeoutMs: 60_000,
    });
    expect({ code: approved.exitCode, stderr: approved.stderr }).toEqual({ code: 0, stderr: '' });
    expect(approved.stdout).toContain("Continued 'Write' (approval-1)");
    // the resumed run's prompt moves the session to REASONING with its intent kept: the model selects it again
    const resumed = await claude(root, {
      home,
      resume: sessionId,
      mcpServers: intentsServer(),
      script: [select, write],
    });
    expect(resumed.result?.session_id).toBe(sessionId);
    expect(resumed.result?.permission_denials).toEqual([]);
    expect(readFileSync(path.join(root, 'src', 'auth', 'login.ts'), 'utf8')).toBe('resumed');
  });

  it('governs a whole task across hook processes: handshake, a held Write approved from a terminal, scope, a held curl, completion', async () => {
    const root = workspace();
    const outside = path.join(tempDir('outside-'), 'keep.txt');
    writeFileSync(outside, 'keep');
    const inScope = (name: string) => ({ tool: 'Write', input: { file_path: `src/auth/${name}`, content: name } });
    const run = await claude(root, {
      mcpServers: intentsServer(),
      script: [
        { tool: 'mcp__intentgate__select_active_intent', input: { intent_id: 'INT-001' } },
        inScope('login.ts'),
        { ...inScope('login.ts'), before: (request) => approveAsHuman(request, root, 'FS_DELETE_OVERWRITE') },
        inScope('session.ts'),
        { tool: 'Write', input: { file_path: 'src/billing/invoice.ts', content: 'x' } },
        { tool: 'Bash', input: { command: `rm -f ${outside}`, description: 'remove' } },
        { tool: 'Bash', input: { command: 'curl -s https://example.com -o src/auth/page.html', description: 'fetch' } },
        { tool: 'mcp__intentgate__attempt_completion', input: { result: 'login written' } },
        inScope('late.ts'),
      ],
    });
    const results = toolResultTexts(run);
    expect(results[0]).toContain('Intent INT-001 is active');
    expect(results[1]).toMatch(/^1\) .*FS_DELETE_OVERWRITE/s);
    expect(readFileSync(path.join(root, 'src', 'auth', 'login.ts'), 'utf8')).toBe('login.ts');
    expect(readFileSync(path.join(root, 'src', 'auth', 'session.ts'), 'utf8')).toBe('session.ts');
    expect(results[4]).toContain("'src/billing/invoice.ts' is outside the scope of intent 'INT-001'");
    expect(existsSync(path.join(root, 'src', 'billing', 'invoice.ts'))).toBe(false);
    // a change outside the scope is held for a human naming its exact path, never run by the model alone
    expect(results[5]).toMatch(/^1\) /);
    expect(results[5]).toContain(`delete ${outside}`);
    expect(readFileSync(outside, 'utf8')).toBe('keep');
    expect(results[6]).toMatch(/^1\) .*NETWORK_RISK/s);
    expect(existsSync(path.join(root, 'src', 'auth', 'page.html'))).toBe(false);
    expect(results[7]).toContain('The task is complete');
    expect(results[8]).toBe(STATE_VIOLATION_MESSAGE);
    expect(existsSync(path.join(root, 'src', 'auth', 'late.ts'))).toBe(false);
    expect(run.result?.permission_denials.map((denial) => denial.tool_name)).toEqual([
      'Write',
      'Write',
      'Bash',
      'Bash',
      'Write',
    ]);
  });

  it(
    "refuses the agent's own `intentgate approve` run through its Bash tool (no terminal, the same " +
      "user): the session gains nothing, and the human's approval with the credential lets the call run",
    async () => {
      // by analysis alone: contained, the command would not even reach the sessions or the
      // credential (both masked, and the private /tmp hides this test's bin); this case checks the terminal rule
      const root = workspace('version: 1\nworkspaceRoot: .\ncontainment: off\n');
      // `intentgate` on the agent's PATH, as an installed package puts it there
      const bin = tempDir('bin-');
      writeFileSync(path.join(bin, 'intentgate'), `#!/bin/sh\nexec ${quoteArgv(['node', intentgate])} "$@"\n`, {
        mode: 0o755,
      });
      const humanApproves = (categories: string) => async (): Promise<void> => {
        const argv = [
          'node',
          intentgate,
          'approve',
          '--workspace',
          root,
          '--token-file',
          human.tokenFile,
          '--session',
          keptSessionId(root, human),
          categories,
        ];
        const approved = await runAgent('bash', ['-c', quoteArgv(argv)], {
          cwd: root,
          env: { ...process.env, ...configOf(human) },
          timeoutMs: 30_000,
        });
        if (approved.exitCode !== 0) throw new Error(`approve failed: ${approved.stderr}`);
      };
      // the issue's attack: the command a held call used to offer, run by the model as a shell command
      const selfApprove = (what: readonly string[], before?: () => Promise<void>) => ({
        tool: 'Bash',
        ...(before && { before }),
        // read when the model sends it, once the session exists (a spread would read it at once)
        get input() {
          return {
            command: quoteArgv(['intentgate', 'approve', '--session', keptSessionId(root, human), ...what]),
            description: 'approve',
          };
        },
      });
      const sudo = { tool: 'Bash', input: { command: 'sudo -n true', description: 'check sudo' } };
      const run = await claude(root, {
        flags: ` --policy ${path.join(root, 'intentgate.policy.yaml')}`,
        env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
        mcpServers: intentsServer(),
        script: [
          { tool: 'mcp__intentgate__select_active_intent', input: { intent_id: 'INT-001' } },
          sudo,
          // as in the issue, a human has approved arbitrary commands, so the model's shell runs it
          selfApprove(['SUDO', 'EXEC_ARBITRARY'], humanApproves('EXEC_ARBITRARY')),
          selfApprove(['--held', 'approval-1']),
          sudo,
          { ...sudo, before: humanApproves('SUDO') },
        ],
      });
      const results = toolResultTexts(run);
      expect(results[1]).toContain('Only a human can approve this call (approval-1)');
      expect(results[2]).toContain('refused: approving needs a human at an interactive terminal to confirm');
      expect(results[3]).toContain('refused: approving needs a human at an interactive terminal to confirm');
      // the session gained nothing: the same call is still held, under the same approval id
      expect(results[4]).toContain('Only a human can approve this call (approval-1)');
      expect(results[5]).not.toContain('Only a human can approve');
      expect(run.result?.permission_denials.map((denial) => denial.tool_input.command)).toEqual([
        'sudo -n true',
        'sudo -n true',
      ]);
    },
  );
});
