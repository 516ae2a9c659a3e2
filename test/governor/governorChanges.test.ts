import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, InvalidArgumentError, type Governor } from '../../src/index';
import { makeWorkspace } from '../support/workspace';

// what changes between prompts (the intents file, the orchestration directory) and the
// answers that must not depend on how well-formed a refused call's arguments are

const STATE_VIOLATION =
  "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.";
const LIFECYCLE_ONLY = { safeMode: false, trace: () => undefined } as const;

const intentsYaml = (...intents: { id: string; scope: string }[]): string =>
  `active_intents:\n${intents.map(({ id, scope }) => `  - id: ${id}\n    owned_scope: ['${scope}']\n`).join('')}`;

function workspaceInAction(): { root: string; governor: Governor } {
  const root = makeWorkspace({ intentsYaml: intentsYaml({ id: 'A', scope: 'src/**' }, { id: 'B', scope: 'docs/**' }) });
  const governor = createGovernor({ workspaceRoot: root, ...LIFECYCLE_ONLY });
  governor.userPrompt('change auth');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'A' }).code).toBe('intent_selected');
  return { root, governor };
}

const rewriteIntents = (root: string, text: string) =>
  writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), text);

describe('the active intent follows the intents file', () => {
  it('applies a narrowed scope at once', () => {
    const { root, governor } = workspaceInAction();
    rewriteIntents(root, intentsYaml({ id: 'A', scope: 'src/only/**' }));
    governor.refresh();
    expect(governor.activeIntent?.owned_scope).toEqual(['src/only/**']);
    expect(governor.handleToolCall('write_to_file', { path: 'src/x/y.ts', content: '' }).code).toBe('scope_violation');
    expect(governor.handleToolCall('write_to_file', { path: 'src/only/y.ts', content: '' }).code).toBe(
      'destructive_in_scope',
    );
  });

  it('leaves ACTION when the active intent is removed', () => {
    const { root, governor } = workspaceInAction();
    rewriteIntents(root, 'active_intents: []\n');
    governor.refresh();
    expect(governor.state).toBe('REASONING');
    expect(governor.activeIntent).toBeUndefined();
    expect(governor.handleToolCall('write_to_file', { path: 'src/x.ts', content: '' }).reason).toBe(STATE_VIOLATION);
    expect(governor.handshakePrompt()).not.toContain('Active intent');
  });

  it('drops a kept intent in REASONING when it is removed before the next prompt', () => {
    const { root, governor } = workspaceInAction();
    rewriteIntents(root, intentsYaml({ id: 'B', scope: 'docs/**' }));
    governor.userPrompt('next');
    expect(governor.state).toBe('REASONING');
    expect(governor.activeIntent).toBeUndefined();
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'A' }).code).toBe('unknown_intent');
  });

  it('keeps ACTION when another intent is removed', () => {
    const { root, governor } = workspaceInAction();
    rewriteIntents(root, intentsYaml({ id: 'A', scope: 'src/**' }));
    governor.refresh();
    expect(governor.state).toBe('ACTION');
    expect(governor.activeIntent?.id).toBe('A');
  });
});

describe('the fail-safe between prompts', () => {
  it('turns on at the next call when the orchestration directory is removed in ACTION', () => {
    const { root, governor } = workspaceInAction();
    rmSync(path.join(root, '.orchestration'), { recursive: true });
    const decision = governor.handleToolCall('write_to_file', { path: 'src/x.ts', content: '' });
    expect(decision.code).toBe('orchestration_missing');
    expect(governor.isToolAllowed('read_file').code).toBe('orchestration_missing');
  });

  it('is seen by a query with arguments too', () => {
    const { root, governor } = workspaceInAction();
    rmSync(path.join(root, '.orchestration'), { recursive: true });
    expect(governor.isToolAllowed('read_file', { path: 'src/x.ts' }).code).toBe('orchestration_missing');
  });
});

describe('a refused tool is refused for the lifecycle reason whatever its arguments', () => {
  it.each([
    { name: 'a file tool with no arguments', tool: 'write_to_file', args: undefined },
    { name: 'a file tool with no path', tool: 'write_to_file', args: { content: 'x' } },
    { name: 'a command with a number for text', tool: 'execute_command', args: { command: 42 } },
    { name: 'a file tool with a NUL in its path', tool: 'apply_diff', args: { path: 'a\0b', diff: '' } },
  ])('gives seed 001 reason for $name in REASONING', ({ tool, args }) => {
    const governor = createGovernor({ workspaceRoot: makeWorkspace(), ...LIFECYCLE_ONLY });
    governor.userPrompt();
    expect(governor.handleToolCall(tool, args).reason).toBe(STATE_VIOLATION);
    expect(() => governor.assertToolAllowed(tool, args ?? {})).toThrow(STATE_VIOLATION);
  });

  it('still names the malformed argument in ACTION', () => {
    const { governor } = workspaceInAction();
    const decision = governor.handleToolCall('execute_command', { command: 42 });
    expect(decision.code).toBe('invalid_arguments');
    expect(decision.reason).toMatch(/^Malformed tool call: .*'command'.*[^.]\.$/);
  });
});

describe('questions by name agree with calls', () => {
  it('hides attempt_completion in REASONING after a DESTRUCTIVE tool ran, as the call is refused', () => {
    const { governor } = workspaceInAction();
    expect(governor.handleToolCall('write_to_file', { path: 'src/x.ts', content: '' }).allowed).toBe(true);
    governor.userPrompt('one more thing');
    expect(governor.isToolAllowed('attempt_completion').code).toBe('completion_needs_intent');
    expect(governor.toolsFor('REASONING', [{ name: 'attempt_completion' }, { name: 'read_file' }])).toEqual([
      { name: 'read_file' },
    ]);
    expect(governor.handleToolCall('attempt_completion').code).toBe('completion_needs_intent');
  });
});

describe('handshakePrompt(state)', () => {
  it('answers for the state it is given', () => {
    const governor = createGovernor({ workspaceRoot: makeWorkspace(), ...LIFECYCLE_ONLY });
    expect(governor.state).toBe('REQUEST');
    expect(governor.handshakePrompt('ACTION')).toMatch(/^Active intent: \(none\)/);
    expect(governor.handshakePrompt('REASONING')).toContain('select_active_intent');
    expect(governor.handshakePrompt()).toBe(governor.handshakePrompt('REQUEST'));
  });

  it('refuses an unknown state', () => {
    const governor = createGovernor({ workspaceRoot: makeWorkspace(), ...LIFECYCLE_ONLY });
    expect(() => governor.handshakePrompt('DONE' as 'ACTION')).toThrow(InvalidArgumentError);
  });
});

describe('catalog argument shapes', () => {
  it('reads a null path as no path, as Roo Code declares codebase_search', () => {
    const governor = createGovernor({ workspaceRoot: makeWorkspace(), ...LIFECYCLE_ONLY });
    governor.userPrompt();
    expect(governor.handleToolCall('codebase_search', { query: 'auth', path: null }).code).toBe('safe_tool');
  });

  it('still requires a file tool to name its file', () => {
    const { governor } = workspaceInAction();
    expect(governor.handleToolCall('write_to_file', { path: null, content: '' }).code).toBe('invalid_arguments');
  });

  it.each([
    { name: 'file_path of write_to_file', tool: 'write_to_file', key: 'file_path' },
    { name: 'target_file of edit_file', tool: 'edit_file', key: 'target_file' },
    { name: 'file_path of edit', tool: 'edit', key: 'file_path' },
  ])('checks $name by scope and by safe mode alike', ({ tool, key }) => {
    const { governor } = workspaceInAction();
    expect(governor.handleToolCall(tool, { [key]: 'src/a.ts', content: '' }).code).toBe('destructive_in_scope');
    expect(governor.handleToolCall(tool, { [key]: 'lib/a.ts', content: '' }).code).toBe('scope_violation');
  });

  it('shows an unknown intent id without its control characters and cut short', () => {
    const { governor } = workspaceInAction();
    const reason =
      governor.handleToolCall('select_active_intent', { intent_id: `x\u001b[31m${'y'.repeat(100_000)}` }).reason ?? '';
    expect(reason).toContain('x\\u001b[31m');
    expect(reason).not.toContain('\u001b');
    expect(reason.length).toBeLessThan(1000);
  });
});

describe('a stopped governor', () => {
  it('answers queries from its last snapshot and refuses calls with effects', () => {
    const { governor } = workspaceInAction();
    governor.stop();
    expect(governor.isToolAllowed('write_to_file').allowed).toBe(true);
    expect(() => governor.handleToolCall('attempt_completion')).toThrow(InvalidArgumentError);
    expect(() => governor.userPrompt('more')).toThrow(/stopped/);
    expect(() => governor.reset()).toThrow(/stopped/);
    expect(() => governor.approveSession(['SUDO'])).toThrow(/stopped/);
    expect(governor.state).toBe('ACTION');
  });
});
