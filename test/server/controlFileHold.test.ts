import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { post, request, startService, TEST_TOKEN, type RunningService } from './serviceHarness';

// Over HTTP a held control-file change is in the session view at once, every tool call carries
// it, and the human answers it on the approvals route, with the token the agent does not hold.

const WIDENED = "active_intents:\n  - id: INT-001\n    owned_scope: ['**']\n";
const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.service.close()));
});

/** Session A in ACTION after an allowed write; then the intents file is widened by a route no one saw, and a prompt comes. */
async function heldOverHttp() {
  const service = await startService();
  running.push(service);
  const { url, workspace } = service;
  await post(`${url}/sessions/A/prompt`, { text: 'work on src' });
  await post(`${url}/approve-session`, { session_id: 'A', categories: ['FS_DELETE_OVERWRITE'] }, TEST_TOKEN);
  await post(`${url}/sessions/A/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
  const wrote = await post(`${url}/sessions/A/tool-calls`, {
    tool: 'write_to_file',
    args: { path: 'src/a.ts', content: 'a' },
  });
  expect(wrote.json).toMatchObject({ code: 'destructive_in_scope' });
  writeFileSync(path.join(workspace, '.orchestration', 'active_intents.yaml'), WIDENED);
  const prompted = await post(`${url}/sessions/A/prompt`, { text: 'now the docs' });
  const pending = prompted.json.pending_approval as { code: string; approval: { id: string } } | null;
  return { url, workspace, prompted, id: pending?.approval.id ?? '' };
}

describe('a held control-file change over HTTP', () => {
  it('is the pending approval of the session view, and every tool call carries it', async () => {
    const { url, prompted, id } = await heldOverHttp();
    expect(prompted.json).toMatchObject({
      state: 'REASONING',
      pending_approval: { verdict: 'ask', code: 'control_file_changed' },
    });
    const call = await post(`${url}/sessions/A/tool-calls`, { tool: 'read_file', args: { path: 'docs/x.md' } });
    expect(call.json).toMatchObject({
      verdict: 'ask',
      code: 'control_file_changed',
      approval: { id, prompt: { action: 'Accept a change to .orchestration/active_intents.yaml' } },
    });
  });

  it('is not answered without the token', async () => {
    const { url, id } = await heldOverHttp();
    expect((await post(`${url}/sessions/A/approvals/${id}`, { answer: 'continue' })).status).toBe(401);
    expect((await request(`${url}/sessions/A`)).json).toMatchObject({
      pending_approval: { code: 'control_file_changed' },
    });
  });

  it.each([
    { answer: 'continue', code: 'control_file_accepted', read: 'safe_tool' },
    { answer: 'cancel', code: 'control_file_rejected', read: 'safe_tool' },
  ])("is answered '$answer' on the approvals route with the token", async ({ answer, code, read }) => {
    const { url, id } = await heldOverHttp();
    const answered = await post(`${url}/sessions/A/approvals/${id}`, { answer }, TEST_TOKEN);
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ allowed: false, code });
    expect((await request(`${url}/sessions/A`)).json).toMatchObject({ pending_approval: null });
    expect(
      (await post(`${url}/sessions/A/tool-calls`, { tool: 'read_file', args: { path: 'docs/x.md' } })).json,
    ).toMatchObject({ code: read });
  });
});

describe('the session view', () => {
  it('lists the changes made to the trace file outside the governor', async () => {
    const service = await startService();
    running.push(service);
    const { url, workspace } = service;
    await post(`${url}/sessions/B/prompt`, {});
    await post(`${url}/approve-session`, { session_id: 'B', categories: ['FS_DELETE_OVERWRITE'] }, TEST_TOKEN);
    await post(`${url}/sessions/B/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
    await post(`${url}/sessions/B/tool-calls`, { tool: 'write_to_file', args: { path: 'src/a.ts', content: 'a' } });
    writeFileSync(path.join(workspace, '.orchestration', 'agent_trace.jsonl'), '');
    const next = await post(`${url}/sessions/B/tool-calls`, {
      tool: 'write_to_file',
      args: { path: 'src/b.ts', content: 'b' },
    });
    expect((next.json.reasons as { code: string }[]).map((item) => item.code)).toContain('trace_changed');
    expect((await request(`${url}/sessions/B`)).json).toMatchObject({
      trace_changes: [{ kind: 'truncated', foundBytes: 0 }],
    });
  });
});
