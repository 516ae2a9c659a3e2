import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createGovernor,
  InvalidArgumentError,
  readTrace,
  type Governor,
  type GovernorOptions,
  type TraceRecord,
} from '../src/index';
import { INTENTS_YAML, makeWorkspace } from './support/workspace';

const STATE_VIOLATION =
  "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.";
const write = (file: string) => ({ path: file, content: 'export {};\n' });

function governor(
  options: GovernorOptions = {},
  spec = { intentsYaml: INTENTS_YAML, intentIgnore: 'secrets/\n' },
): { g: Governor; root: string } {
  const root = makeWorkspace(spec);
  return { g: createGovernor({ workspaceRoot: root, sessionId: 's1', ...options }), root };
}

function inAction(options: GovernorOptions = {}): { g: Governor; root: string; records: TraceRecord[] } {
  const records: TraceRecord[] = [];
  const made = governor({ trace: (record) => records.push(record), ...options });
  made.g.userPrompt('add login');
  made.g.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return { ...made, records };
}

describe('safe mode holds risky calls', () => {
  it('asks before an in-scope write, with the confirmation prompt', () => {
    const { g } = inAction();
    const decision = g.handleToolCall('write_to_file', write('src/auth/login.ts'));
    expect(decision).toMatchObject({
      allowed: false,
      verdict: 'ask',
      code: 'needs_approval',
      categories: ['FS_DELETE_OVERWRITE'],
    });
    expect(decision.reason).toBe(
      "Safe mode: 'write_to_file' needs a human's approval for FS_DELETE_OVERWRITE in this session.",
    );
    expect(decision.approval).toMatchObject({ id: 'approval-1', categories: ['FS_DELETE_OVERWRITE'] });
    expect(decision.approval?.prompt.risk).toBe('Data or file history can be lost.');
    expect(decision.approval?.prompt.actions.map((a) => a.label)).toEqual([
      'Continue',
      'Cancel',
      'Show details',
      'Edit',
    ]);
    expect(g.actor.getSnapshot().value.lifecycle).toEqual({ ACTION: 'awaitingApproval' });
    expect(g.pendingApproval).toBe(decision);
  });

  it('runs the call once the session approves its categories', () => {
    const { g } = inAction();
    g.handleToolCall('write_to_file', write('src/auth/login.ts'));
    expect(g.approveSession(['FS_DELETE_OVERWRITE'])).toEqual(['FS_DELETE_OVERWRITE']);
    expect(g.actor.getSnapshot().value.lifecycle).toEqual({ ACTION: 'ready' });
    const decision = g.handleToolCall('write_to_file', write('src/auth/login.ts'));
    expect(decision).toMatchObject({
      allowed: true,
      code: 'destructive_in_scope',
      categories: ['FS_DELETE_OVERWRITE'],
    });
    expect(decision.reasons.map((r) => r.code)).toEqual([
      'destructive_in_scope',
      'approved_for_session',
      'risk_category',
    ]);
  });

  it('asks only for the categories the session has not approved', () => {
    const { g } = inAction();
    g.approveSession(['FS_DELETE_OVERWRITE']);
    const decision = g.handleToolCall('write_to_file', write('src/auth/.env'));
    expect(decision.verdict).toBe('ask');
    expect(decision.categories).toEqual(['FS_DELETE_OVERWRITE', 'FS_CONFIG_SECRETS']);
    expect(decision.approval?.categories).toEqual(['FS_CONFIG_SECRETS']);
  });

  it('asks for SAFE reads that leave the workspace, before any intent', () => {
    const { g } = governor();
    g.userPrompt();
    const decision = g.handleToolCall('read_file', { path: '/etc/hosts' });
    expect(decision).toMatchObject({ verdict: 'ask', categories: ['FS_OUTSIDE_WORKSPACE'] });
    expect(g.actor.getSnapshot().value.lifecycle).toEqual({ REASONING: 'awaitingApproval' });
  });

  it('treats a DESTRUCTIVE tool with no risk mapping as arbitrary execution', () => {
    const { g } = inAction();
    const decision = g.handleToolCall('mcp__github__create_issue', { title: 'x' });
    expect(decision).toMatchObject({ verdict: 'ask', categories: ['EXEC_ARBITRARY'] });
    expect(decision.reasons.map((r) => r.code)).toContain('unmapped_tool');
  });
});

describe('approval never cancels the rules', () => {
  it.each([
    {
      name: 'a DESTRUCTIVE call before the handshake',
      select: false,
      tool: 'write_to_file',
      args: write('src/auth/a.ts'),
      code: 'state_violation',
    },
    {
      name: 'an out-of-scope write',
      select: true,
      tool: 'write_to_file',
      args: write('src/billing/a.ts'),
      code: 'scope_violation',
    },
    {
      name: 'an .intentignore path',
      select: true,
      tool: 'read_file',
      args: { path: 'secrets/key.txt' },
      code: 'path_ignored',
    },
    {
      name: 'a control file',
      select: true,
      tool: 'write_to_file',
      args: write('.intentignore'),
      code: 'protected_path',
    },
  ])('still denies $name with every category approved', ({ select, tool, args, code }) => {
    const { g } = governor();
    g.approveSession(['FS_DELETE_OVERWRITE', 'FS_OUTSIDE_WORKSPACE', 'FS_CONFIG_SECRETS', 'EXEC_ARBITRARY']);
    g.userPrompt();
    if (select) g.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    const decision = g.handleToolCall(tool, args);
    expect(decision).toMatchObject({ verdict: 'deny', code });
    if (code === 'state_violation') expect(decision.reason).toBe(STATE_VIOLATION);
  });

  it('still applies the fail-safe', () => {
    const bare = createGovernor({
      workspaceRoot: makeWorkspace({ orchestration: false }),
      intents: [{ id: 'I', owned_scope: ['**'] }],
    });
    bare.approveSession(['FS_DELETE_OVERWRITE']);
    bare.userPrompt();
    bare.handleToolCall('select_active_intent', { intent_id: 'I' });
    expect(bare.handleToolCall('write_to_file', write('a.ts')).code).toBe('orchestration_missing');
  });
});

describe('answers to a held call', () => {
  it('Continue runs it once and does not approve the session', () => {
    const { g } = inAction();
    const held = g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    const decision = g.resolveApproval(held.approval!.id, 'continue');
    expect(decision).toMatchObject({ allowed: true, code: 'approved_once', categories: ['FS_DELETE_OVERWRITE'] });
    expect(g.approvedCategories).toEqual([]);
    expect(g.actor.getSnapshot().context.destructiveRan).toBe(true);
    expect(g.handleToolCall('write_to_file', write('src/auth/b.ts')).verdict).toBe('ask');
  });

  it('Cancel drops it', () => {
    const { g } = inAction();
    const held = g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    expect(g.resolveApproval(held.approval!.id, 'cancel')).toMatchObject({
      verdict: 'deny',
      code: 'approval_cancelled',
    });
    expect(g.actor.getSnapshot().value.lifecycle).toEqual({ ACTION: 'ready' });
    expect(g.actor.getSnapshot().context.destructiveRan).toBe(false);
  });

  it('Show details returns the held decision, with the details of each category', () => {
    const { g } = inAction();
    const held = g.handleToolCall('write_to_file', write('src/auth/.env'));
    const details = g.resolveApproval(held.approval!.id, 'details');
    expect(details).toBe(held);
    expect(details.approval?.prompt.details.map((d) => d.category)).toEqual([
      'FS_DELETE_OVERWRITE',
      'FS_CONFIG_SECRETS',
    ]);
    expect(g.pendingApproval).toBe(held);
  });

  it('Edit re-decides the edited arguments', () => {
    const { g } = inAction();
    const held = g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    expect(g.resolveApproval(held.approval!.id, { edit: write('src/billing/a.ts') }).code).toBe('scope_violation');
    expect(g.pendingApproval).toBeUndefined();
  });

  it('Continue checks the rules again: a call now out of scope is refused', () => {
    const { g } = inAction();
    const held = g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    g.handleToolCall('select_active_intent', { intent_id: 'INT-002' });
    expect(g.resolveApproval(held.approval!.id, 'continue').code).toBe('scope_violation');
    expect(g.pendingApproval).toBeUndefined();
  });

  it('ends the hold when its intent is withdrawn: nothing is pending and nothing can be answered', () => {
    const { g, root } = inAction();
    const held = g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'active_intents: []\n');
    g.refresh();
    expect(g.actor.getSnapshot().value.lifecycle).toEqual({ REASONING: 'ready' });
    expect(g.pendingApproval).toBeUndefined();
    expect(() => g.resolveApproval(held.approval!.id, 'continue')).toThrowError(InvalidArgumentError);
  });

  it.each([
    { name: 'an unknown approval id', id: 'approval-9', answer: 'continue' as const },
    { name: 'an answer that is not a button', id: 'approval-1', answer: 'yes' as never },
  ])('rejects $name', ({ id, answer }) => {
    const { g } = inAction();
    g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    expect(() => g.resolveApproval(id, answer)).toThrowError(InvalidArgumentError);
  });
});

describe('session approvals', () => {
  it.each([
    { name: 'an empty list', categories: [], message: /missing or empty/ },
    { name: 'a missing list', categories: undefined, message: /missing or empty/ },
    {
      name: 'an unknown category',
      categories: ['FS_DELETE', 'SUDO'],
      message: /unknown category 'FS_DELETE'.*FS_DELETE_OVERWRITE, .*EXEC_ARBITRARY/,
    },
  ])('refuses $name and grants nothing', ({ categories, message }) => {
    const { g } = governor();
    expect(() => g.approveSession(categories as never)).toThrowError(message);
    expect(g.approvedCategories).toEqual([]);
  });

  it('resets every approval when the session changes', () => {
    const { g } = inAction();
    g.approveSession(['FS_DELETE_OVERWRITE']);
    g.setSession('s2');
    expect(g.sessionId).toBe('s2');
    expect(g.approvedCategories).toEqual([]);
    expect(g.handleToolCall('write_to_file', write('src/auth/a.ts')).verdict).toBe('ask');
  });

  it('keeps nothing across a restart', () => {
    const { g, root } = inAction();
    g.approveSession(['FS_DELETE_OVERWRITE']);
    const restarted = createGovernor({ workspaceRoot: root, sessionId: 's1' });
    expect(restarted.approvedCategories).toEqual([]);
  });
});

describe('safe mode off', () => {
  it('runs risky calls and still writes them to the trace', () => {
    const { g, records } = inAction({ safeMode: false });
    const decision = g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    expect(decision).toMatchObject({
      allowed: true,
      code: 'destructive_in_scope',
      categories: ['FS_DELETE_OVERWRITE'],
    });
    expect(decision.reasons[1]?.code).toBe('safe_mode_off');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      session_id: 's1',
      intent_id: 'INT-001',
      tool: 'write_to_file',
      categories: ['FS_DELETE_OVERWRITE'],
      verdict: 'allow',
    });
  });
});

describe('the trace', () => {
  it('appends one JSON line per risky decision to the orchestration directory by default', () => {
    const { g, root } = governor();
    g.userPrompt();
    g.handleToolCall('read_file', { path: 'README.md' });
    g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    g.handleToolCall('read_file', { path: '/etc/hosts' });
    const file = path.join(root, '.orchestration', 'agent_trace.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(readTrace(file).records.map((r) => [r.tool, r.verdict, r.categories])).toEqual([
      ['write_to_file', 'deny', ['FS_DELETE_OVERWRITE']],
      ['read_file', 'ask', ['FS_OUTSIDE_WORKSPACE']],
    ]);
  });

  it('refuses a risky call it cannot trace, and applies nothing', () => {
    const { g } = inAction({
      safeMode: false,
      trace: () => {
        throw new Error('disk full');
      },
    });
    const decision = g.handleToolCall('write_to_file', write('src/auth/a.ts'));
    expect(decision).toMatchObject({ verdict: 'deny', code: 'trace_unavailable' });
    expect(decision.reason).toContain('disk full');
    expect(g.actor.getSnapshot().context.destructiveRan).toBe(false);
  });

  it('does not trace queries', () => {
    const { g, records } = inAction();
    g.isToolAllowed('write_to_file', write('src/auth/a.ts'));
    expect(records).toHaveLength(0);
  });
});

describe('locale', () => {
  it('writes the prompt in Russian with the seed texts', () => {
    const { g } = inAction({ locale: 'ru' });
    const prompt = g.handleToolCall('write_to_file', write('src/auth/a.ts')).approval?.prompt;
    expect(prompt?.risk).toBe('Можно потерять данные/историю файлов.');
    expect(prompt?.actions.map((a) => a.label)).toEqual(['Продолжить', 'Отмена', 'Показать детали', 'Изменить']);
  });
});
