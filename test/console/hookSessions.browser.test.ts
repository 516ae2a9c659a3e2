import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/cliHarness';
import { startServe, type InProcessServe } from '../server/inProcessServe';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { browserSkipReason, launchBrowser, screenshotOnFailure, type TestBrowser } from './browserHarness';

// A person at the console of `intentgate serve --workspace` sees a session the workspace's
// command hooks keep in their files appear, with its held call, and answers it there.

const TIMEOUT_MS = 180_000;
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const MAIN = path.join(REPO_ROOT, 'src', 'cli', 'main.ts');
const TOKEN = 'hook-sessions-browser-token-0123456789';
const SESSION = 'browser-hook-1';

describe.skipIf(browserSkipReason() !== undefined)("the console shows a command hook's session", () => {
  let root = '';
  let env: NodeJS.ProcessEnv = {};
  let serve: InProcessServe;
  let browser: TestBrowser;
  let page: Page;
  const card = `.session[data-session="${SESSION}"]`;

  /** One Claude Code event through a real `intentgate hook claude-code` process; its permission decision. */
  const hook = (name: string, fields: Record<string, unknown>): Promise<string> => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, 'hook', 'claude-code', '--workspace', root], {
      cwd: root,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stdin.end(
      JSON.stringify({
        session_id: SESSION,
        transcript_path: `/home/dev/.claude/projects/x/${SESSION}.jsonl`,
        cwd: root,
        permission_mode: 'default',
        hook_event_name: name,
        ...fields,
      }),
    );
    // a backstop: a hook that hangs is killed
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    return new Promise((resolve) =>
      child.on('exit', () => {
        clearTimeout(killer);
        // no answer lets the call run, as Claude Code reads it
        if (stdout.trim() === '') return resolve('allow');
        const output = JSON.parse(stdout) as { hookSpecificOutput?: { permissionDecision?: string } };
        resolve(output.hookSpecificOutput?.permissionDecision ?? stdout);
      }),
    );
  };
  const write = (id: string) =>
    hook('PreToolUse', {
      tool_name: 'Write',
      tool_input: { file_path: path.join(root, 'src/auth/login.ts'), content: 'x' },
      tool_use_id: id,
    });

  beforeAll(async () => {
    root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const home = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'hook-browser-home-'));
    env = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' };
    serve = await startServe(['--workspace', root, '--port', '0', '--host', '127.0.0.1', '--quiet'], root, {
      ...env,
      INTENTGATE_APPROVAL_TOKEN: TOKEN,
    });
    browser = await launchBrowser();
    page = await browser.context.newPage();
  }, TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    expect(await serve?.stop()).toBe(0);
  });

  it(
    'shows the session a hook holds a call in, labelled, and its Continue lets the hook retry once',
    async () => {
      screenshotOnFailure(page, 'hook-session');
      await page.goto(`${serve.url}/`);
      await page.fill('#token', TOKEN);
      await page.click('#sign-in-form button[type="submit"]');
      await page.locator('#console').waitFor();
      // the page is open before the session exists: it appears without a reload
      await hook('UserPromptSubmit', { prompt: 'add login' });
      await hook('PreToolUse', {
        tool_name: 'mcp__intentgate__select_active_intent',
        tool_input: { intent_id: 'INT-001' },
        tool_use_id: 'toolu_0',
      });
      expect(await write('toolu_1')).toBe('ask');
      await page.locator(`${card} .held button[data-action="continue"]`).waitFor({ timeout: 60_000 });
      expect(await page.locator(`${card} .session-prompt`).textContent()).toBe('“add login”');
      expect(await page.locator(`${card} .session-title`).textContent()).toContain('claude-code');
      await page.click(`${card} .held button[data-action="continue"]`);
      await expect.poll(() => page.locator(`${card} .held`).count(), { timeout: 60_000 }).toBe(0);
      expect(await write('toolu_2')).toBe('allow');
    },
    TIMEOUT_MS,
  );
});
