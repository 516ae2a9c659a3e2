import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandOfContainedLine } from '../../src/containment/containedShellLine';
import { containmentPolicyOf } from '../../src/containment/containmentPolicy';
import type { MaskSources } from '../../src/containment/maskSources';
import { stableMaskSources } from '../../src/containment/stableMaskSources';
import type { TraceRecord } from '../../src/index';
import { withAgentPreset } from '../../src/hooks/agentGovernorOptions';
import type { AgentHookAdapter } from '../../src/hooks/agentHookAdapter';
import { claudeCodeAdapter } from '../../src/hooks/agents/claudeCode';
import { answerHookEvent, type AnswerOptions } from '../../src/hooks/answerHookEvent';
import { containCall, shellToolsOf, withShellContainment, type HookContainment } from '../../src/hooks/hookContainment';
import type { HookAnswer, HookEvent } from '../../src/hooks/hookEvent';
import { hookOutputFor } from '../../src/hooks/hookOutputFor';
import type { GovernorSessions } from '../../src/sessions/governorSessions';
import { createMemorySessions } from '../../src/sessions/memorySessions';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

// A hook route that runs shell commands contained: the decision relies on the sandbox, so the
// answer carries the contained line, or refuses the call. The line is built, not run, here
// (test/containment/containedShellLine.test.ts runs it; claudeCodeContained.e2e.test.ts runs it in Claude Code).

const SESSION = 's1';
const PLAN = { kind: 'contain', bwrap: '/usr/bin/bwrap' } as const;
// inline code: the analysis cannot see what it writes, so only a sandbox lets it run without asking
const INLINE = `python3 -c "open('src/auth/a.txt','w').write('x'); open('docs/b.txt','w').write('y')"`;

let masks: MaskSources;
beforeAll(() => {
  masks = stableMaskSources({
    XDG_CACHE_HOME: mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'cache-')),
  });
});

interface Route {
  readonly root: string;
  readonly sessions: GovernorSessions;
  readonly trace: TraceRecord[];
  readonly options: AnswerOptions;
}

/** A Claude Code session in ACTION on INT-001 (src/auth/**) with EXEC_ARBITRARY approved, its governor told the route's plan. */
async function route(withContainShell = true): Promise<Route> {
  const root = realpathSync(makeWorkspace({ intentsYaml: INTENTS_YAML }));
  for (const folder of ['src/auth', 'secrets']) mkdirSync(path.join(root, folder), { recursive: true });
  writeFileSync(path.join(root, '.intentignore'), 'secrets/\n');
  const trace: TraceRecord[] = [];
  const governor = withAgentPreset(
    { workspaceRoot: root, trace: (record) => void trace.push(record) },
    withShellContainment(claudeCodeAdapter, PLAN),
  );
  const sessions = createMemorySessions(governor);
  const containment: HookContainment = {
    bwrap: PLAN.bwrap,
    place: {
      workspaceRoot: root,
      orchestrationDir: path.join(root, '.orchestration'),
      policy: containmentPolicyOf(undefined),
    },
    shellTools: shellToolsOf(governor),
    masks,
  };
  const options: AnswerOptions = withContainShell
    ? { containShell: (held, event, decision) => containCall(containment, { governor: held, event, decision }) }
    : {};
  await answerHookEvent({ kind: 'user_prompt', sessionId: SESSION, cwd: root, prompt: 'work' }, sessions);
  await answerHookEvent(
    { kind: 'pre_tool', sessionId: SESSION, cwd: root, tool: 'select_active_intent', args: { intent_id: 'INT-001' } },
    sessions,
  );
  await sessions.withSession(SESSION, (held) => held.approveSession(['EXEC_ARBITRARY']));
  return { root, sessions, trace, options };
}

const bash = (root: string, command: string, kind: 'pre_tool' | 'post_tool' = 'pre_tool'): HookEvent =>
  kind === 'pre_tool'
    ? {
        kind,
        sessionId: SESSION,
        cwd: root,
        tool: 'Bash',
        args: { command, cwd: '.' },
        input: { command, description: 'd' },
      }
    : { kind, sessionId: SESSION, cwd: root, tool: 'Bash', args: { command, cwd: '.' } };

const lineOf = (answer: HookAnswer): string =>
  answer.kind === 'allow' || answer.kind === 'ask' ? (answer.contained?.line ?? '') : '';

describe('a hook route that runs shell commands contained', () => {
  it('allows inline code contained, with no ask, and answers with the line that runs it', async () => {
    const { root, sessions, options } = await route();
    const answer = await answerHookEvent(bash(root, INLINE), sessions, options);
    expect(answer).toMatchObject({ kind: 'allow', decision: { contained: true }, contained: { argument: 'command' } });
    expect(commandOfContainedLine(lineOf(answer))).toBe(INLINE);
    expect(lineOf(answer)).toContain(`--bind ${path.join(root, 'src', 'auth')} ${path.join(root, 'src', 'auth')}`);
  });

  it('runs the command in the folder the shell is in', async () => {
    const { root, sessions, options } = await route();
    const event: HookEvent = {
      kind: 'pre_tool',
      sessionId: SESSION,
      cwd: root,
      tool: 'Bash',
      args: { command: 'make', cwd: 'src' },
      input: { command: 'make' },
    };
    expect(lineOf(await answerHookEvent(event, sessions, options))).toContain(`--chdir ${path.join(root, 'src')} --`);
  });

  it('refuses the call when the route cannot make the line: never let run uncontained', async () => {
    const { root, sessions } = await route(false);
    const answer = await answerHookEvent(bash(root, INLINE), sessions, {});
    expect(answer).toMatchObject({ kind: 'deny' });
    expect(answer.kind === 'deny' && answer.message).toContain('may run only contained');
  });

  it('refuses the call when its folder is masked', async () => {
    const { root, sessions, options } = await route();
    const event: HookEvent = {
      kind: 'pre_tool',
      sessionId: SESSION,
      cwd: root,
      tool: 'Bash',
      args: { command: 'ls', cwd: 'secrets' },
      input: { command: 'ls' },
    };
    const answer = await answerHookEvent(event, sessions, options);
    expect(answer.kind === 'deny' && answer.message).toContain('is masked');
  });

  it('holds what the rules see (a network fetch) with the line widened by what the approval grants', async () => {
    const { root, sessions, options } = await route();
    const answer = await answerHookEvent(
      bash(root, 'curl -s https://example.com -o src/auth/page.html'),
      sessions,
      options,
    );
    expect(answer).toMatchObject({ kind: 'ask', decision: { contained: true } });
    // approved in the agent's prompt, the call runs with the network NETWORK_RISK opens
    expect(lineOf(answer)).not.toContain('--unshare-net');
    const plain = await answerHookEvent(bash(root, 'ls'), sessions, options);
    expect(lineOf(plain)).toContain('--unshare-net');
  });

  const VOUCHED = () => ({ approver: "claude-code's own prompt" });

  it('finds the held call when the agent reports the contained line it ran', async () => {
    const { root, sessions, trace, options } = await route();
    const command = 'curl -s https://example.com -o src/auth/page.html';
    const held = await answerHookEvent(bash(root, command), sessions, options);
    // a route that vouches for the report (the hook command with the session's credential)
    await answerHookEvent(bash(root, lineOf(held), 'post_tool'), sessions, { ...options, heldCallRan: VOUCHED });
    expect(trace.map((record) => record.reasons[0]?.code).slice(-2)).toEqual(['needs_approval', 'approved_once']);
  });

  it('finds no held call in a line the model wrote itself on a route that does not contain', async () => {
    const { root, sessions, trace, options } = await route();
    const command = 'curl -s https://example.com -o src/auth/page.html';
    const held = await answerHookEvent(bash(root, command), sessions, options);
    await answerHookEvent(bash(root, lineOf(held), 'post_tool'), sessions, { heldCallRan: VOUCHED });
    expect(trace.map((record) => record.reasons[0]?.code).at(-1)).toBe('needs_approval');
  });

  it('blocks a contained answer for an agent whose hook cannot hand back a rewritten command', async () => {
    const { root, sessions, options } = await route();
    const plain: AgentHookAdapter = { ...claudeCodeAdapter, name: 'no-rewrite', rewritesShellCommands: false };
    const raw = JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: SESSION,
      cwd: root,
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    });
    const output = await hookOutputFor(plain, raw, { sessions: () => sessions, answer: options });
    expect(output.exitCode).toBe(2);
    expect(output.stderr).toContain('cannot hand back a rewritten command');
  });

  it('gives a plan only to an adapter whose agent takes a rewritten command', () => {
    const plain: AgentHookAdapter = { ...claudeCodeAdapter, rewritesShellCommands: undefined };
    expect(withShellContainment(plain, PLAN)).toBe(plain);
    expect(withShellContainment(claudeCodeAdapter, PLAN).governorOptions.shellContainment).toEqual(PLAN);
  });
});
