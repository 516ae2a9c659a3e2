import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

/** Debian's chromium: `apt-get install -y chromium` (playwright cannot download browsers here). */
export const CHROMIUM = process.env.INTENTGATE_CHROMIUM ?? '/usr/bin/chromium';

/** Where failure screenshots go (gitignored). */
export const ARTIFACT_DIR = fileURLToPath(new URL('../../test-results/console/', import.meta.url));

/**
 * Why the browser tests cannot run, or undefined when they can. With INTENTGATE_BROWSER=required
 * (CI) a missing browser is an error, not a skip.
 */
export function browserSkipReason(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const reason = `no browser at ${CHROMIUM}: install it with 'apt-get install -y chromium' (or set INTENTGATE_CHROMIUM)`;
  if (process.env.INTENTGATE_BROWSER === 'required') throw new Error(`INTENTGATE_BROWSER=required, but ${reason}`);
  console.warn(`skipping the console's browser tests: ${reason}`);
  return reason;
}

/** A headless chromium with a fresh profile that talks to nothing but what a page asks for. */
export interface TestBrowser {
  readonly context: BrowserContext;
  /** every URL a page of this browser requested */
  readonly requests: string[];
  /** console messages of type error, CSP reports included */
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const profile = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    timeout: 30_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  context.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return {
    context,
    requests,
    consoleErrors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot of `page` when the current test fails, and prints where. */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    mkdirSync(ARTIFACT_DIR, { recursive: true });
    const file = path.join(ARTIFACT_DIR, `${name.replace(/[^A-Za-z0-9_-]+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`screenshot of the failed console test: ${file}`);
  });
}
