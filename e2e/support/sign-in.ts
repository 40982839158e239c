import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './axe.ts';

export const DEMO_PASSWORD = 'skald-demo';

/**
 * Signs in to the demo organisation through the login screen, as a person would; the sign-in form
 * and the screen it leads to are checked with axe-core (once per run, see support/axe.ts).
 */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitSignIn(page, email, password);
  await page.getByTestId('profile-menu').waitFor();
  await expectAccessible(page);
}

/**
 * Signs the context in to the demo organisation through the API, as the login form does, without
 * opening a page: for a test whose next step opens a screen of its own. A sign-in through the form
 * costs two full page loads and their axe settling, about 1 s of Chromium CPU and 3 s; the form
 * and the screen after it are covered by the tests that use `signInAs`.
 */
export async function signInThroughApi(
  context: BrowserContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const answer = await context.request.post('/api/v1/auth/login', {
    data: { tenant: 'demo', email, password },
  });
  if (answer.status() !== 200) throw new Error(`sign-in of ${email}: ${answer.status()}`);
}

/** Fills in and sends the login form of the demo organisation, without waiting for the outcome. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  const form = page.getByTestId('sign-in-form');
  await form.waitFor();
  await expectAccessible(page);
  await form.getByLabel('Organisation', { exact: true }).fill('demo');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits for the main layout's index, the search screen, with `name` signed in (the profile menu
 * shows who).
 */
export async function waitForSearchScreen(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
  await page.getByTestId('profile-menu').getByText(name, { exact: true }).waitFor();
}

/** Signs out through the profile menu and waits for the login screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByTestId('sign-in-form').waitFor();
}

/** Every piece of text a person can see on the page, one entry per text node. */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent) continue;
      const style = getComputedStyle(parent);
      const box = parent.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0)
        continue;
      texts.push(text);
    }
    return texts;
  });
}
