import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { bulkSetChoice } from './support/bulk-metadata.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, makeStill, tusUpload } from './support/media.ts';
import { addFieldFilter } from './support/search-criteria.ts';
import { signInThroughApi } from './support/sign-in.ts';
import { adminApi, createUser } from './support/users.ts';

const e2e = sharedBrowser();

const suffix = Date.now().toString(36);
const formId = `bulk${suffix}`;
const ITEMS = 50;

describe('searching by metadata field and bulk metadata update', () => {
  it('bulk-updates 50 items with the progress shown, then finds them by a choice value and one by a date range', async () => {
    // The administrator makes a form with a choice and a date field.
    const admin = await adminApi();
    const created = await admin.post('/api/v1/forms', {
      data: {
        id: formId,
        label: `Bulk desk ${suffix}`,
        active: true,
        fields: [
          {
            fieldId: `cat${suffix}`,
            label: `Category ${suffix}`,
            type: 'Choice',
            alternatives: [
              { value: 'news', label: 'News' },
              { value: 'sport', label: 'Sport' },
            ],
          },
          { fieldId: `emb${suffix}`, label: `Embargo ${suffix}`, type: 'Date' },
        ],
      },
    });
    expect(created.status()).toBe(201);
    await admin.dispose();

    // A user allowed bulk updates (spec §6 general.bulkMetadataUpdate) uploads 50 stills.
    const user = await createUser({
      name: 'Bulk Editor',
      permissions: [
        'general.bulkMetadataUpdate',
        'folder.create',
        'item.create',
        'item.upload',
        'item.update',
        'item.updateMetadata',
        'item.chooseUploadLocation',
        'ui.searchFilter',
      ],
    });
    const { page, context } = await newPage(e2e.browser);
    await signInThroughApi(context, user.email, user.password);
    const folderId = await newFolder(context, `Bulk ${suffix}`);
    const cookie = await cookieHeader(context);
    const still = await makeStill(`still-${suffix}.png`);
    const ids: string[] = [];
    for (let i = 1; i <= ITEMS; i++) {
      const copy = path.join(path.dirname(still), `batch${suffix} ${String(i).padStart(2, '0')}.png`);
      copyFileSync(still, copy);
      ids.push(await tusUpload(cookie, copy, { folderId }));
    }

    // Select all 50 in the search's list and open the bulk edit.
    // (the run's progress, then its end).
    await page.goto(`/?q=${encodeURIComponent(`batch${suffix}`)}&view=list`);
    await bulkSetChoice(page, {
      count: ITEMS,
      form: `Bulk desk ${suffix}`,
      field: `Category ${suffix}`,
      option: 'Sport',
    });

    // Found by the choice value, added from the criteria panel's metadata field.
    await page.goto('/');
    await addFieldFilter(page, `Category ${suffix}`, async (filter) => {
      await filter.getByLabel(`Category ${suffix}`, { exact: true }).click();
      await page.getByRole('option', { name: 'Sport' }).click();
      await expectAccessible(page, 'metadata filter');
    });
    await page.waitForURL((url) => url.searchParams.get('q') === `cat${suffix}:sport`);
    await page
      .getByTestId('search-count')
      .getByText(`${String(ITEMS)} results`, { exact: true })
      .waitFor();

    // One item gets an embargo; a date range finds it alone.
    const one = ids[6] ?? '';
    const set = await context.request.patch(`/api/v1/items/${one}/metadata`, {
      data: { forms: { [formId]: { [`emb${suffix}`]: '2026-12-24' } } },
    });
    expect(set.status()).toBe(200);
    await page.goto(
      `/?q=${encodeURIComponent(`emb${suffix}:>=2026-12-01 emb${suffix}:<=2026-12-31`)}&view=list`,
    );
    await page.getByTestId('search-count').getByText('1 result', { exact: true }).waitFor();
    await page.getByTestId('item-list').getByText(`batch${suffix} 07`).waitFor();
    await screenshot(page, 'metadata-date-range');
    await context.close();
  }, 240_000);
});
