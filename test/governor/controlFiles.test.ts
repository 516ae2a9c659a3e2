import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createGovernor,
  IntentsFileError,
  InvalidArgumentError,
  InvalidOptionsError,
  type Governor,
  type TraceRecord,
} from '../../src/index';
import { makeWorkspace } from '../support/workspace';

// The attacker's setting: ACTION under an intent that owns src/**, EXEC_ARBITRARY and
// FS_DELETE_OVERWRITE approved. An allowed command runs, then a control file changes by a route
// the analysis did not see; here bash makes each change for real in the workspace. Whatever the
// route, the governor must not adopt it at the next prompt: it holds the lifecycle for a human.

const SCOPE_SRC = "active_intents:\n  - id: INT-1\n    name: Sources\n    owned_scope: ['src/**']\n";
const WIDENED = "active_intents:\n  - id: INT-1\n    owned_scope: ['**']\n";
const INTENTS = '.orchestration/active_intents.yaml';
const IGNORE = 'private/\n';

interface Setting {
  readonly root: string;
  readonly governor: Governor;
  readonly trace: TraceRecord[];
}

function workspace(): string {
  const root = makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: IGNORE });
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'private'));
  return root;
}

function attackerSetting(root = workspace()): Setting {
  const trace: TraceRecord[] = [];
  const governor = createGovernor({ workspaceRoot: root, trace: (record) => void trace.push(record) });
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  governor.userPrompt('work on src');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).code).toBe('intent_selected');
  return { root, governor, trace };
}

const bash = (root: string, script: string): void => {
  const run = spawnSync('bash', ['-c', script], { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
};

/** An allowed DESTRUCTIVE call, run for real: after it, any change may be the agent's. */
function allowedWrite(setting: Setting): void {
  const command = 'echo x > src/a.txt';
  expect(setting.governor.handleToolCall('execute_command', { command }).code).toBe('destructive_in_scope');
  bash(setting.root, command);
}

/**
 * What the governor enforces now: the intents, and whether an ignored path and a plain one are
 * refused. While a change is held every call waits, so only the intents can be seen then.
 */
const enforced = (governor: Governor) => ({
  intents: governor.intents.map((intent) => [intent.id, [...intent.owned_scope]]),
  ignoredRead: governor.isToolAllowed('read_file', { path: 'private/notes.md' }).code,
  plainRead: governor.isToolAllowed('read_file', { path: 'docs/readme.md' }).code,
});

const BEFORE = { intents: [['INT-1', ['src/**']]], ignoredRead: 'path_ignored', plainRead: 'safe_tool' };
const intentsOf = (governor: Governor) => governor.intents.map((intent) => [intent.id, [...intent.owned_scope]]);

const TAMPERINGS: readonly {
  readonly name: string;
  readonly script: string;
  readonly file: string;
  readonly point: RegExp;
  readonly usable: boolean;
}[] = [
  {
    name: 'the intents file widened in place',
    script: `printf "${WIDENED}" > ${INTENTS}`,
    file: INTENTS,
    point: /scope of INT-1: src\/\*\* → \*\*/,
    usable: true,
  },
  {
    name: 'the intents file written through a symlink in scope',
    script: `ln -s ../${INTENTS} src/ai && printf "${WIDENED}" > src/ai`,
    file: INTENTS,
    point: /scope of INT-1/,
    usable: true,
  },
  {
    name: 'an intent added',
    script: `printf "  - id: INT-9\\n    owned_scope: ['**']\\n" >> ${INTENTS}`,
    file: INTENTS,
    point: /intent INT-9 added, scope \*\*/,
    usable: true,
  },
  { name: 'the intents file removed', script: `rm ${INTENTS}`, file: INTENTS, point: /removed/, usable: true },
  {
    name: 'the intents file replaced by a symlink to the same text',
    script: `cp ${INTENTS} src/copy.yaml && ln -sf ../src/copy.yaml ${INTENTS}`,
    file: INTENTS,
    point: /symbolic link to \.\.\/src\/copy\.yaml/,
    usable: true,
  },
  {
    name: 'the intents file replaced by a FIFO',
    script: `rm ${INTENTS} && mkfifo ${INTENTS}`,
    file: INTENTS,
    point: /cannot be used/,
    usable: false,
  },
  {
    name: 'the intents file replaced by a folder',
    script: `rm ${INTENTS} && mkdir ${INTENTS}`,
    file: INTENTS,
    point: /cannot be used/,
    usable: false,
  },
  {
    name: 'the intents file made malformed',
    script: `echo 'active_intents: [' > ${INTENTS}`,
    file: INTENTS,
    point: /cannot be used/,
    usable: false,
  },
  {
    name: '.intentignore emptied',
    script: ': > .intentignore',
    file: '.intentignore',
    point: /rule removed: private\//,
    usable: true,
  },
  { name: '.intentignore removed', script: 'rm .intentignore', file: '.intentignore', point: /removed/, usable: true },
  {
    name: '.intentignore replaced by a symlink to /dev/null',
    script: 'ln -sf /dev/null .intentignore',
    file: '.intentignore',
    point: /cannot be used/,
    usable: false,
  },
  {
    name: '.intentignore given one more rule',
    script: "echo 'docs/' >> .intentignore",
    file: '.intentignore',
    point: /rule added: docs\//,
    usable: true,
  },
];

describe('a control file changed after an allowed DESTRUCTIVE call', () => {
  it.each(TAMPERINGS)(
    '$name: held at the next prompt, not adopted, and every call waits',
    ({ script, file, point }) => {
      const setting = attackerSetting();
      const { governor, root } = setting;
      allowedWrite(setting);
      bash(root, script);
      governor.userPrompt('next');

      expect(intentsOf(governor)).toEqual(BEFORE.intents);
      const held = governor.pendingApproval;
      expect(held).toMatchObject({
        verdict: 'ask',
        code: 'control_file_changed',
        tool: 'execute_command',
        approval: { categories: [] },
      });
      expect(held?.reason).toContain(file);
      expect(held?.approval?.prompt.action).toContain(file);
      expect(held?.approval?.prompt.why).toContain('echo x > src/a.txt');
      expect(held?.reasons.map((item) => item.message).join('\n')).toMatch(point);
      // every call carries the same question; a question by name still shows the tools
      for (const [tool, args] of [
        ['read_file', { path: 'src/a.txt' }],
        ['write_to_file', { path: 'src/b.ts', content: '' }],
        ['select_active_intent', { intent_id: 'INT-1' }],
        ['attempt_completion', {}],
      ] as const) {
        expect(governor.handleToolCall(tool, args)).toMatchObject({
          verdict: 'ask',
          code: 'control_file_changed',
          approval: { id: held?.approval?.id },
        });
      }
      expect(governor.toolsFor(governor.state, [{ name: 'read_file' }, { name: 'select_active_intent' }])).toHaveLength(
        2,
      );
      expect(governor.pendingApproval).toBe(held);
    },
  );

  it.each(TAMPERINGS.filter((tampering) => tampering.usable))(
    '$name: accepted, it is enforced, and the call is made again',
    ({ script }) => {
      const setting = attackerSetting();
      allowedWrite(setting);
      bash(setting.root, script);
      const { governor } = setting;
      governor.userPrompt('next');
      const id = governor.pendingApproval?.approval?.id ?? '';
      const answer = governor.resolveApproval(id, 'continue');

      expect(answer).toMatchObject({ allowed: false, verdict: 'deny', code: 'control_file_accepted' });
      expect(answer.reason).toMatch(/call it again/);
      expect(governor.pendingApproval).toBeUndefined();
      // the next call is decided under the accepted content
      expect(governor.handleToolCall('read_file', { path: 'src/a.txt' }).code).toBe('safe_tool');
      expect(setting.trace.map((record) => record.reasons[0]?.code)).toEqual(
        expect.arrayContaining(['control_file_changed', 'control_file_accepted']),
      );
    },
  );

  it.each(TAMPERINGS)('$name: rejected, the adopted content stays and is not asked about again', ({ script }) => {
    const setting = attackerSetting();
    allowedWrite(setting);
    bash(setting.root, script);
    const { governor } = setting;
    governor.userPrompt('next');
    const answer = governor.resolveApproval(governor.pendingApproval?.approval?.id ?? '', 'cancel');

    expect(answer).toMatchObject({ allowed: false, code: 'control_file_rejected' });
    expect(answer.reason).toMatch(/still in the file/);
    expect(governor.pendingApproval).toBeUndefined();
    expect(enforced(governor)).toEqual(BEFORE);
    governor.userPrompt('and again');
    expect(governor.pendingApproval).toBeUndefined();
    expect(enforced(governor)).toEqual(BEFORE);
  });
});

describe('the answers to a held change', () => {
  function held(script = `printf "${WIDENED}" > ${INTENTS}`) {
    const setting = attackerSetting();
    allowedWrite(setting);
    bash(setting.root, script);
    setting.governor.userPrompt('next');
    return { ...setting, id: setting.governor.pendingApproval?.approval?.id ?? '' };
  }

  it('adopts the widened scope only when a human accepts it', () => {
    const { governor, id } = held();
    expect(governor.handleToolCall('write_to_file', { path: 'docs/x.md', content: '' }).code).toBe(
      'control_file_changed',
    );
    governor.resolveApproval(id, 'continue');
    expect(governor.intents[0]?.owned_scope).toEqual(['**']);
  });

  it("shows the held decision again for 'details', and refuses an edit", () => {
    const { governor, id } = held();
    expect(governor.resolveApproval(id, 'details')).toBe(governor.pendingApproval);
    expect(() => governor.resolveApproval(id, { edit: { path: 'x' } })).toThrow(InvalidArgumentError);
    expect(governor.pendingApproval?.code).toBe('control_file_changed');
  });

  it('cannot accept a file that cannot be used: the hold stands until it is fixed, then shows the fixed text', () => {
    const { governor, id, root } = held(`echo 'active_intents: [' > ${INTENTS}`);
    expect(governor.resolveApproval(id, 'continue')).toMatchObject({ code: 'control_file_changed', approval: { id } });
    expect(intentsOf(governor)).toEqual(BEFORE.intents);
    bash(root, `printf "${WIDENED}" > ${INTENTS}`);
    const fixed = governor.resolveApproval(id, 'continue');
    // the text changed since it was shown: what is there now is asked about, under a new id
    expect(fixed.code).toBe('control_file_changed');
    expect(fixed.approval?.id).not.toBe(id);
    expect(fixed.approval?.prompt.changes.join('\n')).toMatch(/src\/\*\* → \*\*/);
    expect(governor.resolveApproval(fixed.approval?.id ?? '', 'continue').code).toBe('control_file_accepted');
    expect(governor.intents[0]?.owned_scope).toEqual(['**']);
  });

  it('asks again, under a new id, when the file changes once more before the answer', () => {
    const { governor, id, root } = held();
    bash(root, `printf "  - id: INT-2\\n    owned_scope: ['**']\\n" >> ${INTENTS}`);
    governor.userPrompt('more');
    const again = governor.pendingApproval;
    expect(again?.approval?.id).not.toBe(id);
    expect(again?.approval?.prompt.changes.join('\n')).toMatch(/INT-2 added/);
    expect(() => governor.resolveApproval(id, 'continue')).toThrow(/waiting: 'approval-\d+'/);
  });

  it('after a rejection, a third text is held again: nothing was adopted since the DESTRUCTIVE call', () => {
    const { governor, id, root } = held();
    governor.resolveApproval(id, 'cancel');
    bash(root, `printf "active_intents:\\n  - id: INT-1\\n    owned_scope: ['src/**', 'docs/**']\\n" > ${INTENTS}`);
    governor.userPrompt('next');
    expect(governor.pendingApproval?.code).toBe('control_file_changed');
    expect(intentsOf(governor)).toEqual(BEFORE.intents);
  });

  it('after an acceptance, a human edit between turns with no DESTRUCTIVE call since is adopted as before', () => {
    const { governor, id, root } = held();
    governor.resolveApproval(id, 'continue');
    bash(root, `printf "${SCOPE_SRC}" > ${INTENTS}`);
    governor.userPrompt('next');
    expect(governor.pendingApproval).toBeUndefined();
    expect(governor.intents[0]?.owned_scope).toEqual(['src/**']);
  });

  it('outlives prompts, resets, refreshes, session changes and session approvals; only its answer ends it', () => {
    const { governor, id } = held();
    governor.userPrompt('hello?');
    governor.refresh();
    governor.reset();
    governor.setSession('another');
    governor.approveSession(['EXEC_ARBITRARY']);
    expect(governor.state).toBe('REQUEST');
    expect(governor.pendingApproval?.approval?.id).toBe(id);
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).code).toBe('control_file_changed');
    expect(governor.resolveApproval(id, 'cancel').code).toBe('control_file_rejected');
    expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).code).toBe('intent_selected');
  });

  it('replaces a held call, which is then no longer waiting', () => {
    const setting = attackerSetting();
    allowedWrite(setting);
    const { governor, root } = setting;
    const sudo = governor.handleToolCall('execute_command', { command: 'sudo ls' });
    expect(sudo.code).toBe('needs_approval');
    bash(root, `printf "${WIDENED}" > ${INTENTS}`);
    governor.refresh();
    expect(governor.pendingApproval?.code).toBe('control_file_changed');
    expect(() => governor.resolveApproval(sudo.approval?.id ?? '', 'continue')).toThrow(InvalidArgumentError);
  });
});

describe('what counts as a call that could have made the change', () => {
  it('a human edit between turns, with no DESTRUCTIVE call since the governor was created, is adopted', () => {
    const root = workspace();
    const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
    governor.userPrompt('look around');
    expect(governor.handleToolCall('read_file', { path: 'src/a.ts' }).allowed).toBe(true);
    bash(root, `printf "${WIDENED}" > ${INTENTS} && : > .intentignore`);
    governor.userPrompt('next');
    expect(governor.pendingApproval).toBeUndefined();
    expect(enforced(governor)).toEqual({
      intents: [['INT-1', ['**']]],
      ignoredRead: 'safe_tool',
      plainRead: 'safe_tool',
    });
  });

  it('a refused DESTRUCTIVE call does not count', () => {
    const setting = attackerSetting();
    const { governor, root } = setting;
    expect(governor.handleToolCall('write_to_file', { path: 'docs/x.md', content: '' }).code).toBe('scope_violation');
    bash(root, `printf "${WIDENED}" > ${INTENTS}`);
    governor.userPrompt('next');
    expect(governor.pendingApproval).toBeUndefined();
    expect(governor.intents[0]?.owned_scope).toEqual(['**']);
  });

  it('a held DESTRUCTIVE call a human let run (Continue) counts', () => {
    const setting = attackerSetting();
    const { governor, root } = setting;
    const held = governor.handleToolCall('execute_command', { command: 'sudo ls' });
    expect(governor.resolveApproval(held.approval?.id ?? '', 'continue').code).toBe('approved_once');
    bash(root, `printf "${WIDENED}" > ${INTENTS}`);
    governor.userPrompt('next');
    expect(governor.pendingApproval?.code).toBe('control_file_changed');
    expect(governor.pendingApproval?.approval?.prompt.why).toContain('sudo ls');
  });

  it('a human edit made after an allowed DESTRUCTIVE call in the same turn is held too, for the human to accept', () => {
    const setting = attackerSetting();
    allowedWrite(setting);
    bash(setting.root, "echo 'docs/' >> .intentignore");
    setting.governor.userPrompt('I added a rule');
    expect(setting.governor.pendingApproval?.code).toBe('control_file_changed');
    setting.governor.resolveApproval(setting.governor.pendingApproval?.approval?.id ?? '', 'continue');
    expect(setting.governor.isToolAllowed('read_file', { path: 'docs/readme.md' }).code).toBe('path_ignored');
  });

  it('watches only .intentignore when the intents come from options', () => {
    const root = workspace();
    const governor = createGovernor({
      workspaceRoot: root,
      trace: () => undefined,
      intents: [{ id: 'OPT', owned_scope: ['src/**'] }],
    });
    governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    governor.handleToolCall('select_active_intent', { intent_id: 'OPT' });
    expect(governor.handleToolCall('execute_command', { command: 'echo x > src/a.txt' }).allowed).toBe(true);
    bash(root, `printf "${WIDENED}" > ${INTENTS}`);
    governor.userPrompt('next');
    expect(governor.pendingApproval).toBeUndefined();
    bash(root, ': > .intentignore');
    governor.userPrompt('again');
    expect(governor.pendingApproval?.approval?.prompt.action).toContain('.intentignore');
    expect(governor.intents.map((intent) => intent.id)).toEqual(['OPT']);
  });
});

describe('a control file that cannot be used, with no DESTRUCTIVE call since the last adoption', () => {
  it.each([
    { name: 'a malformed intents file', script: `echo 'active_intents: [' > ${INTENTS}`, error: IntentsFileError },
    {
      name: 'an intents file replaced by a FIFO',
      script: `rm ${INTENTS} && mkfifo ${INTENTS}`,
      error: IntentsFileError,
    },
    {
      name: '.intentignore replaced by a folder',
      script: 'rm .intentignore && mkdir .intentignore',
      error: InvalidOptionsError,
    },
  ])('$name is a typed error at the next prompt, which changes nothing', ({ script, error }) => {
    const root = workspace();
    const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
    governor.userPrompt('first');
    bash(root, script);
    expect(() => governor.userPrompt('next')).toThrow(error);
    expect(governor.state).toBe('REASONING');
    expect(enforced(governor)).toEqual(BEFORE);
    expect(governor.pendingApproval).toBeUndefined();
  });

  it('is refused when the governor is created', () => {
    const root = workspace();
    writeFileSync(path.join(root, INTENTS), 'active_intents: [');
    expect(() => createGovernor({ workspaceRoot: root })).toThrow(IntentsFileError);
  });
});
