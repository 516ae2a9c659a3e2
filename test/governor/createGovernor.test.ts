import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createGovernor,
  IntentGateError,
  IntentsFileError,
  InvalidOptionsError,
  StateViolationError,
  type Decision,
  type Governor,
} from '../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const STATE_VIOLATION =
  "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.";

// these tests are about the lifecycle; safe mode's holds are tested in safeMode.test.ts
const LIFECYCLE_ONLY = { safeMode: false, trace: () => undefined } as const;

function governorIn(spec: Parameters<typeof makeWorkspace>[0] = { intentsYaml: INTENTS_YAML }): Governor {
  return createGovernor({ workspaceRoot: makeWorkspace(spec), ...LIFECYCLE_ONLY });
}

function inAction(intentId = 'INT-001', spec?: Parameters<typeof makeWorkspace>[0]): Governor {
  const governor = governorIn(spec);
  governor.userPrompt('add login');
  expect(governor.handleToolCall('select_active_intent', { intent_id: intentId }).allowed).toBe(true);
  return governor;
}

describe('the handshake', () => {
  it.each([
    { name: 'a DESTRUCTIVE seed tool in REQUEST', prompt: false, tool: 'write_to_file' },
    { name: 'a DESTRUCTIVE seed tool in REASONING', prompt: true, tool: 'execute_command' },
    { name: 'an unknown tool in REASONING', prompt: true, tool: 'deploy_everything' },
    { name: 'an unclassified MCP tool in REASONING', prompt: true, tool: 'mcp__github__create_issue' },
  ])('denies $name with seed 001 exact reason', ({ prompt, tool }) => {
    const governor = governorIn();
    if (prompt) governor.userPrompt();
    const decision = governor.isToolAllowed(tool);
    expect(decision).toMatchObject({
      allowed: false,
      verdict: 'deny',
      code: 'state_violation',
      reason: STATE_VIOLATION,
    });
    expect(decision.toolClass).toBe('DESTRUCTIVE');
  });

  it('runs SAFE tools before an intent and reports no reason', () => {
    const governor = governorIn();
    governor.userPrompt('look around');
    const decision = governor.handleToolCall('read_file', { path: 'src/index.ts' });
    expect(decision).toMatchObject({ allowed: true, verdict: 'allow', code: 'safe_tool', state: 'REASONING' });
    expect(decision.reason).toBeUndefined();
    expect(decision.reasons.map((r) => r.code)).toEqual(['safe_tool']);
  });

  it('moves REASONING to ACTION on a valid intent and exposes the intent object', () => {
    const governor = governorIn();
    governor.userPrompt();
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' })).toMatchObject({
      code: 'intent_selected',
      state: 'REASONING',
      intentId: 'INT-001',
    });
    expect(governor.state).toBe('ACTION');
    expect(governor.activeIntent).toMatchObject({
      id: 'INT-001',
      name: 'JWT authentication',
      owned_scope: ['src/auth/**', 'tests/auth/'],
    });
  });

  it('stays in REASONING on an invalid intent id and lists the valid ids', () => {
    const governor = governorIn();
    governor.userPrompt();
    const decision = governor.handleToolCall('select_active_intent', { intent_id: 'INT-999' });
    expect(decision).toMatchObject({ allowed: false, code: 'unknown_intent' });
    expect(decision.reason).toBe("Unknown intent 'INT-999'. Valid intent ids: INT-001, INT-002.");
    expect(decision.reasons[0]?.intentIds).toEqual(['INT-001', 'INT-002']);
    expect(governor.state).toBe('REASONING');
  });

  it('starts a request when select_active_intent names a valid intent in REQUEST (seed 003 SC-001)', () => {
    const governor = governorIn();
    const decision = governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(decision).toMatchObject({ allowed: true, code: 'intent_selected', intentId: 'INT-001' });
    expect(governor.state).toBe('ACTION');
    expect(governor.activeIntent?.id).toBe('INT-001');
    expect(governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: '' }).code).toBe(
      'destructive_in_scope',
    );
  });

  it('refuses an unknown intent in REQUEST as in REASONING, and stays in REQUEST', () => {
    const governor = governorIn();
    const decision = governor.handleToolCall('select_active_intent', { intent_id: 'INT-999' });
    expect(decision).toMatchObject({ allowed: false, code: 'unknown_intent' });
    expect(decision.reason).toBe("Unknown intent 'INT-999'. Valid intent ids: INT-001, INT-002.");
    expect(governor.handleToolCall('select_active_intent', {}).code).toBe('unknown_intent');
    expect(governor.state).toBe('REQUEST');
  });

  it('keeps the intent when a new prompt arrives in ACTION but blocks DESTRUCTIVE tools until it is re-selected', () => {
    const governor = inAction('INT-001');
    governor.userPrompt('one more thing');
    expect(governor.state).toBe('REASONING');
    expect(governor.activeIntent?.id).toBe('INT-001');
    expect(governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: '' }).reason).toBe(
      STATE_VIOLATION,
    );
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: '' }).allowed).toBe(true);
  });

  it('returns to REQUEST on attempt_completion in ACTION and clears the intent', () => {
    const governor = inAction();
    expect(governor.handleToolCall('attempt_completion', { result: 'done' })).toMatchObject({
      allowed: true,
      code: 'task_completed',
    });
    expect(governor.state).toBe('REQUEST');
    expect(governor.activeIntent).toBeUndefined();
  });

  it('finishes an informational task from REASONING when no DESTRUCTIVE tool ran', () => {
    const governor = governorIn();
    governor.userPrompt('what does this do?');
    governor.handleToolCall('read_file', { path: 'README.md' });
    expect(governor.handleToolCall('attempt_completion', { result: 'it does X' }).code).toBe('task_completed');
    expect(governor.state).toBe('REQUEST');
  });

  it('refuses completion from REASONING once a DESTRUCTIVE tool ran in the task', () => {
    const governor = inAction();
    governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: '' });
    governor.userPrompt('and also');
    const decision = governor.handleToolCall('attempt_completion', { result: 'done' });
    expect(decision).toMatchObject({ allowed: false, code: 'completion_needs_intent' });
    expect(governor.state).toBe('REASONING');
  });
});

describe('queries and the gateway', () => {
  it('answers isToolAllowed without lifecycle effects', () => {
    const governor = governorIn();
    governor.userPrompt();
    const decision = governor.isToolAllowed('select_active_intent', { intent_id: 'INT-001' });
    expect(decision).toMatchObject({ allowed: true, code: 'intent_selected' });
    expect(governor.state).toBe('REASONING');
    expect(governor.activeIntent).toBeUndefined();
  });

  it('decides a call exactly as the statechart emits it', () => {
    const governor = governorIn();
    const emitted: string[] = [];
    governor.actor.on('tool.decided', (event) => emitted.push(event.code));
    const decisions: Decision[] = [];
    governor.userPrompt();
    decisions.push(governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: '' }));
    decisions.push(governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' }));
    decisions.push(governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: '' }));
    decisions.push(governor.handleToolCall('write_to_file', { path: 'src/other.ts', content: '' }));
    expect(emitted).toEqual(decisions.map((d) => d.code));
    expect(emitted).toEqual(['state_violation', 'intent_selected', 'destructive_in_scope', 'scope_violation']);
  });

  it('throws StateViolationError from assertToolAllowed, carrying the decision', () => {
    const governor = governorIn();
    governor.userPrompt();
    expect(governor.assertToolAllowed('read_file').allowed).toBe(true);
    let thrown: unknown;
    try {
      governor.assertToolAllowed('write_to_file');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StateViolationError);
    expect(thrown).toBeInstanceOf(IntentGateError);
    expect(thrown).toMatchObject({ code: 'state_violation', message: STATE_VIOLATION });
    expect((thrown as StateViolationError).decision.code).toBe('state_violation');
  });

  it('returns frozen decisions', () => {
    const decision = governorIn().isToolAllowed('read_file');
    expect(Object.isFrozen(decision)).toBe(true);
    expect(Object.isFrozen(decision.reasons)).toBe(true);
  });

  it('marks unclassified tools with a note after the deciding reason', () => {
    const decision = governorIn().isToolAllowed('mcp__fs__write');
    expect(decision.reasons.map((r) => r.code)).toEqual(['state_violation', 'unclassified_tool']);
  });

  it.each([
    { name: 'REQUEST', setup: (g: Governor) => g },
    { name: 'REASONING', setup: (g: Governor) => g.userPrompt() },
    {
      name: 'ACTION',
      setup: (g: Governor) => (g.userPrompt(), g.handleToolCall('select_active_intent', { intent_id: 'INT-002' })),
    },
    {
      name: 'REASONING with a kept intent',
      setup: (g: Governor) => (
        g.userPrompt(),
        g.handleToolCall('select_active_intent', { intent_id: 'INT-002' }),
        g.userPrompt()
      ),
    },
  ])('recovers to REQUEST with reset() from $name', ({ setup }) => {
    const governor = governorIn();
    setup(governor);
    governor.reset();
    expect(governor.state).toBe('REQUEST');
    expect(governor.activeIntent).toBeUndefined();
  });
});

describe('scope and paths', () => {
  it.each([
    { name: 'a file under a ** glob', args: { path: 'src/auth/login.ts' }, code: 'destructive_in_scope' },
    {
      name: 'a file under a trailing-slash scope',
      args: { path: 'tests/auth/login.test.ts' },
      code: 'destructive_in_scope',
    },
    { name: 'a ./ prefixed path', args: { path: './src/auth/x.ts' }, code: 'destructive_in_scope' },
    { name: 'a backslash path', args: { path: 'src\\auth\\x.ts' }, code: 'destructive_in_scope' },
    {
      name: 'a .. path that comes back inside',
      args: { path: 'src/other/../auth/x.ts' },
      code: 'destructive_in_scope',
    },
    { name: 'a file outside the scope', args: { path: 'src/billing/x.ts' }, code: 'scope_violation' },
    { name: 'a .. path that escapes the workspace', args: { path: '../outside.ts' }, code: 'scope_violation' },
    // a literal change outside the workspace waits for a human's answer to this call (allowed once) instead of a refusal no one can lift
    { name: 'an absolute path outside the workspace', args: { path: '/etc/passwd' }, code: 'needs_approval' },
    { name: 'a home path', args: { path: '~/.bashrc' }, code: 'needs_approval' },
    { name: 'a sibling folder with the same prefix', args: { path: 'src/auth-evil/x.ts' }, code: 'scope_violation' },
    { name: 'a case variant of the scope', args: { path: 'SRC/auth/x.ts' }, code: 'scope_violation' },
  ])('decides $name', ({ args, code }) => {
    const governor = inAction('INT-001');
    expect(governor.handleToolCall('write_to_file', { ...args, content: 'x' }).code).toBe(code);
  });

  it('accepts an absolute path inside the workspace', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = createGovernor({ workspaceRoot: root, ...LIFECYCLE_ONLY });
    governor.userPrompt();
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(
      governor.handleToolCall('write_to_file', { path: path.join(root, 'src/auth/a.ts'), content: '' }).allowed,
    ).toBe(true);
  });

  it('refuses a write through a symlink inside the scope that leads out of the workspace', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const outside = makeWorkspace({ orchestration: false });
    mkdirSync(path.join(root, 'src', 'auth'), { recursive: true });
    symlinkSync(outside, path.join(root, 'src', 'auth', 'link'));
    const governor = createGovernor({ workspaceRoot: root, ...LIFECYCLE_ONLY });
    governor.userPrompt();
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    const decision = governor.handleToolCall('write_to_file', { path: 'src/auth/link/x.ts', content: '' });
    expect(decision).toMatchObject({
      code: 'scope_violation',
      reason: "Scope Violation: 'src/auth/link/x.ts' resolves outside the workspace root; no intent scope covers it.",
    });
  });

  it('refuses a percent-encoded traversal out of the scope', () => {
    expect(
      inAction('INT-001').handleToolCall('write_to_file', { path: 'src/auth/%2e%2e%2f%2e%2e%2f..%2fx.ts', content: '' })
        .code,
    ).toBe('scope_violation');
  });

  it('names the path and the scope in a scope violation', () => {
    const decision = inAction('INT-001').handleToolCall('apply_diff', { path: 'src/billing/x.ts', diff: '' });
    expect(decision.reason).toBe(
      "Scope Violation: 'src/billing/x.ts' is outside the scope of intent 'INT-001' (src/auth/**, tests/auth/).",
    );
    expect(decision.reasons[0]).toMatchObject({
      code: 'scope_violation',
      rule: 'scope',
      path: 'src/billing/x.ts',
      scope: ['src/auth/**', 'tests/auth/'],
    });
  });

  it('checks every file an apply_patch body names', () => {
    const governor = inAction('INT-001');
    const patch =
      '*** Begin Patch\n*** Update File: src/auth/a.ts\n@@\n-a\n+b\n*** Add File: src/billing/b.ts\n+x\n*** End Patch';
    expect(governor.handleToolCall('apply_patch', { patch })).toMatchObject({
      code: 'scope_violation',
      reasons: expect.arrayContaining([expect.objectContaining({ path: 'src/billing/b.ts' })]),
    });
  });

  it('checks the path argument of any DESTRUCTIVE tool, known or not', () => {
    const governor = inAction('INT-002');
    expect(governor.handleToolCall('mcp__fs__write_file', { path: 'src/x.ts' }).code).toBe('scope_violation');
    expect(governor.handleToolCall('mcp__fs__write_file', { path: 'docs/x.md' }).code).toBe('destructive_in_scope');
  });

  it.each([
    { name: 'a SAFE read in REASONING', action: false, tool: 'read_file', args: { path: 'secrets/key.txt' } },
    { name: 'a SAFE listing of the ignored folder', action: false, tool: 'list_files', args: { path: 'secrets' } },
    { name: 'a SAFE read in ACTION', action: true, tool: 'read_file', args: { path: 'src/auth/creds.pem' } },
    {
      name: 'an in-scope write in ACTION',
      action: true,
      tool: 'write_to_file',
      args: { path: 'src/auth/creds.pem', content: '' },
    },
  ])('blocks $name of an .intentignore path', ({ action, tool, args }) => {
    const spec = { intentsYaml: INTENTS_YAML, intentIgnore: '# private\nsecrets/\n*.pem\n' };
    const governor = action ? inAction('INT-001', spec) : governorIn(spec);
    if (!action) governor.userPrompt();
    const decision = governor.handleToolCall(tool, args);
    expect(decision).toMatchObject({ allowed: false, code: 'path_ignored' });
    expect(decision.reason).toContain(args.path);
  });

  it('never lets a tool change intentgate control files, even with a scope that covers them', () => {
    const everything = 'active_intents:\n  - id: ALL\n    owned_scope: ["**"]\n';
    const governor = inAction('ALL', { intentsYaml: everything });
    expect(
      governor.handleToolCall('write_to_file', { path: '.orchestration/active_intents.yaml', content: '' }).code,
    ).toBe('protected_path');
    expect(governor.handleToolCall('write_to_file', { path: '.intentignore', content: '' }).code).toBe(
      'protected_path',
    );
    expect(governor.handleToolCall('write_to_file', { path: 'src/any.ts', content: '' }).code).toBe(
      'destructive_in_scope',
    );
    expect(governor.handleToolCall('read_file', { path: '.orchestration/active_intents.yaml' }).allowed).toBe(true);
  });
});

describe('the fail-safe (Invariant 8)', () => {
  it('blocks every tool but select_active_intent while the orchestration directory is missing', () => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ orchestration: false }),
      intents: [{ id: 'I', owned_scope: ['**'] }],
    });
    governor.userPrompt();
    const read = governor.handleToolCall('read_file', { path: 'a.ts' });
    expect(read).toMatchObject({ allowed: false, code: 'orchestration_missing' });
    expect(read.reason).toContain("'.orchestration'");
    expect(governor.isToolAllowed('select_active_intent').allowed).toBe(true);
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'I' }).code).toBe('intent_selected');
    expect(governor.handleToolCall('write_to_file', { path: 'a.ts', content: '' }).code).toBe('orchestration_missing');
    expect(governor.handleToolCall('attempt_completion', {}).code).toBe('orchestration_missing');
  });

  it('lifts once the directory exists and the next prompt arrives', () => {
    const root = makeWorkspace({ orchestration: false });
    const governor = createGovernor({ workspaceRoot: root });
    expect(governor.isToolAllowed('read_file').code).toBe('orchestration_missing');
    mkdirSync(path.join(root, '.orchestration'));
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), INTENTS_YAML);
    governor.userPrompt();
    expect(governor.isToolAllowed('read_file').allowed).toBe(true);
    expect(governor.intents.map((i) => i.id)).toEqual(['INT-001', 'INT-002']);
  });

  it('comes back when the directory disappears', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = createGovernor({ workspaceRoot: root });
    governor.userPrompt();
    expect(governor.isToolAllowed('read_file').allowed).toBe(true);
    rmSync(path.join(root, '.orchestration'), { recursive: true });
    governor.refresh();
    expect(governor.isToolAllowed('read_file').code).toBe('orchestration_missing');
  });

  it('honours a custom orchestration directory', () => {
    const root = makeWorkspace({ orchestration: false });
    mkdirSync(path.join(root, 'gov'));
    const governor = createGovernor({ workspaceRoot: root, orchestrationDir: 'gov' });
    expect(governor.isToolAllowed('read_file').allowed).toBe(true);
  });
});

describe('intents', () => {
  it('takes intents from options over the file', () => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      intents: [{ id: 'OPT', owned_scope: ['lib/**'] }],
    });
    expect(governor.intents.map((i) => i.id)).toEqual(['OPT']);
  });

  it('refuses a malformed intents file at creation, naming the field', () => {
    const bad = 'active_intents:\n  - id: X\n    owned_scope: src/**\n';
    expect(() => governorIn({ intentsYaml: bad })).toThrowError(IntentsFileError);
    expect(() => governorIn({ intentsYaml: bad })).toThrowError(/active_intents\[0\]\.owned_scope/);
  });

  it('refuses a file broken after start at the next prompt and keeps the lifecycle as it was', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = createGovernor({ workspaceRoot: root });
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'active_intents: [');
    expect(() => governor.userPrompt()).toThrowError(IntentsFileError);
    expect(governor.state).toBe('REQUEST');
    expect(governor.intents.map((i) => i.id)).toEqual(['INT-001', 'INT-002']);
  });

  it('explains that no intents exist when the file is absent', () => {
    const governor = governorIn({});
    governor.userPrompt();
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'X' }).reason).toMatch(
      /No intents are defined/,
    );
  });
});

describe('classification and options', () => {
  it('lets callers add SAFE tools and make SAFE tools DESTRUCTIVE', () => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace(),
      classification: { glob: 'SAFE', read_file: 'DESTRUCTIVE' },
    });
    governor.userPrompt();
    expect(governor.isToolAllowed('glob')).toMatchObject({ allowed: true, toolClass: 'SAFE' });
    expect(governor.isToolAllowed('read_file')).toMatchObject({ allowed: false, toolClass: 'DESTRUCTIVE' });
    expect(createGovernor({ workspaceRoot: makeWorkspace() }).isToolAllowed('glob').allowed).toBe(false);
  });

  it('runs one statechart for every classification: the class travels on each request', () => {
    const requested: unknown[] = [];
    const overridden = createGovernor({
      workspaceRoot: makeWorkspace(),
      classification: { glob: 'SAFE' },
      ...LIFECYCLE_ONLY,
      inspect: (event) => {
        if (event.type === '@xstate.event' && event.event.type === 'tool.requested') requested.push(event.event.call);
      },
    });
    overridden.userPrompt();
    expect(overridden.handleToolCall('glob', { pattern: '*.ts' })).toMatchObject({ allowed: true, toolClass: 'SAFE' });
    expect(overridden.actor.logic).toBe(governorIn().actor.logic);
    expect(requested).toMatchObject([{ tool: 'glob', toolClass: 'SAFE' }]);
  });

  it('rejects bad options with every issue listed', () => {
    let thrown: unknown;
    try {
      createGovernor({
        workspaceRoot: makeWorkspace(),
        classification: { x: 'READONLY' as 'SAFE' },
        safeMode: 'yes' as unknown as boolean,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidOptionsError);
    expect((thrown as InvalidOptionsError).issues).toHaveLength(2);
  });
});

describe('handshakePrompt()', () => {
  it('follows the state and lists the intents', () => {
    const governor = governorIn();
    governor.userPrompt();
    expect(governor.handshakePrompt()).toContain('Analysis and read-only actions are permitted');
    expect(governor.handshakePrompt()).toContain('INT-002: Docs (scope: docs/**)');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-002' });
    expect(governor.handshakePrompt()).toContain('Active intent: INT-002: Docs');
  });
});
