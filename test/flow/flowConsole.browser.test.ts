import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeServiceWorkspace,
  post,
  request,
  startService,
  TEST_TOKEN,
  type RunningService,
} from '../server/serviceHarness';
import { browserSkipReason, launchBrowser, screenshotOnFailure, type TestBrowser } from '../console/browserHarness';

// The console in chromium shows a session's flow marks, lights the flow region's state, and lets
// a person clear a mark.

const TIMEOUT_MS = 120_000;
const SESSION = 'flow-1';
const ALL = `active_intents:\n  - id: INT-001\n    name: All\n    owned_scope: ["**"]\n`;

describe.skipIf(browserSkipReason() !== undefined)('the flow region in the console, in a browser', () => {
  let running: RunningService;
  let browser: TestBrowser;
  let page: Page;
  const card = `.session[data-session="${SESSION}"]`;
  const call = (tool: string, args: Record<string, unknown>) =>
    post(`${running.url}/sessions/${SESSION}/tool-calls`, { tool, args });

  beforeAll(async () => {
    running = await startService({}, makeServiceWorkspace(ALL));
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await running?.service.close();
  });

  it(
    'shows the call that read .env, lights secretRead beside the lifecycle state, and clears the mark',
    async () => {
      screenshotOnFailure(page, 'flow-region');
      await post(`${running.url}/sessions/${SESSION}/prompt`, { text: 'report' });
      await call('select_active_intent', { intent_id: 'INT-001' });
      await post(
        `${running.url}/approve-session`,
        { session_id: SESSION, categories: ['FS_CONFIG_SECRETS'] },
        TEST_TOKEN,
      );
      await page.goto(`${running.url}/`);
      await page.fill('#token', TEST_TOKEN);
      await page.click('#sign-in-form button[type="submit"]');
      await page.locator(`${card}`).waitFor();
      await expect.poll(() => page.locator(`${card} span.flow`).getAttribute('data-flow')).toBe('clean');
      await call('read_file', { path: '.env' });
      await expect
        .poll(() => page.locator(`${card} span.flow`).textContent(), { timeout: 30_000 })
        .toBe('secretRead: .env (call 2, read_file)');
      await expect
        .poll(() => page.locator(`${card} .ig-substate.lit[data-state^="flow."]`).getAttribute('data-state'), {
          timeout: 30_000,
        })
        .toBe('flow.secretRead');
      // a person clears the mark from the card: the session is clean again
      await page.click(`${card} button.clear-flow[data-kind="secret"]`);
      await expect
        .poll(() => page.locator(`${card} span.flow`).getAttribute('data-flow'), { timeout: 30_000 })
        .toBe('clean');
      expect((await request(`${running.url}/sessions/${SESSION}`)).json).toMatchObject({ flow: { state: 'clean' } });
      expect(browser.consoleErrors).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
