import type { Page } from 'playwright-core';
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
