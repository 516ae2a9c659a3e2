import { describe, expect, it } from 'vitest';
import { claudeCodeAdapter } from '../../../src/hooks/agents/claudeCode';
import type { HookAnswer, HookEvent } from '../../../src/hooks/hookEvent';
import { createGovernor } from '../../../src/index';
import { ROOT } from '../../support/agents/claudeCodeEvents';
import { makeWorkspace } from '../../support/workspace';

// What Claude Code's user sees: the handshake tools run without Claude Code's own dialog, and a
// held call's five-part prompt is shown whatever the tool's dialog shows.

const decision = createGovernor({ workspaceRoot: makeWorkspace(), trace: () => undefined }).isToolAllowed('read_file');
const call = (tool: string): HookEvent => ({ kind: 'pre_tool', sessionId: 's', cwd: ROOT, tool, args: {} });
const body = (answer: HookAnswer, event: HookEvent): unknown => {
  const output = claudeCodeAdapter.writeAnswer(answer, event);
  expect(output.exitCode).toBe(0);
  return output.stdout === '' ? '' : JSON.parse(output.stdout);
};

describe("Claude Code's dialogs", () => {
  // the adapter reads mcp__intentgate__select_active_intent (and only that name) as select_active_intent
  it.each(['select_active_intent', 'attempt_completion'])(
    'answers an allowed %s with allow, so Claude Code does not ask about it again',
    (tool) => {
      expect(body({ kind: 'allow', decision }, call(tool))).toEqual({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          permissionDecisionReason: expect.stringContaining('handshake'),
        },
      });
    },
  );

  it.each(['Write', 'Bash', 'mcp__github__create_issue', 'Read'])(
    "leaves an allowed %s to Claude Code's own permissions: no allow",
    (tool) => {
      expect(body({ kind: 'allow', decision }, call(tool))).toBe('');
    },
  );

  it('denies a refused handshake call as any other', () => {
    expect(body({ kind: 'deny', message: 'no such intent', decision }, call('select_active_intent'))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no such intent',
      },
    });
  });

  const prompt = [
    '1) What I want to do: Write src/billing/pay.ts',
    '2) Why',
    '3) Risk: a write outside the intent',
    '4) What could go wrong',
    '5) Alternatives',
  ].join('\n');
  it.each(['Write', 'Edit', 'Bash'])(
    'shows a held %s call its five-part prompt and how to approve in systemMessage, which Claude Code shows for every tool',
    (tool) => {
      const answer: HookAnswer = {
        kind: 'ask',
        message: prompt,
        humanNote: 'Or: intentgate approve --session s --held approval-1',
        decision,
      };
      expect(body(answer, call(tool))).toEqual({
        systemMessage: `${prompt}\n\nOr: intentgate approve --session s --held approval-1`,
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: prompt,
        },
      });
    },
  );
});
