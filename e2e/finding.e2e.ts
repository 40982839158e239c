import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { cookieHeader, makePhoto, makeShortClip, tusUpload } from './support/media.ts';
import { signInThroughApi } from './support/sign-in.ts';

// Issue 11 §2: an original file name finds its item, a folder is found by its name without the
// Folder box, the results are reached and walked with the keyboard, and an item's tile has the
// same ⋯ menu and context menu in the folder view and in the search.
const e2e = sharedBrowser();
let editor: { context: BrowserContext; page: Page };

/** Distinctive for this run: the e2e server is shared with every other spec file. */
const run = Date.now().toString(36);
const fileName = `quay${run}.jpg`;
const folderName = `Fjord ${run}`;
const ids = { photo: '', clipA: '', clipB: '', folder: '' };

async function upload(
  context: BrowserContext,
  file: string,
  folderId: string,
  title: string,
): Promise<string> {
  const id = await tusUpload(await cookieHeader(context), file, { folderId });
  const response = await context.request.patch(`/api/v1/items/${id}`, { data: { title } });
  expect(response.status()).toBe(200);
  return id;
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search items' });
const shownIds = (page: Page) =>
  page
    .locator('[data-item-id]')
    .evaluateAll((elements) => elements.map((e) => e.getAttribute('data-item-id') ?? ''));
const focusedId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-item-id') ?? null);

async function search(page: Page, q: string): Promise<void> {
  await searchBox(page).fill(q);
  await searchBox(page).press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
}

beforeAll(async () => {
  editor = await newPage(e2e.browser);
  await signInThroughApi(editor.context, 'editor@demo.test');
  const { context } = editor;
  const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
  const created = await context.request.post('/api/v1/folders', {
    data: { name: folderName, parentId: root.id },
  });
  expect(created.status()).toBe(201);
  ids.folder = ((await created.json()) as { id: string }).id;
  const [photo, clipA, clipB] = await Promise.all([
    makePhoto(fileName),
    makeShortClip(`a-${run}.mp4`),
    makeShortClip(`b-${run}.mp4`),
  ]);
  // Titles that share no word with the file names: only the file name can find the photo by "quay".
  ids.photo = await upload(context, photo, ids.folder, `Evening light ${run}`);
  ids.clipA = await upload(context, clipA, ids.folder, `Fjord ferry ${run}`);
  ids.clipB = await upload(context, clipB, ids.folder, `Fjord bridge ${run}`);
}, 180_000);

afterAll(async () => {
  await editor.context.close();
});

describe('finding things', () => {
  it('finds an item by its original file name, as words and with file:', async () => {
    const { page } = editor;
    await page.goto('/?view=grid');
    for (const q of [fileName, `quay${run}`, `file:${fileName}`, `file:quay${run}*`]) {
      await search(page, q);
      await expect.poll(() => shownIds(page)).toEqual([ids.photo]);
    }
    await search(page, `title:quay${run}`);
    await page.getByText('Nothing matches this search').waitFor();
  });

  it('shows a folder found by its name above the items, without ticking Folder', async () => {
    const { page } = editor;
    await page.goto('/?view=grid');
    await search(page, `fjord ${run}`);
    await expect.poll(async () => (await shownIds(page))[0]).toBe(ids.folder);
    expect((await shownIds(page)).sort()).toEqual([ids.folder, ids.clipA, ids.clipB].sort());
    expect(
      await page.getByTestId('search-filters').getByRole('checkbox', { name: 'Folder' }).isChecked(),
    ).toBe(false);
    // A type filter without Folder leaves it out.
    await page.getByTestId('search-filters').getByRole('checkbox', { name: 'Video' }).check();
    await expect.poll(async () => (await shownIds(page)).sort()).toEqual([ids.clipA, ids.clipB].sort());
    await screenshot(page, 'search-folder-above-items');
  });

  it('goes from the search box to the results with ↓, moves between tiles with the arrows and opens one with Enter', async () => {
    const { page } = editor;
    await page.goto(`/?view=grid&sort=title&type=video,image&q=${encodeURIComponent(run)}`);
    await expect.poll(async () => (await shownIds(page)).length).toBe(3);
    const order = await shownIds(page);
    await searchBox(page).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedId(page)).toBe(order[0]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedId(page)).toBe(order[1]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedId(page)).toBe(order[2]);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedId(page)).toBe(order[1]);
    // One tab stop: Shift+Tab leaves the grid rather than walking back through the tiles.
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/item-details/${order[1] ?? ''}`);
  });

  it('offers the same ⋯ menu and context menu on an item tile in the folder view and in the search', async () => {
    const { page } = editor;
    const menuItems = () => page.getByRole('menu').getByRole('menuitem').allInnerTexts();

    await page.goto(`/folders?folderId=${ids.folder}`);
    await page.getByRole('radiogroup', { name: 'View' }).locator('label', { hasText: 'Grid' }).click();
    await page.getByTestId('item-grid').waitFor();
    const tile = page.locator(`[data-item-id="${ids.clipA}"]`);
    await tile.getByRole('button', { name: `Actions for Fjord ferry ${run}` }).click();
    await expect.poll(menuItems).toEqual(['Open', 'Move…', 'Delete']);
    await page.keyboard.press('Escape');
    await tile.click({ button: 'right', position: { x: 60, y: 40 } });
    const context = page.getByTestId('item-context-menu');
    await context.waitFor();
    expect(await context.getByRole('menuitem').allInnerTexts()).toEqual(['Open', 'Move…', 'Delete']);
    await screenshot(page, 'folder-tile-context-menu');
    await context.getByRole('menuitem', { name: 'Open' }).click();
    await page.waitForURL(`**/item-details/${ids.clipA}`);

    await page.goto(`/?view=grid&q=${encodeURIComponent(`ferry ${run}`)}`);
    const found = page.locator(`[data-item-id="${ids.clipA}"]`);
    await found.click({ button: 'right', position: { x: 60, y: 40 } });
    await page.getByTestId('item-context-menu').waitFor();
    expect(await page.getByTestId('item-context-menu').getByRole('menuitem').allInnerTexts()).toEqual([
      'Open',
      'Move…',
      'Delete',
    ]);
    await page.keyboard.press('Escape');
    await page.getByTestId('item-context-menu').waitFor({ state: 'detached' });
  });
});
