import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { stateSessionsDir } from '../../src/sessions/stateSessionsDir';
import { humanHome } from '../support/approvalCredential';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli } from './cliHarness';

// Issue 33, findings 3 and 6: anyone who can run the hook can post a SessionEnd or a PostToolUse.
// A session bound to the approval credential its hook found is ended, and its held call answered
// by a report that it ran, only through a hook that holds that credential.

const claudeEvent = (root: string, name: string, fields: Record<string, unknown> = {}) => ({
  session_id: 'bound-1',
  transcript_path: '/home/dev/.claude/projects/x/bound-1.jsonl',
  cwd: root,
  permission_mode: 'default',
  hook_event_name: name,
  ...fields,
});

describe("intentgate hook's SessionEnd and PostToolUse", () => {
  it('does not end a session bound to a credential when the hook holds none, and ends it when it does', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const human = humanHome();
    const run = (env: NodeJS.ProcessEnv, name: string, fields?: Record<string, unknown>) =>
      cli(['hook', 'claude-code', '--workspace', root], {
        stdin: JSON.stringify(claudeEvent(root, name, fields)),
        cwd: root,
        env,
      });
    await run(human.env, 'UserPromptSubmit', { prompt: 'add login' });
    const file = sessionPaths(stateSessionsDir(path.join(root, '.orchestration'), human.env), 'bound-1').file;
    const notes = () =>
      (JSON.parse(readFileSync(file, 'utf8')) as { notes: { credential?: string; endedAt?: number } }).notes;
    expect(notes().credential).toMatch(/^[0-9a-f]{64}$/);
    // the same folders (so the same session key), but a token file that is not there: no credential
    const without = {
      ...human.env,
      INTENTGATE_APPROVAL_TOKEN_FILE: path.join(path.dirname(human.tokenFile), 'no-such-token'),
    };
    await run(without, 'SessionEnd', { reason: 'other' });
    expect(notes().endedAt).toBeUndefined();
    await run(human.env, 'SessionEnd', { reason: 'other' });
    expect(notes().endedAt).toEqual(expect.any(Number));
  });

  it('answers a held call reported as run only from a hook that holds the credential, naming the approver', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const human = humanHome();
    const run = (env: NodeJS.ProcessEnv, name: string, fields?: Record<string, unknown>) =>
      cli(['hook', 'claude-code', '--workspace', root], {
        stdin: JSON.stringify(claudeEvent(root, name, fields)),
        cwd: root,
        env,
      });
    const write = {
      tool_name: 'Write',
      tool_input: { file_path: path.join(root, 'src', 'auth', 'login.ts'), content: 'x' },
      tool_use_id: 'toolu_w',
    };
    await run(human.env, 'UserPromptSubmit', { prompt: 'add login' });
    await run(human.env, 'PreToolUse', {
      tool_name: 'mcp__intentgate__select_active_intent',
      tool_input: { intent_id: 'INT-001' },
      tool_use_id: 'toolu_s',
    });
    expect((await run(human.env, 'PreToolUse', write)).stdout).toContain('"permissionDecision":"ask"');
    const waiting = async () => (await cli(['approve', '--workspace', root, '--list'], { env: human.env })).stdout;
    expect(await waiting()).toContain('approval-1');
    const without = {
      ...human.env,
      INTENTGATE_APPROVAL_TOKEN_FILE: path.join(path.dirname(human.tokenFile), 'no-such-token'),
    };
    await run(without, 'PostToolUse', { ...write, tool_response: { success: true } });
    expect(await waiting()).toContain('approval-1');
    await run(human.env, 'PostToolUse', { ...write, tool_response: { success: true } });
    expect(await waiting()).not.toContain('approval-1');
    const trace = readFileSync(path.join(root, '.orchestration', 'agent_trace.jsonl'), 'utf8');
    expect(trace).toContain('"approver":"claude-code\'s own prompt"');
  });
});
