// A change outside the workspace a human may want is held for an answer to that one call, naming
// the exact paths; allowed once, it runs with exactly those paths (the contained run makes them
// writable); what governs the agent stays out of reach whatever the answer.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGovernor, type Decision, type Governor, type GovernorOptions } from '../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const running: Governor[] = [];
afterEach(() => {
  for (const governor of running.splice(0)) governor.stop();
});

/** A home folder of its own, so `~` names a place the test owns. */
const home = (): string => mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'home-'));

function inAction(options: GovernorOptions = {}): Governor {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    trace: () => {},
    ...options,
  });
  running.push(governor);
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  governor.userPrompt('add login');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

const shell = (governor: Governor, command: string): Decision =>
  governor.handleToolCall('execute_command', { command });

describe('a change outside the workspace waits for a human', () => {
  const cases = [
    {
      name: 'a copy into a folder of the home',
      call: (g: Governor) => shell(g, 'cp -r src/auth ~/docker/appdata/plugin'),
      outside: (h: string) => [path.join(h, 'docker/appdata/plugin')],
    },
    {
      name: 'a file tool editing a note',
      call: (g: Governor) => g.handleToolCall('write_to_file', { path: '~/notes/x.md', content: 'x' }),
      outside: (h: string) => [path.join(h, 'notes/x.md')],
    },
    {
      name: 'an absolute path',
      call: (g: Governor) => shell(g, 'mkdir -p /var/tmp/intentgate-outside-example'),
      outside: () => ['/var/tmp/intentgate-outside-example'],
    },
  ];
  for (const { name, call, outside } of cases) {
    it(`holds ${name}, naming the exact paths`, () => {
      const homeDir = home();
      const decision = call(inAction({ homeDir }));
      expect(decision).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
      expect(decision.approval?.outsideScope).toEqual(outside(homeDir));
      expect(decision.reason).toContain('outside the scope of intent');
      expect(decision.reason).toContain('A human must allow this call once');
      expect(decision.approval?.prompt.risk).toContain(outside(homeDir)[0]);
    });
  }

  it('runs once a human allows it, with exactly its paths allowed once', () => {
    const homeDir = home();
    const governor = inAction({ homeDir, shellContainment: { kind: 'contain', bwrap: '/usr/bin/bwrap' } });
    const held = shell(governor, 'cp -r src/auth ~/plugin');
    const after = governor.resolveApproval(held.approval?.id ?? '', 'continue');
    expect(after).toMatchObject({
      verdict: 'allow',
      code: 'approved_once',
      contained: true,
      allowedOnce: [path.join(homeDir, 'plugin')],
    });
    // once: the same call again waits again
    expect(shell(governor, 'cp -r src/auth ~/plugin').verdict).toBe('ask');
  });

  it('is refused when the human cancels it', () => {
    const governor = inAction({ homeDir: home() });
    const held = shell(governor, 'cp -r src/auth ~/plugin');
    expect(governor.resolveApproval(held.approval?.id ?? '', 'cancel')).toMatchObject({
      verdict: 'deny',
      code: 'approval_cancelled',
    });
  });

  it('is not lifted by a session approval of FS_OUTSIDE_WORKSPACE: only an answer to this call', () => {
    const governor = inAction({ homeDir: home() });
    governor.approveSession(['FS_OUTSIDE_WORKSPACE']);
    expect(shell(governor, 'cp -r src/auth ~/plugin')).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
  });
});

describe('what no answer makes writable', () => {
  it("keeps the agents' settings, intentgate's config and an orchestration folder outside the workspace refused", () => {
    const homeDir = home();
    const orchestration = path.join(home(), 'orchestration');
    mkdirSync(orchestration);
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = createGovernor({
      workspaceRoot: root,
      homeDir,
      orchestrationDir: orchestration,
      intents: [{ id: 'INT-001', owned_scope: ['src/auth/**'] }],
      trace: () => {},
    });
    running.push(governor);
    governor.userPrompt('x');
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' }).verdict).toBe('allow');
    for (const target of [
      '~/.claude/settings.json',
      '~/.claude.json',
      '~/.codex/config.toml',
      '~/.gemini/settings.json',
      '~/.config/intentgate/approval-token',
      `${orchestration}/active_intents.yaml`,
    ]) {
      const decision = governor.handleToolCall('write_to_file', { path: target, content: '{}' });
      expect(decision.verdict, target).toBe('deny');
      expect(decision.approval, target).toBeUndefined();
    }
  });

  it('refuses a workspace path outside the scope: the intent says what may change there', () => {
    expect(shell(inAction(), 'echo x > docs/a.md')).toMatchObject({ verdict: 'deny', code: 'scope_violation' });
  });

  it('refuses a relative word after a cd, which names no one place to allow', () => {
    expect(shell(inAction({ homeDir: home() }), 'cd ~ && touch notes.md')).toMatchObject({ verdict: 'deny' });
  });

  it('refuses a call that also changes a workspace path outside the scope', () => {
    expect(shell(inAction({ homeDir: home() }), 'cp src/auth/a.ts ~/a.ts && echo x > docs/a.md')).toMatchObject({
      verdict: 'deny',
      code: 'scope_violation',
    });
  });
});
