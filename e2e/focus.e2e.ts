import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage } from './support/browser.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';

const e2e = sharedBrowser();

/** The focused element's tag and text, to compare with what should have the focus. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()} ${element.textContent.trim()}` : 'none';
  });
}

// Issue 11 §5: where the focus goes with the keyboard alone.
describe('the focus', () => {
  it('moves to the heading of the screen a route change opens', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'admin@demo.test');
    // Signing in is a route change too: from the sign-in form to the search page.
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1 Search');

    const navigation = page.getByRole('navigation').first();
    await navigation.getByRole('link', { name: 'Activity' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1 Activity');

    await navigation.getByRole('link', { name: 'Recycle bin' }).click();
    await expect.poll(() => focused(page)).toBe('h1 Recycle bin');
    await context.close();
  });

  it('leaves "Look for a company" for the sign-in form on Escape', async () => {
    const { context, page } = await newPage(e2e.browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Look for a company' }).click();
    const lookup = page.getByLabel('Organisation name');
    await lookup.waitFor();
    await expect.poll(() => lookup.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('sign-in-form').waitFor();
    expect(await lookup.count()).toBe(0);
    await context.close();
  });

  it('goes back to the Upload button when the upload dialog closes, the first time too', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    await page.goto('/folders');
    await page.waitForURL(/folderId=/);
    const upload = page.getByRole('main').getByRole('button', { name: 'Upload' }).first();
    await upload.focus();
    for (let opening = 0; opening < 2; opening++) {
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Upload files' });
      await dialog.waitFor();
      await expect.poll(() => dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => upload.evaluate((button) => button === document.activeElement)).toBe(true);
    }
    await context.close();
  });
});

describe('a row of users or groups', () => {
  it('opens its detail on a click anywhere on the row, or on Enter on its name', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');

    await page.goto('/settings/users');
    // Other files add users to the same demo tenant at any moment: a page of 25 may not hold her.
    await page.getByLabel('Search users').fill('editor@demo.test');
    // The list answers the search after a pause in typing, replacing the first page: a click on a
    // row as it is replaced landed on nothing (CI). Every row shown holds her address first.
    const rows = page.getByTestId('users-table').locator('tbody tr');
    await expect
      .poll(async () => {
        const texts = await rows.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('editor@demo.test'));
      })
      .toBe(true);
    const user = page
      .getByTestId('users-table')
      .locator('tr', { has: page.getByText('editor@demo.test', { exact: true }) });
    await user.getByRole('cell').nth(3).click();
    const editUser = page.getByRole('dialog', { name: 'Edit Erik Editor' });
    await editUser.waitFor();
    await expectAccessible(page, 'edit user dialog');
    await page.keyboard.press('Escape');
    await editUser.waitFor({ state: 'hidden' });
    await user.getByRole('button', { name: 'Erik Editor editor@demo.test', exact: true }).focus();
    await page.keyboard.press('Enter');
    await editUser.waitFor();
    await page.keyboard.press('Escape');
    await editUser.waitFor({ state: 'hidden' });

    await page.goto('/settings/groups');
    const group = page
      .getByTestId('groups-table')
      .locator('tr', { has: page.getByText('Editors', { exact: true }) });
    await group.getByRole('cell').nth(2).click();
    const editGroup = page.getByRole('dialog', { name: 'Edit Editors' });
    await editGroup.waitFor();
    await expectAccessible(page, 'edit group dialog');
    await page.keyboard.press('Escape');
    await editGroup.waitFor({ state: 'hidden' });
    await group.getByRole('button', { name: 'Editors', exact: true }).focus();
    await page.keyboard.press('Enter');
    await editGroup.waitFor();
    await context.close();
  });
});
