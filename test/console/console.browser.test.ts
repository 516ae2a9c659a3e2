import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/runCli';
import { CONSOLE_CSP } from '../../src/console/consoleHeaders';
import { memoryIo } from '../cli/cliHarness';
import {
  makeServiceWorkspace,
  post,
  request,
  startService,
  TEST_TOKEN,
  type RunningService,
} from '../server/serviceHarness';
import { browserSkipReason, launchBrowser, screenshotOnFailure, type TestBrowser } from './browserHarness';

// A person at the console and an agent over HTTP, for real: chromium drives the page while the
// test plays the agent, and every answer is checked in the service's own session view.

const TIMEOUT_MS = 120_000;
const SESSION = 'agent-1';

describe.skipIf(browserSkipReason() !== undefined)('the approval console in a browser', () => {
  let running: RunningService;
  let browser: TestBrowser;
  let page: Page;
  const card = (): string => `.session[data-session="${SESSION}"]`;
  const sessionView = async (): Promise<Record<string, unknown>> =>
    (await request(`${running.url}/sessions/${SESSION}`)).json;
  const callTool = (tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> =>
    post(`${running.url}/sessions/${SESSION}/tool-calls`, { tool, args }).then((reply) => reply.json);
  const signInWithToken = async (token: string): Promise<void> => {
    await page.fill('#token', token);
    await page.click('#sign-in-form button[type="submit"]');
  };

  beforeAll(async () => {
    running = await startService();
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await running?.service.close();
  });

  it(
    'serves the page under its CSP and signs in with the token form, keeping the token out of the address and the cookie out of scripts',
    async () => {
      screenshotOnFailure(page, 'sign-in-with-token');
      const response = await page.goto(`${running.url}/`);
      expect(response?.headers()['content-security-policy']).toBe(CONSOLE_CSP);
      await page.locator('#sign-in').waitFor();
      await signInWithToken('wrong-token-0123456789');
      await expect.poll(() => page.textContent('#sign-in-error')).toContain('the approval token is wrong');
      await signInWithToken(TEST_TOKEN);
      await page.locator('#console').waitFor();
      expect(page.url()).toBe(`${running.url}/`);
      expect(await page.inputValue('#token')).toBe('');
      expect(await page.evaluate('document.cookie')).toBe('');
      const [cookie] = await browser.context.cookies();
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false, path: '/' });
      await expect.poll(() => page.textContent('#status')).toBe('live');
    },
    TIMEOUT_MS,
  );

  it(
    'shows a held call the moment the agent makes it, with its five parts and its state lit, without a reload',
    async () => {
      screenshotOnFailure(page, 'held-call-arrives');
      let navigations = 0;
      const count = (): void => void (navigations += 1);
      page.on('framenavigated', count);
      await post(`${running.url}/sessions/${SESSION}/prompt`, { text: 'install the parser' });
      expect(await callTool('select_active_intent', { intent_id: 'INT-001' })).toMatchObject({ verdict: 'allow' });
      expect(await callTool('execute_command', { command: 'npm install left-pad' })).toMatchObject({
        verdict: 'ask',
        code: 'needs_approval',
      });
      const held = page.locator(`${card()} .held`);
      await held.waitFor({ timeout: 10_000 });
      page.off('framenavigated', count);
      expect(navigations).toBe(0);
      await expect.poll(() => page.title()).toBe('(1) intentgate');
      expect(await held.locator('[data-heading]').allTextContents()).toEqual([
        'What I want to do',
        'Why',
        'Risk',
        'What will change',
      ]);
      expect(await held.locator('.action').textContent()).toContain('npm install left-pad');
      expect(await held.locator('.why').textContent()).toContain('INT-001');
      expect(await held.locator('.risk').textContent()).toContain("Will change the project's dependencies");
      expect(await held.locator('.changes li').count()).toBeGreaterThan(0);
      expect(
        await held.locator('button[data-action]').evaluateAll((buttons) => buttons.map((button) => button.textContent)),
      ).toEqual(['Continue', 'Cancel', 'Show details', 'Edit']);
      await expect
        .poll(() => page.locator(`${card()} .ig-substate.lit:not([data-state^="flow."])`).getAttribute('data-state'))
        .toBe('ACTION.awaitingApproval');
      await held.locator('button[data-action="details"]').click();
      expect(await held.locator('.details dt').allTextContents()).toEqual(
        expect.arrayContaining([expect.stringContaining('DEPS_INSTALL_UPDATE')]),
      );
    },
    TIMEOUT_MS,
  );

  it(
    'runs the call when Continue is pressed',
    async () => {
      screenshotOnFailure(page, 'continue');
      await page.click(`${card()} .held button[data-action="continue"]`);
      await expect
        .poll(() => page.locator(`${card()} .last-decision output`).getAttribute('data-code'))
        .toBe('approved_once');
      await page.locator(`${card()} .held`).waitFor({ state: 'detached' });
      expect(await sessionView()).toMatchObject({ state: 'ACTION', pending_approval: null });
      await expect.poll(() => page.title()).toBe('intentgate');
      await expect
        .poll(() => page.locator(`${card()} .ig-substate.lit:not([data-state^="flow."])`).getAttribute('data-state'))
        .toBe('ACTION.ready');
    },
    TIMEOUT_MS,
  );

  it(
    'decides an edited call again: the new arguments, not the held ones',
    async () => {
      screenshotOnFailure(page, 'edit');
      const original = { path: 'src/config/secret.env', content: 'TOKEN=x' };
      expect(await callTool('write_to_file', original)).toMatchObject({ verdict: 'ask' });
      const held = page.locator(`${card()} .held`);
      await held.waitFor();
      await held.locator('button[data-action="edit"]').click();
      expect(JSON.parse(await held.locator('.edit-args').inputValue())).toEqual(original);
      await held.locator('.edit-args').fill('{ not json');
      await held.locator('.decide-again').click();
      await expect
        .poll(() => held.locator('.edit-form .error').textContent())
        .toBe('The arguments must be a JSON object.');
      // outside the intent's owned_scope (src/**): decided again, the call is refused
      await held.locator('.edit-args').fill(JSON.stringify({ ...original, path: 'docs/notes.md' }));
      await held.locator('.decide-again').click();
      await expect
        .poll(() => page.locator(`${card()} .last-decision output`).getAttribute('data-code'))
        .toBe('scope_violation');
      expect(await page.locator(`${card()} .last-decision output`).getAttribute('data-verdict')).toBe('deny');
      await held.waitFor({ state: 'detached' });
      expect(await sessionView()).toMatchObject({ pending_approval: null });
    },
    TIMEOUT_MS,
  );

  it(
    'shows several held calls as a queue, oldest first, and answers one without touching the other',
    async () => {
      screenshotOnFailure(page, 'queue');
      const first = await callTool('write_to_file', { path: 'src/first.ts', content: '1' });
      const second = await callTool('write_to_file', { path: 'src/second.ts', content: '2' });
      const ids = [first, second].map((decision) => (decision.approval as { id: string }).id);
      const cards = page.locator(`${card()} .held`);
      await expect
        .poll(() => cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-approval'))))
        .toEqual(ids);
      await expect.poll(() => page.title()).toBe('(2) intentgate');
      await page.click(`${card()} .held[data-approval="${ids[1]}"] button[data-action="cancel"]`);
      await expect
        .poll(() => page.locator(`${card()} .last-decision output`).getAttribute('data-code'))
        .toBe('approval_cancelled');
      await expect
        .poll(() => cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-approval'))))
        .toEqual([ids[0]]);
      expect(
        ((await sessionView()).held_calls as { approval: { id: string } }[]).map((decision) => decision.approval.id),
      ).toEqual([ids[0]]);
      await page.click(`${card()} .held[data-approval="${ids[0]}"] button[data-action="cancel"]`);
      await page.locator(`${card()} .held`).waitFor({ state: 'detached' });
      expect(await sessionView()).toMatchObject({ held_calls: [], pending_approval: null });
    },
    TIMEOUT_MS,
  );

  it(
    "gives a held call's suggested grant with 'Allow calls like it', lists it, and revokes it",
    async () => {
      screenshotOnFailure(page, 'grants');
      const held = await callTool('execute_command', { command: 'npm test -- --run' });
      const id = (held.approval as { id: string }).id;
      const offer = page.locator(`${card()} .held[data-approval="${id}"] .grant-offer`);
      await offer.waitFor();
      expect(await offer.locator('.grant-text').textContent()).toContain("'npm test'");
      await offer.locator('.allow-like-this').click();
      await page.locator(`${card()} .held[data-approval="${id}"]`).waitFor({ state: 'detached' });
      const grants = page.locator(`${card()} .grants .grant`);
      await expect.poll(() => grants.count()).toBe(1);
      expect(await grants.first().textContent()).toContain('npm test');
      const listed = (await request(`${running.url}/sessions/${SESSION}/grants`)).json.grants as {
        id: string;
        commands: string[];
      }[];
      expect(listed).toEqual([expect.objectContaining({ commands: ['npm test'], until: 'intent' })]);
      expect(await callTool('execute_command', { command: 'npm test' })).toMatchObject({ verdict: 'allow' });
      await grants.first().locator('button.revoke').click();
      await expect.poll(() => grants.count()).toBe(0);
      expect((await request(`${running.url}/sessions/${SESSION}/grants`)).json).toMatchObject({ grants: [] });
      expect(await callTool('execute_command', { command: 'npm test' })).toMatchObject({ verdict: 'ask' });
      const again = (await sessionView()).held_calls as { approval: { id: string } }[];
      for (const call of again)
        await post(
          `${running.url}/sessions/${SESSION}/approvals/${call.approval.id}`,
          { answer: 'cancel' },
          TEST_TOKEN,
        );
    },
    TIMEOUT_MS,
  );

  it(
    'approves the ticked categories for the session, which releases the held call',
    async () => {
      screenshotOnFailure(page, 'approve-categories');
      const decision = await callTool('execute_command', { command: 'npm install left-pad' });
      const categories = (decision.approval as { categories: string[] }).categories;
      expect(categories.length).toBeGreaterThan(0);
      await page.locator(`${card()} .held`).waitFor();
      for (const category of categories) await page.check(`${card()} .categories input[value="${category}"]`);
      await page.click(`${card()} .approve-form button[type="submit"]`);
      await expect.poll(async () => (await sessionView()).approved_categories).toEqual(categories);
      await page.locator(`${card()} .held`).waitFor({ state: 'detached' });
      for (const category of categories)
        expect(await page.isDisabled(`${card()} .categories input[value="${category}"]`)).toBe(true);
      expect(await page.textContent(`${card()} .approved`)).toBe(categories.join(', '));
    },
    TIMEOUT_MS,
  );

  it(
    'speaks Russian when asked, and remembers the choice',
    async () => {
      screenshotOnFailure(page, 'language');
      await page.selectOption('#language', 'ru');
      expect(await page.textContent(`${card()} h3`)).toBe('Ждут вашего ответа');
      await expect.poll(() => page.textContent(`${card()} .safe-mode`)).toBe('вкл.');
      expect(await page.getAttribute('html', 'lang')).toBe('ru');
      await page.reload();
      await page.locator('#console').waitFor();
      expect(await page.textContent('#sign-out')).toBe('Выйти');
      await page.selectOption('#language', 'en');
      expect(await page.textContent('#sign-out')).toBe('Sign out');
    },
    TIMEOUT_MS,
  );

  it(
    'signs out, after which the API refuses the browser (401)',
    async () => {
      screenshotOnFailure(page, 'sign-out');
      await page.click('#sign-out');
      await page.locator('#sign-in').waitFor();
      expect(await page.evaluate(() => fetch('console/api/sessions').then((response) => response.status))).toBe(401);
      expect(await browser.context.cookies()).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'signs in once with a one-time link, whose code leaves the address bar at once',
    async () => {
      screenshotOnFailure(page, 'one-time-link');
      const link = `${new URL(running.url).origin}${running.service.console.signInPath()}`;
      await page.goto(link);
      await page.locator('#console').waitFor();
      expect(page.url()).toBe(`${running.url}/`);
      await page.click('#sign-out');
      await page.locator('#sign-in').waitFor();
      await page.goto(link);
      await expect.poll(() => page.textContent('#sign-in-error')).toContain('used up or expired');
      expect(page.url()).toBe(`${running.url}/`);
    },
    TIMEOUT_MS,
  );

  it(
    'signs in with the link `intentgate serve` prints',
    async () => {
      screenshotOnFailure(page, 'printed-link');
      const stop = new AbortController();
      const io = memoryIo({ cwd: makeServiceWorkspace(), stop: stop.signal, env: {} });
      const exited = runCli(['serve', '--port', '0'], io);
      try {
        await expect
          .poll(() => /^console: (\S+)/m.exec(io.stdout.text)?.[1], { timeout: 10_000 })
          .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#sign-in=[A-Za-z0-9_-]{32}$/);
        const link = /^console: (\S+)/m.exec(io.stdout.text)?.[1] ?? '';
        await page.goto(link);
        await page.locator('#console').waitFor();
        expect(await page.evaluate(() => fetch('console/api/sessions').then((response) => response.status))).toBe(200);
      } finally {
        stop.abort('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
    TIMEOUT_MS,
  );

  it('asked nothing of any host but the service, and broke no CSP rule', () => {
    const hosts = new Set(browser.requests.map((url) => new URL(url).hostname));
    expect([...hosts]).toEqual(['127.0.0.1']);
    expect(browser.consoleErrors.filter((text) => /Content.Security.Policy|Refused to/i.test(text))).toEqual([]);
  });
});
