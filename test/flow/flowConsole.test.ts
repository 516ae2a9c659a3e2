import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleMachine } from '../../machines/lifecycle';
import { statechartGraph } from '../../src/console/statechartGraph';
import { statechartSvg } from '../../src/console/statechartSvg';
import { makeServiceWorkspace, post, startService, TEST_TOKEN, type RunningService } from '../server/serviceHarness';
import { consoleFetch, errorCode, signIn, type ConsoleLogin } from '../console/consoleHarness';

// The flow region in the console: drawn under the lifecycle, its state lit beside the lifecycle's,
// and a session's marks in the console's session list.

const ALL = `active_intents:\n  - id: INT-001\n    name: All\n    owned_scope: ["**"]\n`;
const graph = statechartGraph(lifecycleMachine.root);

describe('the flow region in the console', () => {
  it('draws the four flow states and their moves', () => {
    expect(graph.regions).toEqual([
      {
        id: 'flow',
        states: ['flow.clean', 'flow.secretRead', 'flow.untrustedRead', 'flow.secretAndUntrusted'],
        initial: 'flow.clean',
        edges: expect.arrayContaining([
          { from: 'flow.clean', to: 'flow.secretRead', events: ['flow.read'] },
          { from: 'flow.secretRead', to: 'flow.clean', events: expect.arrayContaining(['flow.cleared']) },
          { from: 'flow.untrustedRead', to: 'flow.secretAndUntrusted', events: ['flow.read'] },
        ]),
      },
    ]);
    const svg = statechartSvg(graph);
    for (const state of graph.regions[0]!.states) expect(svg).toContain(`data-state="${state}"`);
    expect(svg).toContain('flow: clean → secretRead on flow.read');
  });

  it('lights a lifecycle state and a flow state at once', () => {
    const svg = statechartSvg(graph, ['ACTION.ready', 'flow.secretRead']);
    const lit = [...svg.matchAll(/class="ig-(?:state|substate) lit" data-state="([^"]+)"/g)].map((match) => match[1]);
    expect(lit.sort()).toEqual(['ACTION', 'ACTION.ready', 'flow', 'flow.secretRead']);
  });

  describe('over HTTP', () => {
    let running: RunningService;
    let login: ConsoleLogin;
    beforeAll(async () => {
      running = await startService({}, makeServiceWorkspace(ALL));
      login = await signIn(running.url);
    });
    afterAll(async () => {
      await running.service.close();
    });

    it('lights the flow state asked beside the lifecycle state, and refuses an unknown one', async () => {
      const { url } = running;
      const lit = await consoleFetch(`${url}/console/api/statechart.svg?state=ACTION.ready%20flow.secretRead`, login);
      const text = await lit.text();
      expect(text).toContain('class="ig-substate lit" data-state="flow.secretRead"');
      expect(text).toContain('class="ig-substate lit" data-state="ACTION.ready"');
      const unknown = await consoleFetch(`${url}/console/api/statechart.svg?state=ACTION.ready%20flow.nowhere`, login);
      expect([unknown.status, await errorCode(unknown)]).toEqual([400, 'unknown_state']);
    });

    it("lists a session's flow state and the call that started it", async () => {
      const { url } = running;
      await post(`${url}/sessions/F/prompt`, { text: 'release' });
      await post(`${url}/sessions/F/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
      await post(`${url}/approve-session`, { session_id: 'F', categories: ['FS_CONFIG_SECRETS'] }, TEST_TOKEN);
      await post(`${url}/sessions/F/tool-calls`, { tool: 'read_file', args: { path: '.env' } });
      const listed = await consoleFetch(`${url}/console/api/sessions`, login);
      const { sessions } = (await listed.json()) as { sessions: { session_id: string; flow: unknown }[] };
      expect(sessions.find((session) => session.session_id === 'F')?.flow).toEqual({
        state: 'secretRead',
        secret: { call: 2, tool: 'read_file', what: '.env' },
        untrusted: null,
      });
    });
  });
});
