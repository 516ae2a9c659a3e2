import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionPaths } from '../../src/sessions/sessionFiles';
import { stateSessionsDir } from '../../src/sessions/stateSessionsDir';
import { humanHome } from '../support/approvalCredential';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { cli } from './cliHarness';

// Issue 33, finding 3: anyone who can run the hook can post a SessionEnd. A session bound to the
// approval credential its hook found is ended only by a hook that holds that credential.

const claudeEvent = (root: string, name: string, fields: Record<string, unknown> = {}) => ({
  session_id: 'bound-1',
  transcript_path: '/home/dev/.claude/projects/x/bound-1.jsonl',
  cwd: root,
  permission_mode: 'default',
  hook_event_name: name,
  ...fields,
});

describe("intentgate hook's SessionEnd", () => {
  it('does not end a session bound to a credential when the hook holds none, and ends it when it does', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const human = humanHome();
    const run = (env: NodeJS.ProcessEnv, name: string, fields?: Record<string, unknown>) => cli(['hook', 'claude-code', '--workspace', root], { stdin: JSON.stringify(claudeEvent(root, name, fields)), cwd: root, env });
    await run(human.env, 'UserPromptSubmit', { prompt: 'add login' });
    const file = sessionPaths(stateSessionsDir(path.join(root, '.orchestration'), human.env), 'bound-1').file;
    const notes = () => (JSON.parse(readFileSync(file, 'utf8')) as { notes: { credential?: string; endedAt?: number } }).notes;
    expect(notes().credential).toMatch(/^[0-9a-f]{64}$/);
    // the same folders (so the same session key), but a token file that is not there: no credential
    const without = { ...human.env, INTENTGATE_APPROVAL_TOKEN_FILE: path.join(path.dirname(human.tokenFile), 'no-such-token') };
    await run(without, 'SessionEnd', { reason: 'other' });
    expect(notes().endedAt).toBeUndefined();
    await run(human.env, 'SessionEnd', { reason: 'other' });
    expect(notes().endedAt).toEqual(expect.any(Number));
  });
});
