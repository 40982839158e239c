import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { browserAndScratchDir, newPage, screenshot } from './support/browser.ts';
import { bulkSetChoice } from './support/bulk-metadata.ts';
import { newFolder } from './support/folders.ts';
import { addField } from './support/form-editor.ts';
import { pickDay, pickOption, pickOptions } from './support/mantine.ts';
import {
  cookieHeader,
  makeClip,
  makeShortClip,
  makeStill,
  tusUpload,
  waitForTranscoding,
} from './support/media.ts';
import { pausePlayer, playedPast, startPlaying } from './support/player.ts';
import { addFieldFilter } from './support/search-criteria.ts';
import { signInThroughApi } from './support/sign-in.ts';
import { sendUploads } from './support/upload-dialog.ts';
import { createUser } from './support/users.ts';

// Issue 12 "Done when", as one story on one server: the form built in the editor, the upload view,
// the Metadata tab, the usage warnings, finding by field, logging with a shortcut while playing,
// the bulk update with its progress, and a viewer's read-only fields.

const e2e = browserAndScratchDir('skald-e2e-done-when-');

const suffix = Date.now().toString(36);
const formId = `done${suffix}`;
const formLabel = `Newsdesk ${suffix}`;
const SHORTCUT = 'alt+u';
const ITEMS = 50;
/** Ids and labels of its own: other specs' forms on this server have a Source and a Story too. */
const id = (name: string) => `${name}${suffix}`;
const label = (name: string) => `${name} ${suffix}`;

/** One field of each of spec §3's ten types, as the editor enters them. */
const FIELDS: { name: string; type: string; alternatives?: string; sortable?: boolean; address?: string }[] =
  [
    { name: 'Story', type: 'Text' },
    { name: 'Source', type: 'Choice', alternatives: 'ntb = NTB\nown = Own' },
    { name: 'Topics', type: 'Multiple choice', alternatives: 'politics = Politics\nweather = Weather' },
    {
      name: 'Place',
      type: 'Tree choice',
      alternatives: 'europe = Europe\n  norway = Norway\n  sweden = Sweden',
    },
    { name: 'Urgent', type: 'Checkbox' },
    { name: 'Embargo', type: 'Date', sortable: true },
    { name: 'Kind', type: 'Subtype' },
    { name: 'Publish', type: 'Button', address: 'https://cms.example/items/{itemId}' },
    { name: 'Release', type: 'File' },
    { name: 'Extra', type: 'JSON' },
  ];

const metadataOf = async (page: Page, itemId: string) => {
  const res = await page.context().request.get(`/api/v1/items/${itemId}/metadata`);
  return ((await res.json()) as { values: Record<string, Record<string, unknown>> }).values[formId];
};

describe('metadata forms: done when', () => {
  it('builds a form of every field type with an expired usage rule, uploads and fills, warns, finds, logs, bulk-updates and shows a viewer read-only fields', async () => {
    // The administrator builds the form in the editor: ten fields, a shortcut, a sortable date.
    const admin = await newPage(e2e.browser);
    await signInThroughApi(admin.context, 'admin@demo.test');
    await admin.page.goto('/settings/forms');
    await admin.page.getByRole('button', { name: 'New form' }).click();
    const editor = admin.page.getByRole('dialog', { name: 'New metadata form' });
    await editor.getByRole('textbox', { name: 'Label' }).first().fill(formLabel);
    await editor.getByRole('textbox', { name: 'Id' }).fill(formId);
    await editor.getByRole('textbox', { name: 'Keyboard shortcut' }).first().fill(SHORTCUT);
    for (const [index, field] of FIELDS.entries()) {
      const fieldEditor = await addField(
        admin.page,
        editor,
        index,
        id(field.name.toLowerCase()),
        label(field.name),
        field.type,
      );
      if (field.alternatives)
        await fieldEditor.getByRole('textbox', { name: 'Alternatives' }).fill(field.alternatives);
      if (field.sortable) await fieldEditor.getByRole('checkbox', { name: 'Sortable' }).check();
      if (field.address)
        await fieldEditor.getByRole('textbox', { name: 'Address it opens' }).fill(field.address);
    }
    await editor.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText(`Form ${formLabel} saved`).waitFor();
    // Its usage rule ended yesterday (the editor's usage rule part: logging-usage.e2e.ts).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const ruled = await admin.context.request.patch(`/api/v1/forms/${formId}`, {
      data: {
        usageRules: [
          {
            identifier: { key: 'web', label: 'Web' },
            contexts: [
              {
                name: 'Online',
                validity: {
                  from: { offsetFrom: 'forever' },
                  to: { offsetFrom: 'absolute', absoluteDate: yesterday },
                },
              },
            ],
          },
        ],
      },
    });
    expect(ruled.status()).toBe(200);
    await admin.context.close();

    // The editor uploads a clip through the upload view with two fields set.
    const user = await createUser({
      name: 'Desk Editor',
      permissions: [
        'general.bulkMetadataUpdate',
        'folder.create',
        'item.create',
        'item.upload',
        'item.version',
        'item.update',
        'item.updateMetadata',
        'item.chooseUploadLocation',
        'ui.searchFilter',
      ],
    });
    const { page, context } = await newPage(e2e.browser);
    await signInThroughApi(context, user.email, user.password);
    const folderName = `Desk ${suffix}`;
    const folderId = await newFolder(context, folderName);
    await page.goto(`/folders?folderId=${folderId}`);
    await page.getByRole('heading', { level: 1, name: folderName }).waitFor();
    const title = `storm-${suffix}`;
    const clip = await makeClip(e2e.dir, { name: `${title}.mp4`, size: '320x240', seconds: 8 });
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload files' });
    await upload.getByRole('button', { name: formLabel }).click();
    const uploadForm = upload.getByTestId(`view-form-${formId}`);
    await uploadForm.getByRole('textbox', { name: label('Story'), exact: true }).fill('Storm over Oslo');
    await pickOption(page, uploadForm, label('Source'), 'NTB');
    await upload.locator('input.uppy-Dashboard-input').first().setInputFiles(clip);
    await sendUploads(upload, 'Upload 1 file', 60_000);
    const listed = (await (await context.request.get(`/api/v1/items?folderId=${folderId}`)).json()) as {
      items: { id: string; title: string }[];
    };
    const itemId = listed.items.find((item) => item.title === title)?.id ?? '';
    expect(await metadataOf(page, itemId)).toEqual({
      [id('story')]: 'Storm over Oslo',
      [id('source')]: 'ntb',
    });

    // The rest on the item page's Metadata tab.
    await waitForTranscoding(context.request, itemId, 180_000);
    await page.goto(`/item-details/${itemId}`);
    const panel = page.getByRole('form', { name: formLabel });
    await pickOptions(page, panel, label('Topics'), ['Weather']);
    const place = panel.getByLabel(label('Place'), { exact: true });
    await place.fill('Nor');
    await page.getByRole('option', { name: /Norway/ }).click();
    await panel.getByRole('checkbox', { name: label('Urgent') }).check();
    await panel.getByRole('button', { name: label('Embargo') }).click();
    const embargo = new Date();
    embargo.setDate(15);
    await pickDay(page, embargo);
    await panel.getByRole('textbox', { name: label('Kind'), exact: true }).fill('Package');
    await panel
      .getByRole('textbox', { name: label('Release'), exact: true })
      .fill('https://files.example/release.pdf');
    await panel.getByRole('textbox', { name: label('Extra'), exact: true }).fill('{"camera": "B"}');
    await expect
      .poll(() => panel.getByRole('link', { name: label('Publish') }).getAttribute('href'))
      .toBe(`https://cms.example/items/${itemId}`);
    // Leaving the JSON field formats it; then the form is saved.
    await page.keyboard.press('Tab');
    await panel.getByRole('button', { name: `Save ${formLabel}` }).click();
    await page.getByText(`${formLabel} saved`).waitFor();
    const day = `${embargo.getFullYear()}-${String(embargo.getMonth() + 1).padStart(2, '0')}-15`;
    expect(await metadataOf(page, itemId)).toEqual({
      [id('story')]: 'Storm over Oslo',
      [id('source')]: 'ntb',
      [id('topics')]: ['weather'],
      [id('place')]: 'europe/norway',
      [id('urgent')]: true,
      [id('embargo')]: day,
      [id('kind')]: 'Package',
      [id('release')]: 'https://files.example/release.pdf',
      [id('extra')]: { camera: 'B' },
    });

    // The expired rights: the banner on the item page, the badge on its tile and in the list.
    await page.getByTestId('usage-warning').getByText('Web: Online').waitFor();
    await screenshot(page, 'done-when-item');
    await expectAccessible(page, 'item with every field type');
    await page.goto(`/folders?folderId=${folderId}`);
    const tile = page.locator(`[data-item-id="${itemId}"]`);
    await tile.getByTestId('usage-badge').getByText('Rights expired').waitFor();

    // Found by a choice value (the criteria panel) and by a date range (the search box).
    await page.goto('/?view=list');
    await addFieldFilter(page, label('Source'), async (filter) => {
      await pickOption(page, filter, label('Source'), 'NTB');
    });
    await page.waitForURL((url) => url.searchParams.get('q') === `${id('source')}:ntb`);
    await page.getByTestId('search-count').getByText('1 result', { exact: true }).waitFor();
    await page
      .getByTestId('item-list')
      .locator(`[data-item-id="${itemId}"]`)
      .getByTestId('usage-badge')
      .waitFor();
    const month = day.slice(0, 7);
    const box = page.getByRole('textbox', { name: 'Search items' });
    await box.fill(`${id('embargo')}:>=${month}-01 ${id('embargo')}:<=${month}-28`);
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q')?.includes(`${id('embargo')}:>=`) === true);
    await page.getByTestId('search-count').getByText('1 result', { exact: true }).waitFor();
    // The tree picker finds the branch; the sortable date orders the results.
    await box.fill('');
    await box.press('Enter');
    await addFieldFilter(page, label('Place'), async (filter) => {
      await filter.getByLabel(label('Place'), { exact: true }).fill('Eur');
      await page
        .getByRole('option', { name: /Europe/ })
        .first()
        .click();
    });
    await page.waitForURL((url) => url.searchParams.get('q') === `${id('place')}:europe`);
    await page.getByTestId('search-count').getByText('1 result', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: `Field: ${label('Embargo')}`, exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('sort') === 'field' && url.searchParams.get('sortField') === id('embargo'),
    );
    await page.getByTestId('search-count').getByText('1 result', { exact: true }).waitFor();
    await expectAccessible(page, 'search by field, sorted by a field');

    // Two events logged with the form's shortcut while the clip plays.
    await page.goto(`/item-details/${itemId}?tab=logging`);
    const logging = page.getByTestId('logging-tab');
    await logging.getByTestId('logging-shortcuts').getByText(formLabel).waitFor();
    await startPlaying(page);
    await playedPast(page, 1);
    await page.keyboard.press('Alt+u');
    await page
      .getByText(/logged at 0:00:0\d/)
      .first()
      .waitFor();
    await playedPast(page, 3);
    await page.keyboard.press('Alt+u');
    const rows = logging.getByTestId('log-events').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await pausePlayer(page);

    // A new version, with a value changed in the new version view: set on the item when it arrives.
    await page.getByRole('button', { name: 'Upload new version', exact: true }).click();
    const version = page.getByRole('dialog', { name: 'Upload new version' });
    await version.getByRole('button', { name: formLabel }).click();
    const versionForm = version.getByTestId(`view-form-${formId}`);
    const kind = versionForm.getByRole('textbox', { name: label('Kind'), exact: true });
    expect(await kind.inputValue()).toBe('Package');
    await kind.fill('Update');
    await version.locator('input[type="file"]').setInputFiles(await makeShortClip(`${title}-v2.mp4`));
    await expectAccessible(page, 'new version with its view');
    await version.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`The new version of “${title}” has been uploaded.`).waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await metadataOf(page, itemId))?.[id('kind')]).toBe('Update');

    // 49 more items (seeded through the API), then all 50 bulk-updated with the progress shown.
    const cookie = await cookieHeader(context);
    const still = await makeStill(`still-${suffix}.png`);
    const seeded = Array.from({ length: ITEMS - 1 }, (_, i) => {
      const copy = path.join(e2e.dir, `desk${suffix} ${String(i + 2).padStart(2, '0')}.png`);
      copyFileSync(still, copy);
      return copy;
    });
    // A few at a time, as an uploader's client sends them.
    for (let i = 0; i < seeded.length; i += 7) {
      await Promise.all(seeded.slice(i, i + 7).map((file) => tusUpload(cookie, file, { folderId })));
    }
    await page.goto(`/?folder=${folderId}&view=list`);
    await bulkSetChoice(page, { count: ITEMS, form: formLabel, field: label('Source'), option: 'Own' });
    expect((await metadataOf(page, itemId))?.[id('source')]).toBe('own');
    await page.goto(`/?q=${encodeURIComponent(`${id('source')}:own`)}&view=list`);
    await page
      .getByTestId('search-count')
      .getByText(`${String(ITEMS)} results`, { exact: true })
      .waitFor();
    await context.close();

    // A viewer, who may not update items, sees the values and can change none of them.
    const viewer = await newPage(e2e.browser);
    await signInThroughApi(viewer.context, 'viewer@demo.test');
    await viewer.page.goto(`/item-details/${itemId}`);
    const seen = viewer.page.getByRole('form', { name: formLabel });
    const story = seen.getByRole('textbox', { name: label('Story'), exact: true });
    expect(await story.inputValue()).toBe('Storm over Oslo');
    expect(await story.isDisabled()).toBe(true);
    expect(await seen.getByRole('checkbox', { name: label('Urgent') }).isDisabled()).toBe(true);
    expect(await seen.getByRole('textbox', { name: label('Extra'), exact: true }).isDisabled()).toBe(true);
    expect(await seen.getByRole('button', { name: `Save ${formLabel}` }).count()).toBe(0);
    await screenshot(viewer.page, 'done-when-viewer');
    await viewer.context.close();
  }, 420_000);
});
