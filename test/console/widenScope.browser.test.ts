import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeServiceWorkspace, post, startService, TEST_TOKEN, type RunningService } from '../server/serviceHarness';
import { browserSkipReason, launchBrowser, screenshotOnFailure, type TestBrowser } from './browserHarness';

// A person at the console widens a session's intent: the form shows exactly the entries it will
// add, the intents file gains them through the session's governor, and the agent's retry of a
// write refused for its scope is allowed.

const TIMEOUT_MS = 120_000;
const SESSION = 'widen-1';
const WRITE_DOCS = { tool: 'write_to_file', args: { path: 'docs/guide.md', content: 'x' } };

describe.skipIf(browserSkipReason() !== undefined)('the console widens an intent’s scope', () => {
  let running: RunningService;
  let browser: TestBrowser;
  let page: Page;
  const card = `.session[data-session="${SESSION}"]`;
  const intents = (): string =>
    readFileSync(path.join(running.workspace, '.orchestration', 'active_intents.yaml'), 'utf8');

  beforeAll(async () => {
    running = await startService({ governor: { safeMode: false } }, makeServiceWorkspace());
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await running?.service.close();
  });

  it(
    'shows no form before an intent, and one naming the entries it will add once an intent is active',
    async () => {
      screenshotOnFailure(page, 'widen-form');
      await page.goto(`${running.url}/`);
      await page.fill('#token', TEST_TOKEN);
      await page.click('#sign-in-form button[type="submit"]');
      await page.locator('#console').waitFor();
      await post(`${running.url}/sessions/${SESSION}/prompt`, { text: 'write the guide' });
      await page.locator(card).waitFor();
      expect(await page.locator(`${card} .widen-scope-form`).isHidden()).toBe(true);
      await post(`${running.url}/sessions/${SESSION}/tool-calls`, {
        tool: 'select_active_intent',
        args: { intent_id: 'INT-001' },
      });
      await page.locator(`${card} .widen-scope-form`).waitFor({ state: 'visible' });
      expect(await page.locator(`${card} .widen-scope`).isDisabled()).toBe(true);
      await page.fill(`${card} .widen-entries`, 'docs/**, scripts/build.sh');
      expect(await page.locator(`${card} .widen-preview`).textContent()).toBe(
        'Adds to INT-001: docs/**, scripts/build.sh',
      );
    },
    TIMEOUT_MS,
  );

  it(
    "widens the scope when clicked: the intents file gains the entries and the agent's retry is allowed",
    async () => {
      screenshotOnFailure(page, 'widen-click');
      const refused = await post(`${running.url}/sessions/${SESSION}/tool-calls`, WRITE_DOCS);
      expect(refused.json).toMatchObject({ code: 'scope_violation' });
      await page.click(`${card} .widen-scope`);
      await expect.poll(() => page.locator(`${card} .scope`).textContent()).toBe('src/**, docs/**, scripts/build.sh');
      expect(intents()).toContain('docs/**');
      expect(intents()).toContain('scripts/build.sh');
      expect(await page.locator(`${card} .widen-entries`).inputValue()).toBe('');
      expect((await post(`${running.url}/sessions/${SESSION}/tool-calls`, WRITE_DOCS)).json).toMatchObject({
        allowed: true,
      });
    },
    TIMEOUT_MS,
  );

  it(
    'says why when the service refuses the entries, and changes nothing',
    async () => {
      screenshotOnFailure(page, 'widen-refused');
      const before = intents();
      await page.fill(`${card} .widen-entries`, '/etc/**');
      await page.click(`${card} .widen-scope`);
      await expect
        .poll(() => page.locator(`${card} .widen-error`).textContent())
        .toContain('relative to the workspace');
      expect(intents()).toBe(before);
    },
    TIMEOUT_MS,
  );

  it('keeps the page free of errors', () => {
    // the refused request is the one the page reports itself
    expect(browser.consoleErrors.filter((line) => !line.includes('409'))).toEqual([]);
  });
});
