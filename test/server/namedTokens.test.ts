import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTrace } from '../../src/index';
import { consoleFetch, signIn } from '../console/consoleHarness';
import { errorOf, post, startService, TEST_TOKEN, type RunningService } from './serviceHarness';

const ALICE = 'alice-approval-token-0123456789';
const BOB = 'bob-approval-token-0123456789ab';

const trace = path.join(
  mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'named-tokens-')),
  'agent_trace.jsonl',
);
let running: RunningService;

beforeAll(async () => {
  running = await startService({
    approvalTokens: [
      { name: 'alice', token: ALICE },
      { name: 'bob', token: BOB },
    ],
    governor: { trace },
  });
});
afterAll(() => running.service.close());

/** A write held in session S1, by its approval id. */
async function heldWrite(file: string): Promise<string> {
  const reply = await post(`${running.url}/sessions/S1/tool-calls`, {
    tool: 'write_to_file',
    args: { path: `src/${file}`, content: file },
  });
  expect(reply.json).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
  return (reply.json.approval as { id: string }).id;
}

describe('named approval tokens over HTTP', () => {
  it('keeps the name of the token a grant was given with, and names it in every call the grant approves', async () => {
    const { url } = running;
    await post(`${url}/sessions/S2/prompt`, { text: 'work' });
    await post(`${url}/sessions/S2/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
    const given = await post(
      `${url}/approve-session`,
      { session_id: 'S2', categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
      ALICE,
    );
    expect(given.json.grant).toMatchObject({ given_by: 'alice', commands: ['npm test'] });
    const decision = await post(`${url}/sessions/S2/tool-calls`, {
      tool: 'execute_command',
      args: { command: 'npm test' },
    });
    expect(decision.json.reasons).toContainEqual(
      expect.objectContaining({ code: 'approved_by_grant', message: expect.stringContaining('given by alice') }),
    );
    const record = readTrace(trace).records.at(-1);
    expect(record?.reasons).toContainEqual(
      expect.objectContaining({ code: 'approved_by_grant', grant: (given.json.grant as { id: string }).id }),
    );
  });

  it('traces each approval with the name of the token it came with, and refuses a wrong token', async () => {
    const { url } = running;
    expect(running.service.approvalTokenNames).toEqual(['default', 'alice', 'bob']);
    await post(`${url}/sessions/S1/prompt`, { text: 'work' });
    expect(
      (await post(`${url}/sessions/S1/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } }))
        .json,
    ).toMatchObject({ code: 'intent_selected' });

    const first = await heldWrite('a.ts');
    expect((await post(`${url}/sessions/S1/approvals/${first}`, { answer: 'continue' }, ALICE)).json).toMatchObject({
      verdict: 'allow',
      code: 'approved_once',
    });
    const second = await heldWrite('b.ts');
    expect((await post(`${url}/sessions/S1/approvals/${second}`, { answer: 'cancel' }, BOB)).json).toMatchObject({
      verdict: 'deny',
      code: 'approval_cancelled',
    });

    const third = await heldWrite('c.ts');
    const wrong = await post(`${url}/sessions/S1/approvals/${third}`, { answer: 'continue' }, `${ALICE}x`);
    expect([wrong.status, errorOf(wrong).code]).toEqual([401, 'unauthorized']);
    expect(
      (await post(`${url}/sessions/S1/approvals/${third}`, { answer: 'continue' }, TEST_TOKEN)).json,
    ).toMatchObject({ code: 'approved_once' });

    const fourth = await heldWrite('d.ts');
    const console = await signIn(url, { token: BOB });
    const answered = await consoleFetch(`${url}/sessions/S1/approvals/${fourth}`, console, {
      body: { answer: 'continue' },
    });
    expect(answered.status).toBe(200);

    expect(
      (await post(`${url}/approve-session`, { session_id: 'S1', categories: ['EXEC_ARBITRARY'] }, ALICE)).status,
    ).toBe(200);
    expect(
      (await post(`${url}/sessions/S1/tool-calls`, { tool: 'execute_command', args: { command: 'make build' } })).json,
    ).toMatchObject({ verdict: 'allow' });

    const records = readTrace(trace).records;
    expect(
      records
        .filter((record) => record.answer !== undefined)
        .map((record) => [record.approval_id, record.answer, record.approver]),
    ).toEqual([
      [first, 'continue', 'alice'],
      [second, 'cancel', 'bob'],
      [third, 'continue', 'default'],
      [fourth, 'continue', 'bob'],
    ]);
    expect(records.at(-1)).toMatchObject({
      tool: 'execute_command',
      verdict: 'allow',
      approver: 'alice',
      approved_categories: ['EXEC_ARBITRARY'],
    });
  });

  it('refuses a wrong token on the session approval route and approves nothing', async () => {
    const { url } = running;
    await post(`${url}/sessions/S2/prompt`, {});
    const wrong = await post(
      `${url}/approve-session`,
      { session_id: 'S2', categories: ['EXEC_ARBITRARY'] },
      'not-a-token-of-this-service',
    );
    expect([wrong.status, errorOf(wrong).code]).toEqual([401, 'unauthorized']);
    expect(running.service.sessions.get('S2')?.approvedCategories).toEqual([]);
  });

  it('signs the console in with a named token, and not with a wrong one', async () => {
    await expect(signIn(running.url, { token: 'alice-approval-token-wrong' })).rejects.toThrow(/sign-in failed: 401/);
    await expect(signIn(running.url, { token: ALICE })).resolves.toMatchObject({ csrf: expect.any(String) });
  });
});
