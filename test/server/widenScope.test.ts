import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorOf, post, request, startService, TEST_TOKEN, type RunningService } from './serviceHarness';

// A person widens the active intent's scope over HTTP with the approval token; the intents file
// changes through the session's governor, and the agent's retry of a refused write is allowed.

const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.service.close()));
});

const WRITE_DOCS = { tool: 'write_to_file', args: { path: 'docs/a.md', content: 'a' } };

/** Session A in ACTION under INT-001 (src/**), safe mode off; its write to docs/ refused. */
async function refusedOutsideScope() {
  const service = await startService({ governor: { safeMode: false } });
  running.push(service);
  const { url } = service;
  await post(`${url}/sessions/A/prompt`, { text: 'work on src' });
  await post(`${url}/sessions/A/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
  expect((await post(`${url}/sessions/A/tool-calls`, WRITE_DOCS)).json).toMatchObject({ code: 'scope_violation' });
  return service;
}

const intentsOf = (workspace: string): string =>
  readFileSync(path.join(workspace, '.orchestration', 'active_intents.yaml'), 'utf8');

describe('POST /sessions/:id/widen-scope', () => {
  it("adds the entries to the active intent's scope in the intents file; the agent's retry is allowed", async () => {
    const { url, workspace } = await refusedOutsideScope();
    const widened = await post(`${url}/sessions/A/widen-scope`, { entries: ['docs/**'] }, TEST_TOKEN);
    expect(widened.status).toBe(200);
    expect(widened.json).toEqual({ session_id: 'A', intent_id: 'INT-001', owned_scope: ['src/**', 'docs/**'] });
    expect(intentsOf(workspace)).toContain('docs/**');
    expect((await post(`${url}/sessions/A/tool-calls`, WRITE_DOCS)).json).toMatchObject({ allowed: true });
    // adopted as the person's edit: no control-file change waits for an answer
    expect((await request(`${url}/sessions/A`)).json).toMatchObject({ pending_approval: null });
  });

  it('widens nothing without the approval token: the agent cannot answer its own refusal', async () => {
    const { url, workspace } = await refusedOutsideScope();
    const before = intentsOf(workspace);
    expect((await post(`${url}/sessions/A/widen-scope`, { entries: ['docs/**'] })).status).toBe(401);
    expect((await post(`${url}/sessions/A/widen-scope`, { entries: ['docs/**'] }, 'wrong-token')).status).toBe(401);
    expect(intentsOf(workspace)).toBe(before);
    expect((await post(`${url}/sessions/A/tool-calls`, WRITE_DOCS)).json).toMatchObject({ code: 'scope_violation' });
  });

  it.each([
    { name: 'an absolute path', body: { entries: ['/etc/**'] }, status: 409, says: 'relative to the workspace' },
    { name: "a step out with '..'", body: { entries: ['../x/**'] }, status: 409, says: "without '..'" },
    { name: 'an unknown intent', body: { intent_id: 'INT-404', entries: ['docs/**'] }, status: 409, says: 'INT-404' },
    { name: 'no entries', body: { entries: [] }, status: 400, says: 'at least one scope glob' },
    { name: 'a field it does not read', body: { entries: ['docs/**'], scope: 'x' }, status: 400, says: 'scope' },
  ])('refuses $name and leaves the intents file as it was', async ({ body, status, says }) => {
    const { url, workspace } = await refusedOutsideScope();
    const before = intentsOf(workspace);
    const refused = await post(`${url}/sessions/A/widen-scope`, body, TEST_TOKEN);
    expect(refused.status).toBe(status);
    expect(String(errorOf(refused).message)).toContain(says);
    expect(intentsOf(workspace)).toBe(before);
  });

  it('refuses a session with no active intent when none is named, and an unknown session', async () => {
    const service = await startService();
    running.push(service);
    await post(`${service.url}/sessions/B/prompt`, { text: 'hello' });
    const none = await post(`${service.url}/sessions/B/widen-scope`, { entries: ['docs/**'] }, TEST_TOKEN);
    expect(none.status).toBe(409);
    expect(String(errorOf(none).message)).toContain('no active intent');
    const unknown = await post(`${service.url}/sessions/nobody/widen-scope`, { entries: ['docs/**'] }, TEST_TOKEN);
    expect(unknown.status).toBe(404);
  });
});
