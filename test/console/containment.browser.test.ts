import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectContainment } from '../../src/containment/bwrapAvailability';
import { makeServiceWorkspace, post, startService, TEST_TOKEN, type RunningService } from '../server/serviceHarness';
import { browserSkipReason, launchBrowser, screenshotOnFailure, type TestBrowser } from './browserHarness';

// A person at the console reads what a session's shell commands may write, read and reach, and
// whether they run contained at all; the page follows the session as its intent and approvals change.

const TIMEOUT_MS = 120_000;
const SESSION = 'contained-1';

describe.skipIf(browserSkipReason() !== undefined)('the console shows a session’s containment', () => {
  let running: RunningService;
  let browser: TestBrowser;
  let page: Page;
  let root: string;
  const section = (): string => `.session[data-session="${SESSION}"] .containment`;
  const shownPaths = (list: string): Promise<string[]> =>
    page
      .locator(`${section()} ${list} li`)
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-path') ?? ''));

  beforeAll(async () => {
    const workspace = makeServiceWorkspace();
    mkdirSync(path.join(workspace, 'src'));
    mkdirSync(path.join(workspace, 'secrets'));
    writeFileSync(path.join(workspace, '.intentignore'), 'secrets/\n');
    root = realpathSync(workspace);
    running = await startService({}, workspace);
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await running?.service.close();
  });

  it(
    'shows whether commands run contained, and a profile with nothing writable but the private /tmp before an intent',
    async () => {
      screenshotOnFailure(page, 'containment-reasoning');
      await page.goto(`${running.url}/`);
      await page.fill('#token', TEST_TOKEN);
      await page.click('#sign-in-form button[type="submit"]');
      await page.locator('#console').waitFor();
      await post(`${running.url}/sessions/${SESSION}/prompt`, { text: 'fix the parser' });
      await page.locator(section()).waitFor();
      const availability = await detectContainment();
      expect(await page.locator(section()).getAttribute('data-runs')).toBe(
        availability.available ? 'contain' : 'analysis_only',
      );
      expect(await page.locator(`${section()} h3`).textContent()).toBe('Shell commands');
      expect(await page.locator(`${section()} .runs`).textContent()).toBe(
        availability.available ? 'Containment on' : 'Containment off: analysis alone',
      );
      expect(await page.locator(`${section()} .containment-summary`).textContent()).toContain(
        availability.available ? 'shell commands run contained by the kernel' : 'decided by analysis alone',
      );
      await expect.poll(() => shownPaths('.containment-writable')).toEqual(['/tmp']);
      expect(await shownPaths('.containment-masked')).toContain(path.join(root, 'secrets'));
      expect(await page.locator(`${section()} .containment-network`).getAttribute('data-open')).toBe('false');
      expect(await page.locator(`${section()} .containment-network`).textContent()).toBe(
        'closed: no network in REASONING',
      );
    },
    TIMEOUT_MS,
  );

  it(
    "follows the session: the intent's scope becomes writable, with its reason",
    async () => {
      screenshotOnFailure(page, 'containment-action');
      const selected = await post(`${running.url}/sessions/${SESSION}/tool-calls`, {
        tool: 'select_active_intent',
        args: { intent_id: 'INT-001' },
      });
      expect(selected.json).toMatchObject({ verdict: 'allow' });
      await expect.poll(() => shownPaths('.containment-writable')).toEqual(['/tmp', path.join(root, 'src')]);
      const scope = page.locator(`${section()} .containment-writable li[data-path="${path.join(root, 'src')}"]`);
      expect(await scope.textContent()).toBe("src — in the active intent's scope (src/**)");
      expect(
        await page
          .locator(`${section()} .containment-masked li[data-path="${path.join(root, 'secrets')}"]`)
          .textContent(),
      ).toBe('secrets');
      expect(await page.locator(`${section()} .containment-read-only`).textContent()).toMatch(/^everything else/);
      expect(await page.locator(`${section()} .containment-network`).textContent()).toContain(
        'closed: NETWORK_RISK is not approved',
      );
    },
    TIMEOUT_MS,
  );

  it(
    'shows the network open once a person approves NETWORK_RISK in the console',
    async () => {
      screenshotOnFailure(page, 'containment-network');
      const card = `.session[data-session="${SESSION}"]`;
      await page.check(`${card} .categories input[value="NETWORK_RISK"]`);
      await page.click(`${card} .approve`);
      await expect.poll(() => page.locator(`${section()} .containment-network`).getAttribute('data-open')).toBe('true');
      expect(await page.locator(`${section()} .containment-network`).textContent()).toBe(
        'open: NETWORK_RISK is approved for the session',
      );
    },
    TIMEOUT_MS,
  );

  it('keeps the page free of errors', () => {
    expect(browser.consoleErrors).toEqual([]);
  });
});
