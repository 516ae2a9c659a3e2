import { describe, expect, it } from 'vitest';
import type { ConfirmationPrompt } from '../../src/approval/confirmationPrompt';
import { withPromptWhenRead } from '../../src/approval/promptWhenRead';

const PROMPT: ConfirmationPrompt = {
  locale: 'en',
  action: 'Write src/auth/jwt.ts',
  why: 'the intent INT-001 owns it',
  risk: 'it overwrites a file',
  changes: ['src/auth/jwt.ts'],
  actions: [{ id: 'continue', label: 'Continue' }],
  categories: ['FS_DELETE_OVERWRITE'],
  details: [],
};

function counted(): { build: () => ConfirmationPrompt; readonly calls: () => number } {
  let calls = 0;
  return {
    build: () => {
      calls += 1;
      return PROMPT;
    },
    calls: () => calls,
  };
}

describe('withPromptWhenRead', () => {
  it('builds nothing until the prompt is read', () => {
    const builder = counted();
    const approval = withPromptWhenRead({ id: 'approval-1', categories: ['FS_DELETE_OVERWRITE'] }, builder.build);
    expect(approval.id).toBe('approval-1');
    expect(builder.calls()).toBe(0);
  });

  it('builds the prompt once however often it is read', () => {
    const builder = counted();
    const approval = withPromptWhenRead({ id: 'approval-1' }, builder.build);
    expect([approval.prompt, approval.prompt]).toEqual([PROMPT, PROMPT]);
    expect(builder.calls()).toBe(1);
  });

  it('shows the prompt to copies, comparisons and JSON as a plain field', () => {
    const approval = withPromptWhenRead({ id: 'approval-1', categories: ['FS_DELETE_OVERWRITE'] }, counted().build);
    const eager = { id: 'approval-1', categories: ['FS_DELETE_OVERWRITE'], prompt: PROMPT };
    expect(approval).toEqual(eager);
    expect({ ...approval }).toEqual(eager);
    expect(JSON.parse(JSON.stringify(approval))).toEqual(eager);
    expect(Object.keys(approval)).toEqual(['id', 'categories', 'prompt']);
  });

  it('gives each approval its own prompt, frozen or not', () => {
    const other: ConfirmationPrompt = { ...PROMPT, action: 'Delete src/old.ts' };
    const first = withPromptWhenRead({ id: 'approval-1' }, () => PROMPT);
    const second = Object.freeze(withPromptWhenRead({ id: 'approval-2' }, () => other));
    expect([second.prompt.action, first.prompt.action]).toEqual(['Delete src/old.ts', 'Write src/auth/jwt.ts']);
  });
});
