import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { signInAs, visibleTexts, waitForSearchScreen } from './support/sign-in.ts';

const e2e = sharedBrowser();

describe('signing in', () => {
  it('takes the demo admin from the login screen to the main layout', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto('/');
    await page.getByTestId('sign-in-form').waitFor();
    await screenshot(page, 'login');
    await signInAs(page, 'admin@demo.test');
    await waitForSearchScreen(page, 'Ada Admin');
    await expect(page.getByRole('navigation').first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'main-layout');
    await context.close();
  });

  it('refuses a wrong password with a message, and stays on the login screen', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto('/');
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Organisation', { exact: true }).fill('demo');
    await form.getByLabel('E-mail', { exact: true }).fill('admin@demo.test');
    await form.getByLabel('Password', { exact: true }).fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The organisation, e-mail or password is wrong.').waitFor();
    expect(await page.getByTestId('profile-menu').count()).toBe(0);
    await context.close();
  });

  it('finds the organisation by name with "look for a company"', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto('/');
    await page
      .getByRole('button', { name: 'Look for a company' })
      .or(page.getByRole('link', { name: 'Look for a company' }))
      .first()
      .click();
    await page.getByLabel('Organisation name').fill('newsroom');
    await page.getByText('Demo Newsroom').first().click();
    await expect(
      page.getByTestId('sign-in-form').getByLabel('Organisation', { exact: true }).inputValue(),
    ).resolves.toBe('demo');
    await context.close();
  });

  it('sends a user who is not signed in to the login screen, and back after signing in', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto('/user-settings?tab=profile');
    await page.getByTestId('sign-in-form').waitFor();
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Organisation', { exact: true }).fill('demo');
    await form.getByLabel('E-mail', { exact: true }).fill('editor@demo.test');
    await form.getByLabel('Password', { exact: true }).fill('skald-demo');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/user-settings\?tab=profile/);
    await context.close();
  });
});

describe('switching language', () => {
  it('changes every visible string of the main layout to Nynorsk', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'admin@demo.test');
    await waitForSearchScreen(page, 'Ada Admin');
    const english = await visibleTexts(page);
    expect(english.length).toBeGreaterThan(15);
    await page.getByTestId('language-switcher').click();
    await page.locator('[data-language="nn"]').click();
    await page.getByRole('heading', { level: 1, name: 'Søk' }).waitFor();
    const nynorsk = await visibleTexts(page);
    await screenshot(page, 'main-layout-nn');
    // Data is not translated: the user's, organisation's and groups' names, e-mail, the product name.
    const data = new Set([
      'Ada Admin',
      'Demo Newsroom',
      'Administrators',
      'admin@demo.test',
      'Skald',
      'demo',
      // The demo's system filter (a bookmark's title).
      'Videos',
    ]);
    // Words Nynorsk shares with English (item types in the search filters).
    const same = new Set(['Video', 'Person']);
    // Numbers (the notification centre's unread count) are data too.
    const untranslated = nynorsk.filter(
      (text) => english.includes(text) && !data.has(text) && !same.has(text) && !/^\d+$/.test(text),
    );
    expect(untranslated).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('nn');
    await context.close();
  });
});
