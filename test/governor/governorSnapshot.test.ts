import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor, type GovernorOptions } from '../../src/index';
import { InvalidSnapshotError } from '../../src/errors/InvalidSnapshotError';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

const quiet = { trace: () => undefined } satisfies GovernorOptions;

/** A governor in ACTION under INT-001 with a write held for approval. */
function holdingGovernor(root: string): Governor {
  const governor = createGovernor({ workspaceRoot: root, sessionId: 's1', ...quiet });
  governor.userPrompt('add login');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  expect(governor.handleToolCall('write_to_file', { path: 'src/auth/login.ts', content: 'x' }).code).toBe(
    'needs_approval',
  );
  return governor;
}

/** The snapshot as JSON data that can be edited. */
const jsonOf = (governor: Governor): unknown => JSON.parse(JSON.stringify(governor.persist()));

const DELETE = Symbol('delete');

/** Sets (or deletes) the value at `keys` inside JSON data. */
function setAt(data: unknown, keys: readonly string[], to: unknown): void {
  const parent = keys.slice(0, -1).reduce<unknown>((value, key) => Reflect.get(Object(value), key), data);
  const last = keys.at(-1) ?? '';
  if (to === DELETE) Reflect.deleteProperty(Object(parent), last);
  else Reflect.set(Object(parent), last, to);
}

const invalidCases: readonly { name: string; keys: readonly string[]; to: unknown; issue: RegExp }[] = [
  { name: 'refuses another format', keys: ['format'], to: 'other', issue: /format/ },
  { name: 'refuses another version', keys: ['version'], to: 3, issue: /version/ },
  {
    name: 'refuses an active intent that is not one of the intents',
    keys: ['lifecycle', 'activeIntentId'],
    to: 'INT-404',
    issue: /activeIntentId: 'INT-404' is not one of/,
  },
  {
    name: 'refuses ACTION without an active intent',
    keys: ['lifecycle', 'activeIntentId'],
    to: DELETE,
    issue: /ACTION always has an active intent/,
  },
  {
    name: 'refuses a held call whose id was never given out',
    keys: ['approvalsTaken'],
    to: 0,
    issue: /not an approval id this governor gave out/,
  },
  {
    name: 'refuses a held decision that is not an ask',
    keys: ['lifecycle', 'heldCalls', '0', 'details', 'decision', 'code'],
    to: 'safe_tool',
    issue: /verdict/,
  },
  {
    name: 'refuses an unknown category',
    keys: ['approvedCategories'],
    to: ['EVERYTHING'],
    issue: /approvedCategories/,
  },
  { name: 'refuses an unknown field', keys: ['extra'], to: true, issue: /extra/ },
  {
    name: 'refuses adopted rules whose text does not match their digest',
    keys: ['controlFiles', 'adopted', 'ignore', 'text'],
    to: '# widened\n',
    issue: /does not match its digest/,
  },
];

describe('governor snapshots', () => {
  it.each(invalidCases)('$name', ({ keys, to, issue }) => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secret/\n' });
    const snapshot = jsonOf(holdingGovernor(root));
    setAt(snapshot, keys, to);
    const restore = () => createGovernor({ workspaceRoot: root, ...quiet, restore: snapshot });
    expect(restore).toThrow(InvalidSnapshotError);
    expect(restore).toThrow(issue);
  });

  it('refuses a value that is not a snapshot', () => {
    expect(() => createGovernor({ workspaceRoot: makeWorkspace(), ...quiet, restore: 'nope' })).toThrow(
      /Invalid governor snapshot[^]*expected object/,
    );
  });

  it('refuses a snapshot taken for another orchestration directory', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const snapshot = jsonOf(holdingGovernor(root));
    const other = path.join(root, 'elsewhere');
    expect(() => createGovernor({ workspaceRoot: root, orchestrationDir: other, ...quiet, restore: snapshot })).toThrow(
      /another workspace or orchestration directory/,
    );
  });

  it('refuses a snapshot taken with intents from the file when the options give intents', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const snapshot = jsonOf(holdingGovernor(root));
    const intents = [{ id: 'INT-001', owned_scope: ['**'] }];
    expect(() => createGovernor({ workspaceRoot: root, intents, ...quiet, restore: snapshot })).toThrow(
      /intents read from the intents file/,
    );
  });

  it('gives the same snapshot again after a restore', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secret/\n' });
    const original = holdingGovernor(root);
    const restored = createGovernor({ workspaceRoot: root, ...quiet, restore: original.persist() });
    expect(restored.persist()).toEqual(original.persist());
  });

  it('continues a held call after a restore as the original would', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const original = holdingGovernor(root);
    const restored = createGovernor({
      workspaceRoot: root,
      ...quiet,
      restore: JSON.parse(JSON.stringify(original.persist())),
    });
    expect(restored.pendingApproval).toEqual(original.pendingApproval);
    const answer = restored.resolveApproval('approval-1', 'continue');
    expect(answer.code).toBe('approved_once');
    expect(answer).toEqual(original.resolveApproval('approval-1', 'continue'));
  });

  it('drops the approvals and the held call when restored under another session id', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const original = holdingGovernor(root);
    original.approveSession(['NETWORK_RISK']);
    const restored = createGovernor({ workspaceRoot: root, sessionId: 's2', ...quiet, restore: original.persist() });
    expect({
      session: restored.sessionId,
      approved: restored.approvedCategories,
      pending: restored.pendingApproval,
    }).toEqual({ session: 's2', approved: [], pending: undefined });
    expect(restored.state).toBe('ACTION');
  });

  it('refuses to hold a call whose arguments are not JSON data, so every snapshot can keep what is held', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = createGovernor({ workspaceRoot: root, ...quiet });
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    const decision = governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: 'x', size: 1n });
    expect(decision).toMatchObject({ verdict: 'deny', code: 'held_call_too_large' });
    expect(decision.reason).toMatch(/not JSON data/);
    expect(governor.heldCalls).toEqual([]);
    expect(() => governor.persist()).not.toThrow();
  });

  it('notices a trace file truncated between the process that took the snapshot and the one that restores it', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const first = createGovernor({ workspaceRoot: root, sessionId: 's1' });
    expect(first.handleToolCall('read_file', { path: 'private/key.pem' }).code).toBe('needs_approval');
    const snapshot = JSON.parse(JSON.stringify(first.persist())) as unknown;
    writeFileSync(path.join(root, '.orchestration', 'agent_trace.jsonl'), '');
    const next = createGovernor({ workspaceRoot: root, restore: snapshot });
    const decision = next.handleToolCall('read_file', { path: 'private/key.pem' });
    expect(decision.reasons.map((item) => item.code)).toContain('trace_changed');
    expect(next.traceChanges.map((change) => change.kind)).toEqual(['truncated']);
  });

  it('keeps a rejected control-file change rejected, and the adopted rules enforced, after a restore', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML, intentIgnore: 'secret/\n' });
    const governor = createGovernor({ workspaceRoot: root, ...quiet, safeMode: false });
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(governor.handleToolCall('write_to_file', { path: 'src/auth/a.ts', content: 'x' }).code).toBe(
      'destructive_in_scope',
    );
    writeFileSync(path.join(root, '.intentignore'), '');
    governor.userPrompt('next');
    const held = governor.pendingApproval;
    expect(held?.code).toBe('control_file_changed');
    expect(governor.resolveApproval(held?.approval?.id ?? '', 'cancel').code).toBe('control_file_rejected');
    const restored = createGovernor({
      workspaceRoot: root,
      safeMode: false,
      ...quiet,
      restore: JSON.parse(JSON.stringify(governor.persist())),
    });
    restored.userPrompt('again');
    expect(restored.pendingApproval).toBeUndefined();
    expect(restored.handleToolCall('read_file', { path: 'secret/key.txt' }).code).toBe('path_ignored');
  });
});
