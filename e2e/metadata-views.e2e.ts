import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, makeShortClip, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInThroughApi } from './support/sign-in.ts';
import { sendUploads } from './support/upload-dialog.ts';
import { scratchDir } from './support/run.ts';

const e2e = sharedBrowser();

const suffix = Date.now().toString(36);
const formId = `views${suffix}`;
const formLabel = `Wire ${suffix}`;

/** Picks an option of a Mantine select labelled `label` inside `scope`. */
async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A JPEG whose EXIF names its photographer, written by sharp (libvips), as a camera would. */
async function photoBy(artist: string, name: string): Promise<string> {
  const file = path.join(scratchDir('exif-'), name);
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a44' } })
    .withExif({ IFD0: { Artist: artist, Copyright: 'Skald e2e' } })
    .jpeg()
    .toFile(file);
  return file;
}

const metadataOf = async (page: Page, itemId: string) => {
  const res = await page.context().request.get(`/api/v1/items/${itemId}/metadata`);
  return ((await res.json()) as { values: Record<string, Record<string, unknown>> }).values[formId];
};

describe('metadata views, folder defaults and EXIF mapping', { timeout: 240_000 }, () => {
  it('uploads through the upload view with its fields set, gives a folder’s defaults to its uploads, and fills a field from a picture’s EXIF', async () => {
    // The administrator's form, then its upload view and an EXIF mapping through Settings.
    const admin = await newPage(e2e.browser);
    await signInThroughApi(admin.context, 'admin@demo.test');
    const created = await admin.context.request.post('/api/v1/forms', {
      data: {
        id: formId,
        label: formLabel,
        active: true,
        fields: [
          { fieldId: 'story', label: 'Story', type: 'Text' },
          {
            fieldId: 'source',
            label: 'Source',
            type: 'Choice',
            alternatives: [
              { value: 'ntb', label: 'NTB' },
              { value: 'own', label: 'Own' },
            ],
          },
          { fieldId: 'desk', label: 'Desk', type: 'Text' },
          { fieldId: 'photographer', label: 'Photographer', type: 'Text' },
          { fieldId: 'internal', label: 'Internal note', type: 'Text' },
          { fieldId: 'rights', label: 'Rights holder', type: 'Text' },
        ],
      },
    });
    expect(created.status()).toBe(201);
    await admin.page.goto('/settings/forms');
    await admin.page.getByRole('button', { name: `Edit ${formLabel}` }).click();
    const editor = admin.page.getByRole('dialog', { name: `Edit ${formLabel}` });
    const views = editor.getByTestId('views-editor');
    await pick(admin.page, views, 'Screen', 'Upload');
    await views.getByText('This screen shows the item view until you change it.').waitFor();
    await views.getByRole('textbox', { name: 'Label of Story', exact: true }).fill('Story line');
    await views.getByRole('switch', { name: 'Internal note visible' }).uncheck({ force: true });
    await views.getByText('This screen has its own view.').waitFor();
    await expectAccessible(admin.page, 'form editor views');
    await screenshot(admin.page, 'form-editor-views');
    await editor.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText(`Form ${formLabel} saved`).waitFor();

    const mappings = admin.page.getByTestId('exif-mappings');
    await mappings.getByRole('textbox', { name: 'EXIF path' }).fill('Artist');
    await pick(admin.page, mappings, 'Form field', `${formLabel}: Photographer`);
    await mappings.getByRole('button', { name: 'Add mapping' }).click();
    await mappings
      .getByTestId('exif-mappings-table')
      .getByRole('cell', { name: 'Artist', exact: true })
      .waitFor();
    await expectAccessible(admin.page, 'exif mappings');
    await screenshot(admin.page, 'exif-mappings');
    await admin.context.close();

    // The editor's folder, with a default value set in its folder view.
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const folderName = `Wire desk ${suffix}`;
    const folderId = await newFolder(context, folderName);
    await page.goto(`/folders?folderId=${folderId}`);
    await page.getByRole('heading', { level: 1, name: folderName }).waitFor();
    await page.getByRole('button', { name: 'Folder', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Default values…' }).click();
    const defaults = page.getByRole('dialog', { name: `Default values of ${folderName}` });
    const defaultsForm = defaults.getByTestId(`view-form-${formId}`);
    await defaultsForm.getByRole('textbox', { name: 'Desk', exact: true }).fill('Foreign');
    await expectAccessible(page, 'folder default values');
    await defaults.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Default values of ${folderName} saved`).waitFor();

    // A clip through the upload dialog, with two fields of the upload view set.
    const title = `wire-${suffix}`;
    const clip = await makeShortClip(`${title}.mp4`);
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    await dialog.getByRole('button', { name: formLabel }).click();
    const uploadForm = dialog.getByTestId(`view-form-${formId}`);
    await uploadForm.getByRole('textbox', { name: 'Story line', exact: true }).fill('Floods in the west');
    await pick(page, uploadForm, 'Source', 'NTB');
    expect(await uploadForm.getByRole('textbox', { name: 'Internal note' }).count()).toBe(0);
    await expectAccessible(page, 'upload dialog with form values');
    await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles(clip);
    await screenshot(page, 'upload-form-values');
    await sendUploads(dialog, 'Upload 1 file', 60_000);

    const listed = (await (await context.request.get(`/api/v1/items?folderId=${folderId}`)).json()) as {
      items: { id: string; title: string }[];
    };
    const clipId = listed.items.find((item) => item.title === title)?.id ?? '';
    expect(await metadataOf(page, clipId)).toEqual({
      story: 'Floods in the west',
      source: 'ntb',
      desk: 'Foreign',
    });
    await page.goto(`/item-details/${clipId}`);
    const panel = page.getByRole('form', { name: formLabel });
    expect(await panel.getByRole('textbox', { name: 'Story', exact: true }).inputValue()).toBe(
      'Floods in the west',
    );
    expect(await panel.getByLabel('Source').first().inputValue()).toBe('NTB');
    expect(await panel.getByRole('textbox', { name: 'Desk', exact: true }).inputValue()).toBe('Foreign');
    await expectAccessible(page);
    await screenshot(page, 'item-upload-values');

    // A picture whose EXIF names its photographer: the mapped field holds the name after ingest.
    const photoId = await tusUpload(await cookieHeader(context), await photoBy('Kari Nordmann', 'exif.jpg'), {
      folderId,
    });
    await waitForTranscoding(context.request, photoId);
    expect(await metadataOf(page, photoId)).toEqual({ desk: 'Foreign', photographer: 'Kari Nordmann' });
    await page.goto(`/item-details/${photoId}`);
    const photoPanel = page.getByRole('form', { name: formLabel });
    expect(await photoPanel.getByRole('textbox', { name: 'Photographer', exact: true }).inputValue()).toBe(
      'Kari Nordmann',
    );
    await screenshot(page, 'item-exif-value');
    await context.close();

    // A mapping added later reaches the pictures already there when the administrator re-applies it.
    const later = await newPage(e2e.browser);
    await signInThroughApi(later.context, 'admin@demo.test');
    await later.page.goto('/settings/forms');
    const panel2 = later.page.getByTestId('exif-mappings');
    await panel2.getByRole('textbox', { name: 'EXIF path' }).fill('Copyright');
    await pick(later.page, panel2, 'Form field', `${formLabel}: Rights holder`);
    await panel2.getByRole('button', { name: 'Add mapping' }).click();
    await panel2.getByRole('cell', { name: 'Copyright', exact: true }).waitFor();
    await panel2.getByRole('button', { name: 'Re-apply to existing pictures' }).click();
    const confirm = later.page.getByRole('dialog', { name: 'Re-apply EXIF mappings' });
    await expectAccessible(later.page, 're-apply confirmation');
    await confirm.getByRole('button', { name: 'Re-apply to existing pictures' }).click();
    await panel2
      .getByTestId('exif-job')
      .getByText('The EXIF mappings were re-applied to every picture.')
      .waitFor({ timeout: 60_000 });
    await screenshot(later.page, 'exif-reapplied');
    expect(await metadataOf(later.page, photoId)).toEqual({
      desk: 'Foreign',
      photographer: 'Kari Nordmann',
      rights: 'Skald e2e',
    });
    await later.context.close();
  });
});
