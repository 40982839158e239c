import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible } from './axe.ts';

// WCAG 2.2 AA (issue 11 §6): every screen of the app, signed out and signed in, in English and in
// Nynorsk, has no serious or critical axe-core finding (e2e/a11y/*.e2e.ts, one file per part so
// the run spreads them over its workers). The other e2e files check the screens and states they
// reach the same way (support/axe.ts).
function language(code: string, locale: string) {
  return {
    locale,
    heading: text(code, 'search', 'title'),
    lookForCompany: text(code, 'auth', 'signIn.lookForCompany'),
    upload: text(code, 'upload', 'open'),
  };
}

export const ENGLISH = language('en', 'en-GB');
export const NYNORSK = language('nn', 'nn-NO');
export const LANGUAGES = [ENGLISH, NYNORSK];

export type Language = typeof ENGLISH;

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

export const PUBLIC_SCREENS = ['/login', '/public/forgot-password', '/sign-in-code'];
export const SIGNED_IN_SCREENS = [
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
  '/persons',
  // Spec §2 /browse and /export keep their feature set for the rest of the tab's session: last, with
  // /export (which still offers uploads) the last of them.
  '/browse',
  '/export',
  '/no-such-screen',
];

/** Opens a screen, waits for its heading, and checks it with axe-core. */
export async function openAndCheck(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expectAccessible(page);
}
