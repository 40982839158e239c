import { describe, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

const e2e = sharedBrowser();

describe('the change log', () => {
  it('opens from the profile menu and lists the releases', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'viewer@demo.test');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Changelog' }).click();
    await page.waitForURL(/\/changelog$/);
    await page.getByRole('heading', { name: 'Version 0.1.0' }).waitFor();
    await screenshot(page, 'changelog');
    await context.close();
  });
});
