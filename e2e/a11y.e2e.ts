import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launch, newPage } from './support/browser.ts';
import { cookieHeader, makeShortClip, tusUpload, waitForTranscoding } from './support/media.ts';
import { DEMO_PASSWORD } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser.close());

// WCAG 2.2 AA (issue 11 §6): every screen of the app, signed out and signed in, in English and in
// Nynorsk, has no serious or critical axe-core finding. The other e2e files check the screens and
// states they reach the same way (support/axe.ts).
const LANGUAGES = ['en', 'nn'].map((language) => ({
  locale: language === 'en' ? 'en-GB' : 'nn-NO',
  heading: text(language, 'search', 'title'),
  lookForCompany: text(language, 'auth', 'signIn.lookForCompany'),
  upload: text(language, 'upload', 'open'),
}));

/** A string of the web app's locale files. */
function text(language: string, namespace: string, key: string): string {
  const file = path.resolve(`apps/web/public/locales/${language}/${namespace}.json`);
  const value = key
    .split('.')
    .reduce<unknown>(
      (at, part) => (at as Record<string, unknown>)[part],
      JSON.parse(readFileSync(file, 'utf8')),
    );
  if (typeof value !== 'string') throw new Error(`${language}/${namespace}.json has no ${key}`);
  return value;
}

const PUBLIC_SCREENS = ['/login', '/public/forgot-password', '/sign-in-code'];
const SIGNED_IN_SCREENS = [
  '/',
  '/folders',
  '/recycle-bin',
  '/bookmarks',
  '/activity?tab=upload',
  '/activity?tab=download',
  '/user-settings?tab=profile',
  '/user-settings?tab=settings',
  '/user-settings?tab=apiKeys',
  '/change-password',
  '/changelog',
  '/my-organisation?tab=team',
  '/my-organisation?tab=groups',
  '/settings/users',
  '/settings/groups',
  '/settings/system',
  '/settings/forms',
  '/settings/presets',
  '/cutter',
  '/share',
  '/userTasks',
  '/comments',
  '/no-such-screen',
];

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expectAccessible(page);
}

async function signIn(context: BrowserContext): Promise<void> {
  const answer = await context.request.post('/api/v1/auth/login', {
    data: { tenant: 'demo', email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  if (answer.status() !== 200) throw new Error(`sign-in: ${answer.status()}`);
}

describe.each(LANGUAGES)('every screen in $locale', ({ locale, heading, lookForCompany, upload }) => {
  it('has no serious or critical accessibility finding, signed out', async () => {
    const { context, page } = await newPage(browser, { locale });
    for (const path of PUBLIC_SCREENS) await open(page, path);
    await page.goto('/login');
    await page.getByTestId('sign-in-form').waitFor();
    await page.getByRole('button', { name: lookForCompany }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, 'look for a company');
    await context.close();
  });

  it('has no serious or critical accessibility finding, signed in', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser, { locale });
    await signIn(context);
    for (const path of SIGNED_IN_SCREENS) await open(page, path);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'profile menu');
    await page.keyboard.press('Escape');

    await page.goto('/folders');
    await page.waitForURL(/folderId=/);
    await page.getByRole('button', { name: upload }).first().click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page, 'upload dialog');
    await context.close();
  });
});

describe('an item page with its player', () => {
  it('has no serious or critical accessibility finding, in English and Nynorsk', async () => {
    const clip = await makeShortClip(`a11y-${Date.now().toString(36)}.mp4`);
    for (const { locale } of LANGUAGES) {
      const { context, page } = await newPage(browser, { locale });
      await signIn(context);
      await page.goto('/folders');
      await page.waitForURL(/folderId=/);
      const folderId = new URL(page.url()).searchParams.get('folderId') ?? '';
      const itemId = await tusUpload(await cookieHeader(context), clip, { folderId });
      await waitForTranscoding(context.request, itemId);
      for (const tab of ['metadata', 'history', 'relations', 'comments', 'usageRules', 'shares']) {
        await page.goto(`/item-details/${itemId}?tab=${tab}`);
        await page.getByTestId('item-details').waitFor();
        await page.getByTestId('item-player').locator('video').waitFor();
        await expectAccessible(page);
      }
      await context.close();
    }
  }, 300_000);
});
