import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleSessionView, consoleSessionViews } from '../../src/console/consoleSessionViews';
import { clipText, MAX_LABEL_PROMPT, noteSessionAgent, noteSessionPrompt } from '../../src/sessions/sessionLabels';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import { freshNotes } from '../../src/sessions/governorSessions';
import { makeServiceWorkspace, post, startService } from '../server/serviceHarness';
import { consoleFetch, signIn } from './consoleHarness';

const governors: Governor[] = [];
afterEach(() => governors.splice(0).forEach((governor) => governor.stop()));

function inAction(clock: { now: number }, workspaceRoot = makeServiceWorkspace()): Governor {
  const governor = createGovernor({ workspaceRoot, trace: () => undefined, now: () => clock.now });
  governors.push(governor);
  governor.userPrompt('x');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  return governor;
}

describe("a session's label", () => {
  it('names the agent, the workspace folder and the first prompt, clipped, and keeps the first prompt only', async () => {
    const clock = { now: Date.now() };
    const workspace = makeServiceWorkspace();
    const governor = inAction(clock, workspace);
    expect(consoleSessionView(governor).label).toEqual({
      agent: null,
      via_hook: false,
      workspace: null,
      workspace_path: null,
      first_prompt: null,
    });
    noteSessionPrompt(governor, '   ');
    noteSessionPrompt(governor, `fix   the\nlogin ${'x'.repeat(300)}`);
    noteSessionPrompt(governor, 'a later prompt');
    noteSessionAgent(governor, 'claude-code');
    const [view] = await consoleSessionViews({ list: async (make) => [make(governor, freshNotes())] }, undefined, {
      workspaceRoot: workspace,
    });
    expect(view?.label).toMatchObject({
      agent: 'claude-code',
      via_hook: true,
      workspace: path.basename(workspace),
      workspace_path: workspace,
    });
    expect(view?.label.first_prompt).toHaveLength(MAX_LABEL_PROMPT);
    expect(view?.label.first_prompt?.startsWith('fix the login xxx')).toBe(true);
    expect(view?.label.first_prompt?.endsWith('…')).toBe(true);
    expect(clipText('short', 10)).toBe('short');
  });
});

describe('the first prompt through the service', () => {
  it('labels a session started by POST /sessions/:id/prompt with that prompt, and not a later one', async () => {
    const running = await startService();
    try {
      await post(`${running.url}/sessions/s-label/prompt`, { text: 'rename the login form' });
      await post(`${running.url}/sessions/s-label/prompt`, { text: 'and its tests' });
      const login = await signIn(running.url);
      const body = (await (await consoleFetch(`${running.url}/console/api/sessions`, login)).json()) as {
        sessions: { session_id: string; label: unknown }[];
      };
      expect(body.sessions.find((session) => session.session_id === 's-label')?.label).toEqual({
        agent: null,
        via_hook: false,
        workspace: path.basename(running.workspace),
        workspace_path: running.workspace,
        first_prompt: 'rename the login form',
      });
    } finally {
      await running.service.close();
    }
  });
});
