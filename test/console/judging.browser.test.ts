import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, request, startService, TEST_TOKEN, type RunningService } from '../server/serviceHarness';
import { browserSkipReason, launchBrowser, screenshotOnFailure, type TestBrowser } from './browserHarness';

// A person judging held calls in chromium: what a write or a command would do is on the card as
// text, the session is named by its workspace, intent and first prompt, and calls past their
// time are greyed and cleared with one button.

const TIMEOUT_MS = 120_000;
const SESSION = 'judge-1';
const PROMPT = 'add a parser for the config files';
// the console reads a held call's time by the real clock; the governor's clock is set back to hold one "20 minutes ago"
const LATE_MS = 20 * 60 * 1000;

describe.skipIf(browserSkipReason() !== undefined)('judging held calls in the console', () => {
  let running: RunningService;
  let browser: TestBrowser;
  let page: Page;
  const clock = { behindMs: 0 };
  const card = `.session[data-session="${SESSION}"]`;
  const callTool = (tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> =>
    post(`${running.url}/sessions/${SESSION}/tool-calls`, { tool, args }).then((reply) => reply.json);
  const approvalId = (decision: Record<string, unknown>): string => (decision.approval as { id: string }).id;
  const held = (id: string): string => `${card} .held[data-approval="${id}"]`;

  beforeAll(async () => {
    running = await startService({ governor: { now: () => Date.now() - clock.behindMs } });
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto(`${running.url}/`);
    await page.fill('#token', TEST_TOKEN);
    await page.click('#sign-in-form button[type="submit"]');
    await page.locator('#console').waitFor();
    await post(`${running.url}/sessions/${SESSION}/prompt`, { text: PROMPT });
    expect(await callTool('select_active_intent', { intent_id: 'INT-001' })).toMatchObject({ verdict: 'allow' });
  }, TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await running?.service.close();
  });

  it(
    "shows a held write's path and content as text, clipped with Show all",
    async () => {
      screenshotOnFailure(page, 'judging-write');
      const lines = Array.from({ length: 40 }, (_, index) => `line ${index + 1}`);
      const content = ['<img src=x onerror="document.title=\'owned\'">', ...lines].join('\n');
      const id = approvalId(await callTool('write_to_file', { path: 'src/parser.ts', content }));
      const section = page.locator(`${held(id)} .content`);
      await section.waitFor();
      expect(await section.getAttribute('data-content')).toBe('write');
      expect(await section.locator('.content-kind').textContent()).toBe('Writes');
      expect(await section.locator('.content-path').textContent()).toBe('src/parser.ts');
      const text = section.locator('.content-text');
      expect(await text.textContent()).toContain('<img src=x onerror=');
      expect(await text.textContent()).toContain('line 23');
      expect(await text.textContent()).not.toContain('line 40');
      // the content is text: no element was made of it
      expect(await page.locator(`${held(id)} img`).count()).toBe(0);
      await section.locator('.show-all').click();
      expect(await text.textContent()).toBe(content);
      expect(await section.locator('.show-all').textContent()).toBe('Show less');
      expect(await page.title()).not.toBe('owned');
    },
    TIMEOUT_MS,
  );

  it(
    'shows an edit as before and after, and a command in a monospace block',
    async () => {
      screenshotOnFailure(page, 'judging-edit-command');
      const edit = await callTool('search_and_replace', {
        path: 'src/config.ts',
        search: 'const port = 80;',
        replace: 'const port = 8080;',
      });
      expect(edit).toMatchObject({ verdict: 'ask' });
      const section = page.locator(`${held(approvalId(edit))} .content`);
      await section.waitFor();
      expect(await section.locator('.content-kind').textContent()).toBe('Edits');
      expect(await section.locator('.content-old').textContent()).toBe('const port = 80;');
      expect(await section.locator('.content-new').textContent()).toBe('const port = 8080;');
      const command = await callTool('execute_command', { command: 'npm install left-pad' });
      const shell = page.locator(`${held(approvalId(command))} .content`);
      await shell.waitFor();
      expect(await shell.locator('.content-kind').textContent()).toBe('Runs');
      expect(await shell.locator('pre.content-command').textContent()).toBe('npm install left-pad');
      expect(
        await shell
          .locator('pre.content-command')
          .evaluate(
            (node) =>
              (
                globalThis as unknown as { getComputedStyle(element: unknown): { fontFamily: string } }
              ).getComputedStyle(node).fontFamily,
          ),
      ).toMatch(/mono/i);
    },
    TIMEOUT_MS,
  );

  it(
    'labels the session by its workspace, intent and first prompt, with the id kept small',
    async () => {
      screenshotOnFailure(page, 'judging-label');
      await expect
        .poll(() => page.textContent(`${card} .session-title`))
        .toBe(`${path.basename(running.workspace)} · INT-001 — Server tests`);
      expect(await page.textContent(`${card} .session-prompt`)).toBe(`“${PROMPT}”`);
      expect(await page.textContent(`${card} .session-id`)).toBe(SESSION);
    },
    TIMEOUT_MS,
  );

  it(
    'greys a held call past its time, counts it, and cancels every held call with one button',
    async () => {
      screenshotOnFailure(page, 'judging-expired');
      await expect.poll(() => page.textContent(`${card} .queue-count`)).toBe('3 waiting');
      clock.behindMs = LATE_MS;
      const late = approvalId(await callTool('write_to_file', { path: 'src/late.ts', content: 'late' }));
      clock.behindMs = 0;
      await expect.poll(() => page.locator(held(late)).getAttribute('data-expired')).toBe('true');
      expect(await page.locator(`${held(late)} .expired-note`).textContent()).toBe(
        'Expired — the agent must ask again',
      );
      expect(await page.locator(`${held(late)} button[data-action="continue"]`).isDisabled()).toBe(true);
      expect(await page.locator(`${card} .held[data-expired="false"]`).count()).toBe(3);
      expect(await page.textContent(`${card} .queue-count`)).toBe('4 waiting, 1 expired');
      await page.click(`${card} .cancel-all`);
      await expect.poll(() => page.locator(`${card} .held`).count()).toBe(0);
      expect((await request(`${running.url}/sessions/${SESSION}`)).json).toMatchObject({
        held_calls: [],
        pending_approval: null,
      });
      expect(await page.locator(`${card} .queue-bar`).isHidden()).toBe(true);
      expect(await page.textContent(`${card} .cancel-all-error`)).toBe('');
    },
    TIMEOUT_MS,
  );
});
