import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { makeShortClip, makeStill } from './support/media.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';
import { sendUploads } from './support/upload-dialog.ts';
import { scratchDir } from './support/run.ts';

const e2e = sharedBrowser();

/** A file in a fresh temporary folder. */
function fileWith(name: string, content: Buffer): string {
  const file = path.join(scratchDir('file-'), name);
  writeFileSync(file, content);
  return file;
}

async function newFolderAtRoot(page: Page, name: string): Promise<string> {
  await page.goto('/folders');
  await page.waitForURL(/folderId=/);
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: /^New folder in / });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const tile = page.getByTestId('item-grid').locator('[data-folder-id]', { hasText: name });
  const id = await tile.getAttribute('data-folder-id');
  if (!id) throw new Error(`no tile for ${name}`);
  return id;
}

describe('upload', () => {
  it('skips files of denied extensions, uploads the others and shows the server refusing one', async () => {
    const suffix = Date.now().toString(36);
    const folder = `Uploads ${suffix}`;
    const title = `take-${suffix}`;
    const clip = await makeShortClip(`${title}.mp4`);
    const denied = fileWith(`setup-${suffix}.exe`, Buffer.from('MZ'));
    // Named like a video, but a Windows program inside: the server sniffs it and refuses it.
    const disguised = fileWith(
      `disguised-${suffix}.mp4`,
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096)]),
    );
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'editor@demo.test');
    const folderId = await newFolderAtRoot(page, folder);
    await page.goto(`/folders?folderId=${folderId}`);
    await page.getByRole('heading', { level: 1, name: folder }).waitFor();

    await page.getByRole('button', { name: 'Upload' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles([clip, denied]);
    const skipped = dialog.getByTestId('upload-skipped');
    await skipped.getByText('1 file skipped').waitFor();
    expect(await skipped.innerText()).toContain(`setup-${suffix}.exe`);
    expect(await skipped.innerText()).toContain('Files with the denied extension cannot be uploaded');
    await dialog.getByText(`${title}.mp4`).waitFor();
    await screenshot(page, 'upload-skipped');
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    await dialog.locator('.uppy-StatusBar-statusPrimary').getByText('Complete', { exact: true }).waitFor();

    await dialog.getByRole('button', { name: 'Add more' }).click();
    await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles(disguised);
    await dialog.getByText(`disguised-${suffix}.mp4`).waitFor();
    await dialog.getByRole('button', { name: /^Upload \+?1 file$/ }).click();
    const refused = dialog.getByTestId('upload-refused');
    await refused.waitFor({ timeout: 15_000 });
    const refusal = await refused.innerText();
    expect(refusal).toContain('1 file refused by the server');
    expect(refusal).toContain(`disguised-${suffix}.mp4 — Upload rejected`);
    // Uppy's own error mark on the file says the same.
    await dialog.locator('.uppy-Dashboard-Item [aria-label="Upload rejected"]').waitFor();
    await screenshot(page, 'upload-rejected');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    // The accepted file became an item of the folder, listed without reloading the page.
    await page.locator('[data-item-id]', { hasText: title }).waitFor({ timeout: 15_000 });
    const items = (await (await context.request.get(`/api/v1/items?folderId=${folderId}`)).json()) as {
      items: { title: string }[];
    };
    expect(items.items.map((item) => item.title)).toEqual([title]);
    await context.close();
  }, 120_000);

  it('uploads into the folder chosen in the dialog, in the UI language', async () => {
    const suffix = Date.now().toString(36);
    const here = `Here ${suffix}`;
    const there = `There ${suffix}`;
    const title = `elsewhere-${suffix}`;
    const clip = await makeShortClip(`${title}.mp4`);
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'admin@demo.test');
    const hereId = await newFolderAtRoot(page, here);
    const thereId = await newFolderAtRoot(page, there);

    // Uppy speaks French (its strings come with the upload namespace).
    await page.goto(`/folders?folderId=${hereId}&lng=fr`);
    await page.getByRole('heading', { level: 1, name: here }).waitFor();
    await page.getByRole('button', { name: 'Importer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Importer des fichiers' });
    await dialog.getByText('Déposez des fichiers ici', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Changer de dossier' }).click();
    await dialog.getByRole('treeitem', { name: there, exact: true }).click();
    await dialog.getByTestId('upload-location').getByText(there, { exact: false }).waitFor();
    await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles(clip);
    await screenshot(page, 'upload-location-fr');
    await dialog.getByRole('button', { name: 'Importer 1 fichier' }).click();
    await dialog
      .locator('.uppy-StatusBar-statusPrimary')
      .getByText('Terminé', { exact: true })
      .waitFor({ timeout: 30_000 });

    const inThere = (await (await context.request.get(`/api/v1/items?folderId=${thereId}`)).json()) as {
      items: { title: string }[];
    };
    expect(inThere.items.map((item) => item.title)).toEqual([title]);
    const inHere = (await (await context.request.get(`/api/v1/items?folderId=${hereId}`)).json()) as {
      items: unknown[];
    };
    expect(inHere.items).toEqual([]);
    await context.close();
  });

  it('uploads a whole folder, recreating its subfolders below the chosen folder', async () => {
    const suffix = Date.now().toString(36);
    const target = `Drop ${suffix}`;
    const tree = path.join(scratchDir('tree-'), `Rushes ${suffix}`);
    mkdirSync(path.join(tree, 'Dag 1'), { recursive: true });
    copyFileSync(await makeStill(`wide-${suffix}.png`), path.join(tree, `wide-${suffix}.png`));
    copyFileSync(await makeStill(`close-${suffix}.png`), path.join(tree, 'Dag 1', `close-${suffix}.png`));
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'editor@demo.test');
    const targetId = await newFolderAtRoot(page, target);

    await page.goto(`/folders?folderId=${targetId}`);
    await page.getByRole('heading', { level: 1, name: target }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    // The Dashboard's "browse folders" input, as a keyboard user would pick a folder.
    await dialog.locator('input.uppy-Dashboard-input[webkitdirectory]').setInputFiles(tree);
    await sendUploads(dialog, 'Upload 2 files', 60_000);

    const grid = page.getByTestId('item-grid');
    await grid.locator('[data-folder-id]', { hasText: `Rushes ${suffix}` }).click();
    await page.getByRole('heading', { level: 1, name: `Rushes ${suffix}` }).waitFor();
    await grid.locator('[data-item-id]', { hasText: `wide-${suffix}` }).waitFor();
    await grid.locator('[data-folder-id]', { hasText: 'Dag 1' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dag 1' }).waitFor();
    await grid.locator('[data-item-id]', { hasText: `close-${suffix}` }).waitFor();
    await screenshot(page, 'upload-folder-tree');
    await context.close();
  });

  it('offers no upload to a user without the upload permissions', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'viewer@demo.test');
    await page.goto('/folders');
    await page.waitForURL(/folderId=/);
    await page.getByRole('tree', { name: 'Folder tree' }).waitFor();
    await screenshot(page, 'folders-viewer');
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
    await context.close();
  });
});
