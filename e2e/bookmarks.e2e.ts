import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';

const e2e = sharedBrowser();

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const section = (page: Page, name: 'Bookmarks' | 'Filters') =>
  navigation(page).getByRole('region', { name, exact: true });
const appUrl = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Bookmarks what is on screen through the header's button, under the given title. */
async function bookmarkThisPage(
  page: Page,
  button: string,
  dialogTitle: string,
  title: string,
  submit: string,
): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  const field = dialog.getByRole('textbox', { name: 'Title' });
  await field.fill(title);
  await dialog.getByRole('button', { name: submit }).click();
  await page.getByText(`“${title}” saved`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('bookmarks and filters', () => {
  it('lets the demo editor bookmark a page and save a search, and reopens both from the navigation', async () => {
    const suffix = Date.now().toString(36);
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'editor@demo.test');
    // The demo's system filter is there from the start.
    await section(page, 'Filters').getByRole('link', { name: 'Videos', exact: true }).waitFor();

    // A page: the dialog starts from the page's heading.
    await page.goto('/activity?tab=download');
    const heading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await page.getByRole('banner').getByRole('button', { name: 'Bookmark this page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bookmark this page' });
    await dialog.waitFor();
    await expectAccessible(page, 'bookmark dialog');
    expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(heading);
    await dialog.getByLabel('Icon', { exact: true }).click();
    await page.getByRole('option', { name: 'Star' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('');
    await dialog.getByRole('button', { name: 'Add bookmark' }).click();
    await dialog.getByText('Bookmark title is required').waitFor();
    await screenshot(page, 'bookmark-dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Downloads ${suffix}`);
    await dialog.getByRole('button', { name: 'Add bookmark' }).click();
    await page.getByText(`“Downloads ${suffix}” saved`).waitFor();
    const downloads = section(page, 'Bookmarks').getByRole('link', { name: `Downloads ${suffix}` });
    await downloads.waitFor();

    // A search: its whole address becomes a filter.
    await page.goto('/?q=news');
    await page.getByRole('banner').getByRole('button', { name: 'Save this search as a filter' }).waitFor();
    const searched = appUrl(page);
    expect(searched).toContain('q=news');
    await bookmarkThisPage(
      page,
      'Save this search as a filter',
      'Save the search as a filter',
      `News ${suffix}`,
      'Save filter',
    );
    const news = section(page, 'Filters').getByRole('link', { name: `News ${suffix}` });
    expect(await news.getAttribute('href')).toBe(searched);
    await screenshot(page, 'bookmarks-navigation');

    await page.goto('/user-settings');
    await downloads.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === '/activity?tab=download');
    await news.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === searched);
    await context.close();
  });

  it('orders, renames and deletes bookmarks on the management page, by keyboard too', async () => {
    const suffix = Date.now().toString(36);
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    for (const [path, title] of [
      ['/activity?tab=upload', `First ${suffix}`],
      ['/user-settings?tab=profile', `Second ${suffix}`],
    ] as const) {
      await page.goto(path);
      await bookmarkThisPage(page, 'Bookmark this page', 'Bookmark this page', title, 'Add bookmark');
    }
    const mine = () =>
      section(page, 'Bookmarks').getByRole('link').filter({ hasText: suffix }).allInnerTexts();
    expect(await mine()).toEqual([`First ${suffix}`, `Second ${suffix}`]);

    await section(page, 'Bookmarks').getByRole('link', { name: 'Manage bookmarks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bookmarks and filters' }).waitFor();
    const table = page.getByTestId('bookmarks-table-bookmarks');
    const moveUp = table.getByRole('button', { name: `Move “Second ${suffix}” up` });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((s) => {
      const links = [...document.querySelectorAll('nav section a')].map((a) => a.textContent);
      return (
        links.indexOf(`Second ${s}`) !== -1 && links.indexOf(`Second ${s}`) < links.indexOf(`First ${s}`)
      );
    }, suffix);
    expect(await mine()).toEqual([`Second ${suffix}`, `First ${suffix}`]);
    // The focus stays with the moved bookmark ("up", or "down" once it is first of its list).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(
      new RegExp(`^Move “Second ${suffix}” (up|down)$`),
    );
    expect(
      await page.getByTestId('bookmarks-table-filters').getByText('Videos', { exact: true }).count(),
    ).toBe(1);
    await screenshot(page, 'bookmarks-page');

    await table.getByRole('button', { name: `Edit “First ${suffix}”` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit bookmark' });
    await edit.waitFor();
    await expectAccessible(page, 'edit dialog');
    await edit.getByRole('textbox', { name: 'Title' }).fill(`Renamed ${suffix}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await section(page, 'Bookmarks')
      .getByRole('link', { name: `Renamed ${suffix}` })
      .waitFor();

    await table.getByRole('button', { name: `Delete “Renamed ${suffix}”` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete bookmark' });
    await confirm.waitFor();
    await expectAccessible(page, 'confirm dialog');
    await confirm.getByText(`“Renamed ${suffix}” will be removed from your navigation.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`“Renamed ${suffix}” deleted`).waitFor();
    await section(page, 'Bookmarks')
      .getByRole('link', { name: `Renamed ${suffix}` })
      .waitFor({ state: 'detached' });
    expect(await mine()).toEqual([`Second ${suffix}`]);
    await context.close();
  });

  it('lets an administrator share a filter with a group, which its members see', async () => {
    const suffix = Date.now().toString(36);
    const title = `Desk ${suffix}`;
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    await page.goto('/recycle-bin?q=desk');
    await page.getByRole('banner').getByRole('button', { name: 'Save this search as a filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the search as a filter' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('radio', { name: 'The organisation (system bookmark)' }).check();
    await dialog.getByRole('radio', { name: 'Selected groups' }).check();
    await dialog.getByRole('button', { name: 'Save filter' }).click();
    await dialog.getByText('Selected groups cannot be empty').waitFor();
    await dialog.getByLabel('Groups', { exact: true }).click();
    await page.getByRole('option', { name: 'Editors' }).click();
    await screenshot(page, 'bookmark-dialog-system');
    // Away from the group list, which covers the dialog's buttons while it is open.
    await dialog.getByRole('heading', { name: 'Save the search as a filter' }).click();
    await dialog.getByRole('button', { name: 'Save filter' }).click();
    await page.getByText(`“${title}” saved`).waitFor();
    // The administrator is not an editor: the filter is theirs to manage, not in their navigation.
    await page.goto('/bookmarks');
    await page.getByTestId('bookmarks-table-filters').getByText(title).waitFor();
    expect(await section(page, 'Filters').getByRole('link', { name: title }).count()).toBe(0);
    await context.close();

    const editor = await newPage(e2e.browser);
    await signInAs(editor.page, 'editor@demo.test');
    const shared = section(editor.page, 'Filters').getByRole('link', { name: title });
    await shared.waitFor();
    expect(await shared.getAttribute('href')).toBe('/recycle-bin?q=desk');
    await editor.context.close();
  });

  it('offers nothing to a user without the bookmarks permission', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'viewer@demo.test');
    await navigation(page).getByRole('link', { name: 'Folders' }).waitFor();
    await screenshot(page, 'bookmarks-viewer');
    expect(await navigation(page).getByText('Bookmarks', { exact: true }).count()).toBe(0);
    expect(await navigation(page).getByText('Filters', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Bookmark this page' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save this search as a filter' }).count()).toBe(0);
    await context.close();
  });
});
