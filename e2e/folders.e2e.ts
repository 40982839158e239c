import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { cookieHeader, makeShortClip, tusUpload } from './support/media.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';

const e2e = sharedBrowser();

async function createFolder(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: /^New folder in / });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await page.getByText(`Folder “${name}” has been created.`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens a folder through the tree on the left, as a person would. */
async function openInTree(page: Page, name: string): Promise<void> {
  await page.getByRole('tree', { name: 'Folder tree' }).getByRole('treeitem', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('folder view', () => {
  it('uploads a clip into a new folder, moves it to another, deletes it and restores it from the recycle bin', async () => {
    const suffix = Date.now().toString(36);
    const dailies = `Dailies ${suffix}`;
    const selects = `Selects ${suffix}`;
    const title = `clip-${suffix}`;
    const clip = await makeShortClip(`${title}.mp4`);
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'admin@demo.test');

    // The navigation's Folders entry opens the root, redirected to its id.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Folders' })
      .click();
    await page.waitForURL(/\/folders\?folderId=[0-9a-f-]{36}$/);
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
    expect(page.url()).toContain(`folderId=${root.id}`);

    await createFolder(page, dailies);
    await createFolder(page, selects);
    await screenshot(page, 'folder-root-grid');
    const tile = page.locator('[data-folder-id]', { hasText: dailies });
    await tile.getByRole('link', { name: dailies }).click();
    await page.getByRole('heading', { level: 1, name: dailies }).waitFor();
    await page.getByText('This folder is empty').waitFor();

    // Upload through Uppy's Dashboard.
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload files' });
    await upload.getByTestId('upload-location').getByText(dailies, { exact: false }).waitFor();
    await upload.locator('input.uppy-Dashboard-input').first().setInputFiles(clip);
    await upload.getByText(`${title}.mp4`).waitFor();
    await screenshot(page, 'upload-dialog');
    await upload.getByRole('button', { name: 'Upload 1 file' }).click();
    await upload.getByText('Complete', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'upload-complete');
    await upload.getByRole('button', { name: 'Done' }).click();
    await upload.waitFor({ state: 'hidden' });

    // The item shows up by itself, its transcoding state kept live until it is complete.
    const item = page.locator('[data-item-id]', { hasText: title });
    await item.waitFor({ timeout: 15_000 });
    await item.locator('[data-transcoding="complete"]').waitFor({ timeout: 60_000 });
    const itemId = await item.getAttribute('data-item-id');
    expect(itemId).toMatch(/^[0-9a-f-]{36}$/);
    // Once transcoded, the list is fetched again: the placeholder gives way to the rendition.
    await item.locator('img:not([src^="/placeholders/"])').waitFor();
    await screenshot(page, 'folder-grid');

    await page.getByRole('radiogroup', { name: 'View' }).locator('label', { hasText: 'List' }).click();
    const row = page.getByTestId('item-list').locator(`tr[data-item-id="${itemId ?? ''}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('0:00:03');
    await screenshot(page, 'folder-list');

    // Select it and move it with the bulk bar.
    await row.getByRole('checkbox', { name: `Select ${title}` }).check();
    const bulk = page.getByTestId('bulk-bar');
    await bulk.getByText('1 item selected').waitFor();
    await bulk.getByRole('button', { name: 'Move…' }).click();
    const move = page.getByRole('dialog', { name: 'Move 1 item' });
    await move.getByRole('treeitem', { name: selects, exact: true }).click();
    await move.getByText(`Chosen: ${selects}`).waitFor();
    await move.getByRole('button', { name: 'Move here' }).click();
    await page.getByText(`1 item moved to “${selects}”.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('This folder is empty').waitFor();

    await openInTree(page, selects);
    const moved = page.locator(`[data-item-id="${itemId ?? ''}"]`);
    await moved.waitFor();

    // Delete it: a confirmation, then the recycle bin.
    await moved.getByRole('checkbox', { name: `Select ${title}` }).check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete item?' });
    await confirm.getByText(`“${title}” goes to the recycle bin`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1 item moved to the recycle bin.').waitFor();
    await moved.waitFor({ state: 'detached' });

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Recycle bin' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Recycle bin' }).waitFor();
    const deleted = page.locator(`[data-item-id="${itemId ?? ''}"]`);
    await deleted.waitFor();
    await screenshot(page, 'recycle-bin');
    await deleted.getByRole('checkbox', { name: `Select ${title}` }).check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('1 item restored.').waitFor();
    await deleted.waitFor({ state: 'detached' });

    const restored = (await (await context.request.get(`/api/v1/items/${itemId ?? ''}`)).json()) as {
      isDeleted: boolean;
      folderId: string;
    };
    expect(restored.isDeleted).toBe(false);
    const selectsFolder = (await (
      await context.request.get(`/api/v1/items?folderId=${restored.folderId}`)
    ).json()) as { items: { id: string }[] };
    expect(selectsFolder.items.map((i) => i.id)).toContain(itemId);
    await context.close();
  }, 180_000);

  it('selects with the keyboard and the mouse, moves by drag and drop, and opens folders from the tree', async () => {
    const suffix = Date.now().toString(36);
    const from = `From ${suffix}`;
    const to = `To ${suffix}`;
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
    const create = async (name: string) => {
      const response = await context.request.post('/api/v1/folders', { data: { name, parentId: root.id } });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const fromId = await create(from);
    const toId = await create(to);
    const cookie = await cookieHeader(context);
    for (const name of ['alpha', 'beta', 'gamma']) {
      await tusUpload(cookie, await makeShortClip(`${name}-${suffix}.mp4`), { folderId: fromId });
    }

    await page.goto(`/folders?folderId=${fromId}`);
    const tiles = page.getByTestId('item-grid').locator('[data-item-id]');
    await tiles.nth(2).waitFor();
    const bulk = page.getByTestId('bulk-bar');

    await page.keyboard.press('Control+A');
    await bulk.getByText('3 items selected').waitFor();
    await page.keyboard.press('Escape');
    await bulk.waitFor({ state: 'detached' });

    // A click selects one, Shift-click the range up to another, Ctrl-click takes one out.
    await tiles.nth(0).locator('img').click();
    await bulk.getByText('1 item selected').waitFor();
    await tiles
      .nth(2)
      .locator('img')
      .click({ modifiers: ['Shift'] });
    await bulk.getByText('3 items selected').waitFor();
    await tiles
      .nth(1)
      .locator('img')
      .click({ modifiers: ['Control'] });
    await bulk.getByText('2 items selected').waitFor();
    expect(await tiles.nth(1).getAttribute('data-selected')).toBeNull();

    // Dragging a selected tile onto a folder of the tree moves the whole selection.
    const target = page
      .getByRole('tree', { name: 'Folder tree' })
      .getByRole('treeitem', { name: to, exact: true });
    const start = await tiles.nth(0).boundingBox();
    const end = await target.boundingBox();
    if (!start || !end) throw new Error('tile or tree row not on screen');
    await page.mouse.move(start.x + start.width / 2, start.y + 40);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 + 20, start.y + 60, { steps: 5 });
    await page.mouse.move(end.x + 60, end.y + 12, { steps: 15 });
    await screenshot(page, 'drag-to-tree');
    await page.mouse.up();
    await page.getByText(`2 items moved to “${to}”.`).waitFor();
    await expect.poll(() => tiles.count()).toBe(1);
    expect(await tiles.nth(0).innerText()).toContain(`beta-${suffix}`);

    // The tree: arrows move between folders, Enter opens one.
    const tree = page.getByRole('tree', { name: 'Folder tree' });
    await tree.getByRole('treeitem', { name: from, exact: true }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-folder-id') ?? null);
    expect(await focused()).toBe(fromId);
    // Folders come by name: the ones between depend on what other specs created.
    for (let step = 0; step < 30 && (await focused()) !== toId; step++)
      await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(toId);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).not.toBe(toId);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(toId);
    await page.keyboard.press('Home');
    expect(await focused()).toBe(root.id);
    for (let step = 0; step < 30 && (await focused()) !== toId; step++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: to }).waitFor();
    await tiles.nth(1).waitFor();
    expect((await tiles.allInnerTexts()).join(' ')).toMatch(
      new RegExp(`alpha-${suffix}[\\s\\S]*gamma-${suffix}`),
    );
    await context.close();
  });

  it('renames, restricts, moves and deletes a folder through its menu', async () => {
    const suffix = Date.now().toString(36);
    const name = `Promos ${suffix}`;
    const renamed = `Trailers ${suffix}`;
    const parent = `Campaigns ${suffix}`;
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
    const create = async (folder: string) => {
      const response = await context.request.post('/api/v1/folders', {
        data: { name: folder, parentId: root.id },
      });
      return ((await response.json()) as { id: string }).id;
    };
    const folderId = await create(name);
    await create(parent);
    const itemId = await tusUpload(await cookieHeader(context), await makeShortClip(`promo-${suffix}.mp4`), {
      folderId,
    });
    const groups = (await (await context.request.get('/api/v1/groups?itemsPerPage=100')).json()) as {
      items: { id: string; name: string }[];
    };
    const editors = groups.items.find((group) => group.name === 'Editors');

    await page.goto(`/folders?folderId=${root.id}`);
    const grid = page.getByTestId('item-grid');
    const menuOf = async (folder: string) => {
      await grid.getByRole('button', { name: `Actions for ${folder}` }).click();
    };

    await menuOf(name);
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${name}` });
    await expectAccessible(page, 'rename folder dialog');
    await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The folder is now called “${renamed}”.`).waitFor();
    await grid.locator(`[data-folder-id="${folderId}"]`).getByText(renamed).waitFor();

    await menuOf(renamed);
    await page.getByRole('menuitem', { name: 'Access…' }).click();
    const access = page.getByRole('dialog', { name: `Access to ${renamed}` });
    const visibleTo = access.getByRole('radiogroup', { name: 'Visible to' });
    await visibleTo.getByRole('radio', { name: 'Selected groups' }).check();
    // Saving without a group is refused with the spec's message.
    await access.getByRole('button', { name: 'Save' }).click();
    await access.getByText('Selected groups cannot be empty').waitFor();
    await access.getByLabel('Groups', { exact: true }).click();
    await page.getByRole('option', { name: 'Editors' }).click();
    await access.getByRole('heading', { name: `Access to ${renamed}` }).click();
    await screenshot(page, 'folder-access');
    await expectAccessible(page, 'folder access dialog');
    await access.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Access to “${renamed}” has been saved.`).waitFor();
    const saved = (await (await context.request.get(`/api/v1/folders/${folderId}`)).json()) as {
      visibleTo: unknown;
    };
    expect(saved.visibleTo).toEqual({ level: 'selected_groups', groups: [editors?.id] });

    await menuOf(renamed);
    await page.getByRole('menuitem', { name: 'Move…' }).click();
    const move = page.getByRole('dialog', { name: `Move ${renamed}` });
    // A folder cannot go into itself.
    await expect(
      move.getByRole('treeitem', { name: renamed, exact: true }).getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await expectAccessible(page, 'move folder dialog');
    await move.getByRole('treeitem', { name: parent, exact: true }).click();
    await move.getByRole('button', { name: 'Move here' }).click();
    await page.getByText(`“${renamed}” has been moved to “${parent}”.`).waitFor();
    await grid.locator(`[data-folder-id="${folderId}"]`).waitFor({ state: 'detached' });

    await page.goto(`/folders?folderId=${folderId}`);
    await page.getByRole('link', { name: parent }).waitFor();
    await page.getByRole('button', { name: 'Folder', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete folder?' });
    await confirm.getByText('The items in them go to the recycle bin', { exact: false }).waitFor();
    await expectAccessible(page, 'delete folder dialog');
    // Nothing asks for the deleted folder, its subfolders or its items again.
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(response.url());
    });
    await confirm.getByRole('button', { name: 'Delete folder' }).click();
    await page.getByText(`Folder “${renamed}” has been deleted.`).waitFor();
    // The view goes up to the folder it was in.
    await page.getByRole('heading', { level: 1, name: parent }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(notFound).toEqual([]);
    const bin = (await (await context.request.get('/api/v1/recycle-bin?itemsPerPage=500')).json()) as {
      items: { id: string }[];
    };
    expect(bin.items.map((item) => item.id)).toContain(itemId);
    await context.close();
  }, 180_000);

  it('deletes items for good from the recycle bin after a confirmation naming how many', async () => {
    const suffix = Date.now().toString(36);
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'admin@demo.test');
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
    const cookie = await cookieHeader(context);
    const ids: string[] = [];
    for (const name of ['old', 'older']) {
      ids.push(await tusUpload(cookie, await makeShortClip(`${name}-${suffix}.mp4`), { folderId: root.id }));
    }
    const deleted = await context.request.post('/api/v1/items/delete', { data: { itemIds: ids } });
    expect(deleted.status()).toBe(200);

    await page.goto('/recycle-bin');
    const rows = ids.map((id) => page.locator(`[data-item-id="${id}"]`));
    for (const row of rows) await row.waitFor();
    for (const [index, row] of rows.entries()) {
      await row.getByRole('checkbox').click({ modifiers: index > 0 ? ['Shift'] : [] });
    }
    await page.getByTestId('bulk-bar').getByText('2 items selected').waitFor();
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 items permanently?' });
    await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
    // The screenshot waits for the dialog to have faded in.
    await page.waitForFunction(() => {
      const dialog = document.querySelector('[role="dialog"]');
      return dialog !== null && getComputedStyle(dialog).opacity === '1';
    });
    await screenshot(page, 'recycle-bin-purge');
    await confirm.getByRole('button', { name: 'Delete 2 permanently' }).click();
    await page.getByText('2 items deleted permanently.').waitFor();
    for (const row of rows) await row.waitFor({ state: 'detached' });
    for (const id of ids) expect((await context.request.get(`/api/v1/items/${id}`)).status()).toBe(404);
    await context.close();
  });
});
