import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { cookieHeader, makeShortClip, makeStill, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInThroughApi, waitForSearchScreen } from './support/sign-in.ts';

const e2e = sharedBrowser();
let editor: { context: BrowserContext; page: Page };

/** Distinctive for this run: every title carries it, so the searches find only this spec's items. */
const run = Date.now().toString(36);
const folderName = `Search ${run}`;
const subfolderName = `Stills ${run}`;
const items = {
  aurora: {
    title: `Aurora evening news ${run}`,
    description: 'Northern lights over Tromsø for the evening bulletin',
  },
  harbour: {
    title: `Harbour morning report ${run}`,
    description: 'Ferries leave at dawn; no aurora tonight',
  },
  still: { title: `Aurora still ${run}`, description: 'A frame for the website' },
};
const ids = { aurora: '', harbour: '', still: '' };
let folderId = '';
let subfolderId = '';

async function createFolder(context: BrowserContext, name: string, parentId: string): Promise<string> {
  const response = await context.request.post('/api/v1/folders', { data: { name, parentId } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Uploads a file over tus as the signed-in user, then gives the item its title and description. */
async function uploadItem(
  context: BrowserContext,
  file: string,
  folder: string,
  text: { title: string; description: string },
): Promise<string> {
  const id = await tusUpload(await cookieHeader(context), file, { folderId: folder });
  const response = await context.request.patch(`/api/v1/items/${id}`, { data: text });
  expect(response.status()).toBe(200);
  return id;
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search items' });

/** Types a search and runs it with Enter, as a person would. */
async function search(page: Page, q: string): Promise<void> {
  await searchBox(page).fill(q);
  await searchBox(page).press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
}

/** The ids of the results on screen, in order. */
function shownIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-item-id]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-item-id') ?? ''));
}

/** Waits until exactly these items are on screen (in any order). */
async function expectResults(page: Page, expected: string[], timeout = 10_000): Promise<void> {
  await expect
    .poll(async () => (await shownIds(page)).sort(), { timeout, interval: 100 })
    .toEqual([...expected].sort());
}

const result = (page: Page, id: string): Locator => page.locator(`[data-item-id="${id}"]`);

/** Waits until every thumbnail on screen has been drawn (for the screenshots). */
async function thumbnailsDrawn(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator('[data-item-id] img')
        .evaluateAll((images) =>
          images.every(
            (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
          ),
        ),
    )
    .toBe(true);
}

async function chooseView(page: Page, view: 'Grid' | 'List'): Promise<void> {
  await page.getByRole('radiogroup', { name: 'View' }).locator('label', { hasText: view }).click();
  await page.getByTestId(view === 'Grid' ? 'item-grid' : 'item-list').waitFor();
}

beforeAll(async () => {
  editor = await newPage(e2e.browser);
  await signInThroughApi(editor.context, 'editor@demo.test');
  const { context } = editor;
  const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
  folderId = await createFolder(context, folderName, root.id);
  subfolderId = await createFolder(context, subfolderName, folderId);
  const [auroraClip, harbourClip, still] = await Promise.all([
    makeShortClip(`aurora-${run}.mp4`),
    makeShortClip(`harbour-${run}.mp4`),
    makeStill(`still-${run}.png`),
  ]);
  ids.aurora = await uploadItem(context, auroraClip, folderId, items.aurora);
  ids.harbour = await uploadItem(context, harbourClip, folderId, items.harbour);
  ids.still = await uploadItem(context, still, subfolderId, items.still);
  // Thumbnails in the screenshots rather than placeholders.
  await Promise.all(Object.values(ids).map((id) => waitForTranscoding(context.request, id)));
}, 300_000);

afterAll(async () => {
  await editor.context.close();
});

describe('the search screen', () => {
  it('opens after signing in, waiting for a search', async () => {
    const { page } = editor;
    await page.goto('/');
    await waitForSearchScreen(page, 'Erik Editor');
    await page.getByText('Find your media').waitFor();
    // `/` focuses the search box from anywhere on the screen.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search items');
    // The old paths lead here too.
    await page.goto('/search-item?q=harbour');
    await expectResults(page, [ids.harbour]);
    await page.goto('/index.html?q=harbour');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('q') === 'harbour');
    await expectResults(page, [ids.harbour]);
  });

  it('finds items by a word, a phrase, a prefix, a field and a type', async () => {
    const { page } = editor;
    await page.goto('/');
    await search(page, 'harbour');
    await chooseView(page, 'Grid');
    await expectResults(page, [ids.harbour]);
    await page.getByTestId('search-count').getByText('1 result', { exact: true }).waitFor();

    // The description counts too: the harbour report mentions the aurora.
    await search(page, `aurora ${run}`);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    await page.getByTestId('search-count').getByText('3 results', { exact: true }).waitFor();
    await result(page, ids.aurora).locator('img:not([src^="/placeholders/"])').waitFor();
    await thumbnailsDrawn(page);
    await screenshot(page, 'search-grid');

    await search(page, '"evening news"');
    await expectResults(page, [ids.aurora]);

    await search(page, 'harb*');
    await expectResults(page, [ids.harbour]);

    await search(page, `title:aurora ${run}`);
    await expectResults(page, [ids.aurora, ids.still]);

    // Diacritics fold: "tromso" finds "Tromsø".
    await search(page, 'description:tromso');
    await expectResults(page, [ids.aurora]);

    // The type filter of the sidebar.
    await search(page, `aurora ${run}`);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    const filters = page.getByTestId('search-filters');
    await filters.getByRole('checkbox', { name: 'Image' }).check();
    await page.waitForURL((url) => url.searchParams.get('type') === 'image');
    await expectResults(page, [ids.still]);
    await filters.getByRole('button', { name: 'Clear criteria' }).click();
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
  });

  it("lets a user who is no administrator filter by a colleague's items", async () => {
    const viewer = await newPage(e2e.browser);
    await signInThroughApi(viewer.context, 'viewer@demo.test');
    const { page } = viewer;
    await page.goto(`/?q=${encodeURIComponent(`aurora ${run}`)}&view=grid`);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    const owner = page.getByTestId('search-filters').getByLabel('Owner', { exact: true });
    await owner.click();
    await page.getByRole('option', { name: 'Erik Editor' }).click();
    await page.waitForURL((url) => url.searchParams.get('owner') !== null);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    await owner.click();
    await page.getByRole('option', { name: 'Me (Vera Viewer)' }).click();
    await expectResults(page, []);
    await viewer.context.close();
  });

  it('marks the matches in titles and descriptions in the list', async () => {
    const { page } = editor;
    await page.goto('/');
    await search(page, `"evening news" OR aurora ${run}`);
    await chooseView(page, 'List');
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    const aurora = result(page, ids.aurora);
    await expect.poll(() => aurora.locator('mark').allInnerTexts()).toEqual(['Aurora', 'evening news', run]);
    await expect
      .poll(() => result(page, ids.harbour).locator('mark').allInnerTexts())
      .toEqual([run, 'aurora']);
    await thumbnailsDrawn(page);
    await screenshot(page, 'search-list-highlights');
  });

  it('limits the search to a folder, with or without its subfolders', async () => {
    const { page } = editor;
    await page.goto(`/?q=${encodeURIComponent(`aurora ${run}`)}&view=grid`);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    const filters = page.getByTestId('search-filters');
    await filters.getByRole('button', { name: 'Any folder' }).click();
    const picker = page.getByRole('dialog', { name: 'Search in folder' });
    await picker.waitFor();
    await expectAccessible(page, 'picker dialog');
    await picker.getByRole('treeitem', { name: folderName, exact: true }).click();
    await picker.getByRole('button', { name: 'Search here' }).click();
    await page.waitForURL((url) => url.searchParams.get('folder') === folderId);
    await expectResults(page, [ids.aurora, ids.harbour]);
    await filters.getByRole('switch', { name: 'Include subfolders' }).check();
    await page.waitForURL((url) => url.searchParams.get('sub') === '1');
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    await filters.getByRole('checkbox', { name: 'Video' }).check();
    await expectResults(page, [ids.aurora, ids.harbour]);
    await filters.getByRole('button', { name: folderName }).waitFor();

    // The creation dates (UTC days) from the URL: today finds them, last year none.
    const today = new Date().toISOString().slice(0, 10);
    const url = new URL(page.url());
    url.searchParams.set('from', today);
    url.searchParams.set('to', today);
    await page.goto(url.toString());
    await expectResults(page, [ids.aurora, ids.harbour]);
    await thumbnailsDrawn(page);
    await screenshot(page, 'search-filters');
    url.searchParams.set('from', '2020-01-01');
    url.searchParams.set('to', '2020-12-31');
    await page.goto(url.toString());
    await page.getByText('Nothing matches this search').waitFor();
    await filters.getByRole('button', { name: 'Clear criteria' }).click();
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
  });

  it('finds a folder by its name, shows it with the folder placeholder and opens it in the folder view', async () => {
    const { page } = editor;
    await page.goto(`/?q=${encodeURIComponent(`type:folder stills ${run}`)}&view=grid`);
    await expectResults(page, [subfolderId]);
    const folder = result(page, subfolderId);
    await folder.locator('img[src="/placeholders/folder.svg"]').waitFor();
    // Folders are opened, not selected: the selection's actions are the items'.
    expect(await folder.getByRole('checkbox').count()).toBe(0);
    await folder.getByRole('link', { name: subfolderName }).click();
    await page.waitForURL(
      (url) => url.pathname === '/folders' && url.searchParams.get('folderId') === subfolderId,
    );
  });

  it('shows a syntax error where it is, and warns about wildcards mixed with operators', async () => {
    const { page } = editor;
    await page.goto('/');
    await search(page, '(aurora OR');
    const error = page.getByTestId('search-syntax-error');
    await error.getByText('This search cannot be read at character', { exact: false }).waitFor();
    await page.getByText('Correct the search to see results').waitFor();

    await search(page, `auror* OR harbour ${run}`);
    await page
      .getByTestId('search-warning')
      .getByText('Wildcards and operators are mixed in this search')
      .waitFor();
    await error.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Search syntax' }).click();
    await page
      .getByRole('table', { name: 'How to search' })
      .getByText('news OR sport', { exact: true })
      .waitFor();
    await screenshot(page, 'search-syntax-help');
    await page.keyboard.press('Escape');
  });

  it('keeps the search in the URL: back, forward and reload restore it', async () => {
    const { page } = editor;
    await page.goto('/');
    await search(page, 'harbour');
    await expectResults(page, [ids.harbour]);
    await search(page, '"evening news"');
    await expectResults(page, [ids.aurora]);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === 'harbour');
    await expect.poll(() => searchBox(page).inputValue()).toBe('harbour');
    await expectResults(page, [ids.harbour]);
    await page.goForward();
    await expect.poll(() => searchBox(page).inputValue()).toBe('"evening news"');
    await expectResults(page, [ids.aurora]);
    await page.reload();
    await expect.poll(() => searchBox(page).inputValue()).toBe('"evening news"');
    await expectResults(page, [ids.aurora]);
  });

  it('moves through the results with the keyboard: arrows, Space selects, Enter opens', async () => {
    const { page } = editor;
    await page.goto(`/?q=${encodeURIComponent(`aurora ${run}`)}&view=list&sort=title`);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    const [first, second] = await shownIds(page);
    // A click on a row selects it and gives it the focus.
    await result(page, first ?? '')
      .getByRole('cell')
      .nth(3)
      .click();
    const bulk = page.getByTestId('bulk-bar');
    await bulk.getByText('1 item selected').waitFor();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-item-id')))
      .toBe(second);
    await page.keyboard.press('Space');
    await bulk.getByText('2 items selected').waitFor();
    await page.keyboard.press('Escape');
    await bulk.waitFor({ state: 'detached' });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/item-details/${second ?? ''}`);
  });

  it('narrows the results to the selected items with Refine selection', async () => {
    const { page } = editor;
    await page.goto(`/?q=${encodeURIComponent(`aurora ${run}`)}&view=list`);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    await result(page, ids.aurora).getByRole('checkbox').check();
    await result(page, ids.still).getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Refine selection' }).click();
    await page.waitForURL((url) => (url.searchParams.get('refine') ?? '').split(',').length === 2);
    await expectResults(page, [ids.aurora, ids.still]);
    const chip = page.getByTestId('refine-chip');
    await chip.getByText('Refined to 2 selected items').waitFor();
    await chip.getByRole('button', { name: 'Show the whole search again' }).click();
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
  });

  it('saves the search as a filter in the navigation, and reopens it from there', async () => {
    const { page } = editor;
    const title = `Aurora videos ${run}`;
    await page.goto(`/?q=${encodeURIComponent(`aurora ${run}`)}&type=video&view=list`);
    await expectResults(page, [ids.aurora, ids.harbour]);
    await page.getByTestId('bookmark-page').click();
    const dialog = page.getByRole('dialog', { name: 'Save the search as a filter' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('button', { name: 'Save filter' }).click();
    await page.getByText(`“${title}” saved`).waitFor();

    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Folders' }).click();
    await page.waitForURL(/\/folders\?folderId=/);
    await navigation.getByRole('link', { name: title }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('type') === 'video');
    await expect.poll(() => searchBox(page).inputValue()).toBe(`aurora ${run}`);
    await page.getByTestId('item-list').waitFor();
    await expectResults(page, [ids.aurora, ids.harbour]);
    const video = page.getByTestId('search-filters').getByRole('checkbox', { name: 'Video' });
    await expect(video.isChecked()).resolves.toBe(true);
  });

  it('shows a new item within 30 seconds, keeping the selection, without reloading', async () => {
    const { context, page } = editor;
    await page.goto(`/?q=${encodeURIComponent(`aurora ${run}`)}&view=grid`);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    await page.getByTestId('refresh-status').getByText('On', { exact: false }).waitFor();
    const refreshedBefore = await page.getByTestId('refresh-status').innerText();
    await result(page, ids.harbour).getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByText('1 item selected').waitFor();
    // Gone after a reload: its presence at the end shows the page was not reloaded.
    await page.evaluate(() => {
      Object.assign(window, { searchE2eMarker: true });
    });

    const clip = await makeShortClip(`aurora-late-${run}.mp4`);
    const late = await tusUpload(await cookieHeader(context), clip, { folderId });
    try {
      // The timer fires at most 30 s after the upload (the spec's constant, not shortened); the rest
      // is for the refetch itself on a busy machine.
      await result(page, late).waitFor({ timeout: 50_000 });
      expect(await page.evaluate(() => 'searchE2eMarker' in window)).toBe(true);
      await expectResults(page, [ids.aurora, ids.harbour, ids.still, late]);
      await page.getByTestId('bulk-bar').getByText('1 item selected').waitFor();
      await expect(result(page, ids.harbour).getByRole('checkbox').isChecked()).resolves.toBe(true);
      await page.getByTestId('bulk-bar').getByRole('button', { name: 'Clear selection' }).click();
      await expect.poll(() => page.getByTestId('refresh-status').innerText()).not.toBe(refreshedBefore);

      // Paused, and on again.
      await page.getByRole('switch', { name: 'Auto-refresh' }).uncheck();
      await page.getByTestId('refresh-status').getByText('Paused', { exact: false }).waitFor();
      await page.getByRole('switch', { name: 'Auto-refresh' }).check();
      await page.getByTestId('refresh-status').getByText('On', { exact: false }).waitFor();
    } finally {
      // Gone for good, so the other tests find only their own.
      expect((await context.request.delete(`/api/v1/items/${late}`)).status()).toBe(204);
      expect((await context.request.delete(`/api/v1/items/${late}/permanent`)).status()).toBe(204);
    }
  }, 120_000);

  it('does not show the demo viewer an item the editor made visible to its owner only', async () => {
    const viewer = await newPage(e2e.browser);
    await signInThroughApi(viewer.context, 'viewer@demo.test');
    await viewer.page.goto(`/?q=${encodeURIComponent(`report ${run}`)}`);
    await expectResults(viewer.page, [ids.harbour]);

    const restricted = await editor.context.request.patch(`/api/v1/items/${ids.harbour}`, {
      data: { visibleTo: { level: 'owner' } },
    });
    expect(restricted.status()).toBe(200);

    await viewer.page.reload();
    await viewer.page.getByText('Nothing matches this search').waitFor();
    expect(await shownIds(viewer.page)).toEqual([]);
    await search(viewer.page, `aurora ${run}`);
    await expectResults(viewer.page, [ids.aurora, ids.still]);
    // The owner still finds it.
    await editor.page.goto(`/?q=${encodeURIComponent(`report ${run}`)}`);
    await expectResults(editor.page, [ids.harbour]);
    await viewer.context.close();
  });
});

describe('the recycle bin', () => {
  it('is the search screen over deleted items: restore and delete permanently', async () => {
    const { page } = editor;
    await page.goto(`/?q=${encodeURIComponent(`aurora ${run}`)}&view=list`);
    await expectResults(page, [ids.aurora, ids.harbour, ids.still]);
    await result(page, ids.harbour).getByRole('checkbox').check();
    await result(page, ids.still).getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 items?' });
    await confirm.waitFor();
    await expectAccessible(page, 'confirm dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('2 items moved to the recycle bin.').waitFor();
    await expectResults(page, [ids.aurora]);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Recycle bin' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Recycle bin' }).waitFor();
    await result(page, ids.still).waitFor();
    // Newest deletions first, by default.
    await expect.poll(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('Deleted');
    await searchBox(page).waitFor({ state: 'detached' });
    const binBox = page.getByRole('textbox', { name: 'Search the recycle bin' });
    await binBox.fill(run);
    await binBox.press('Enter');
    await expectResults(page, [ids.harbour, ids.still]);
    await thumbnailsDrawn(page);
    await screenshot(page, 'search-recycle-bin');

    // One item restored from its menu…
    await result(page, ids.harbour)
      .getByRole('button', { name: `Actions for ${items.harbour.title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await page.getByText('1 item restored.').waitFor();
    await expectResults(page, [ids.still]);

    // …the other deleted for good, after a confirmation.
    await result(page, ids.still).getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete permanently' }).click();
    const purge = page.getByRole('dialog', { name: 'Delete 1 item permanently?' });
    await purge.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText('1 item deleted permanently.').waitFor();
    await page.getByText('Nothing matches this search').waitFor();
    expect((await editor.context.request.get(`/api/v1/items/${ids.still}`)).status()).toBe(404);

    await page.goto(`/?q=${encodeURIComponent(`aurora ${run}`)}`);
    await expectResults(page, [ids.aurora, ids.harbour]);
  });
});
