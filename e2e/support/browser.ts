import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { baseUrl } from './run.ts';

export const ARTIFACTS = path.resolve('e2e/artifacts');

// Debian's Chromium, headless, with nothing that reaches out to the network.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS });
}

/**
 * One browser for an e2e file: launched before its tests (and before the hooks the file registers
 * after this call), closed after them. Read `browser` inside tests and hooks.
 */
export function sharedBrowser(): { readonly browser: Browser } {
  let held: Browser | undefined;
  beforeAll(async () => {
    held = await launch();
  }, 60_000);
  afterAll(async () => {
    await held?.close();
  });
  return {
    get browser() {
      if (!held) throw new Error('The browser is launched in beforeAll');
      return held;
    },
  };
}

/**
 * A browser and a scratch folder for one e2e file: launched and made before its tests, closed and
 * removed after them. Read `browser` and `dir` inside tests and hooks (they exist from then on).
 */
export function browserAndScratchDir(prefix: string): { readonly browser: Browser; readonly dir: string } {
  const shared = sharedBrowser();
  let held: string | undefined;
  beforeAll(() => {
    held = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (held) rmSync(held, { recursive: true, force: true });
  });
  return {
    get browser() {
      return shared.browser;
    },
    get dir() {
      if (!held) throw new Error('The scratch folder is made in beforeAll');
      return held;
    },
  };
}

export async function newPage(
  browser: Browser,
  options: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'en-GB',
    viewport: { width: 1280, height: 800 },
    // As a user who asked for less motion (global.css): an endless animation (a striped progress
    // bar, a loader) repaints every frame, a fifth of a processor each without a GPU, and a test
    // waiting on an analysis watched one for minutes while the niced analysis waited for processors.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the fixed header mid-page.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Every Content Security Policy violation the page reports from now on: Chromium logs each one
 * ("Refused to … because it violates the following Content Security Policy directive"), and the
 * document's securitypolicyviolation events are logged too, so none goes unseen.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) found.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return found;
}
