import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launch, newPage, screenshot } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser.close());

describe('the change log', () => {
  it('opens from the profile menu and lists the releases', async () => {
    const { context, page } = await newPage(browser);
    await signInAs(page, 'viewer@demo.test');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Changelog' }).click();
    await page.waitForURL(/\/changelog$/);
    await page.getByRole('heading', { name: 'Version 0.1.0' }).waitFor();
    await screenshot(page, 'changelog');
    await context.close();
  });
});
