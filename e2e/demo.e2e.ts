import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { makeStill } from './support/media.ts';
import { signInThroughApi } from './support/sign-in.ts';
import { sendUploads } from './support/upload-dialog.ts';

const e2e = sharedBrowser();

interface Found {
  id: string;
  title: string;
  transcoding: { state: string };
}

async function searchApi(request: APIRequestContext, searchString: string): Promise<Found[]> {
  const response = await request.get(`/api/v1/search?searchString=${encodeURIComponent(searchString)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Found[] }).items;
}

/** The demo's budget clip, once the library made in the background at start has it transcoded. */
async function budgetClip(request: APIRequestContext): Promise<Found> {
  let clip: Found | undefined;
  await expect
    .poll(
      async () => {
        clip = (await searchApi(request, 'budsjettet'))[0];
        return clip?.transcoding.state;
      },
      { timeout: 180_000, interval: 1_000 },
    )
    .toBe('complete');
  if (!clip) throw new Error('no budget clip');
  return clip;
}

const tile = (page: Page, title: string) => page.locator('[data-item-id]', { hasText: title });

describe('the sign-in page', () => {
  it('says who the demo users are and what each may do, in the UI language', async () => {
    const { context, page } = await newPage(e2e.browser);
    const expected = {
      en: ['Try the demo', 'edits, uploads and creates folders', 'cannot edit, upload or create folders'],
      nn: ['Prøv demoen', 'redigerer, lastar opp og lagar mapper', 'kan ikkje redigere, laste opp'],
    };
    for (const [lng, texts] of Object.entries(expected)) {
      await page.goto(`/?lng=${lng}`);
      const hint = page.getByTestId('demo-hint');
      for (const text of [
        'admin@demo.test',
        'editor@demo.test',
        'viewer@demo.test',
        'skald-demo',
        ...texts,
      ]) {
        await hint.getByText(text, { exact: false }).first().waitFor();
      }
      if (lng === 'en') await screenshot(page, 'sign-in-demo-hint');
    }
    await context.close();
  });
});

describe('the demo library', () => {
  it('is made at the first start and found by Norwegian and English words, with thumbnails and a player', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'viewer@demo.test');
    const clip = await budgetClip(context.request);

    await page.goto('/?q=budsjettet&view=grid');
    await tile(page, 'Bystyret vedtar budsjettet')
      .locator('img:not([src^="/placeholders/"])')
      .waitFor({ timeout: 30_000 });
    // The English description finds the picture with a Norwegian title.
    await page.goto('/?q=stadium&view=grid');
    await tile(page, 'Stadion før avspark').waitFor();
    await page.goto('/?q=sendeplan&view=grid');
    await tile(page, 'Sendeplan uke 48').waitFor();
    await screenshot(page, 'demo-library-search');

    await page.goto(`/item-details/${clip.id}`);
    await page.getByTestId('item-title').getByText('Bystyret vedtar budsjettet').waitFor();
    await page.locator('video').waitFor();
    await screenshot(page, 'demo-library-clip');
    await context.close();
  }, 240_000);
});

describe('the demo viewer', () => {
  it('has no control to edit, upload or create, and the API refuses them (403)', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'viewer@demo.test');
    const clip = await budgetClip(context.request);
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };

    await page.goto('/');
    await page.getByText('Find your media').waitFor();
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload files', exact: true }).count()).toBe(0);

    // A result's ⋯ menu and the bulk bar offer opening, not moving or deleting another's item.
    await page.goto('/?q=budsjettet&view=grid');
    await page.getByRole('button', { name: 'Actions for Bystyret vedtar budsjettet' }).click();
    await page.getByRole('menuitem', { name: 'Open' }).waitFor();
    for (const name of ['Move…', 'Delete']) {
      expect(await page.getByRole('menuitem', { name, exact: true }).count(), name).toBe(0);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Select Bystyret vedtar budsjettet' }).check();
    await page.getByText('1 item selected').waitFor();
    for (const name of ['Move…', 'Delete']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }

    await page.goto(`/item-details/${clip.id}`);
    await page.getByTestId('item-title').getByText('Bystyret vedtar budsjettet').waitFor();
    await page.getByRole('tab', { name: 'Metadata' }).click();
    await page.getByText('Short clip from the city council meeting', { exact: false }).waitFor();
    for (const name of ['Rename', 'Edit the description', 'Upload new version']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    const more = page.getByRole('button', { name: 'More actions' });
    if ((await more.count()) > 0) {
      await more.click();
      for (const name of ['Move to folder…', 'Access…', 'Delete']) {
        expect(await page.getByRole('menuitem', { name, exact: true }).count(), name).toBe(0);
      }
      await page.keyboard.press('Escape');
    }

    await page.goto(`/folders?folderId=${root.id}`);
    await page.getByText('News', { exact: true }).first().waitFor();
    // Exact names: other specs' items in the root have tiles whose buttons name them.
    expect(await page.getByRole('button', { name: 'New folder', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
    await screenshot(page, 'demo-viewer-folders');

    const describe = await context.request.patch(`/api/v1/items/${clip.id}`, {
      data: { description: 'Edited by the viewer' },
    });
    expect(describe.status()).toBe(403);
    const folder = await context.request.post('/api/v1/folders', {
      data: { name: 'Made by the viewer', parentId: root.id },
    });
    expect(folder.status()).toBe(403);
    await context.close();
  });
});

describe('uploading where a new user starts', () => {
  it('opens from the header and the search page, sends to the default upload location, in the app’s colours and units', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
    await page.goto('/');
    await page.getByText('Find your media').waitFor();
    const header = page.getByRole('banner').getByRole('button', { name: 'Upload', exact: true });
    await page.getByRole('button', { name: 'Upload files', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    await dialog
      .getByTestId('upload-location')
      .getByText('Uploads go to your organisation’s default upload location: Root')
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    await header.click();
    await dialog.waitFor();
    const name = `start-${Date.now().toString(36)}`;
    await dialog
      .locator('input.uppy-Dashboard-input')
      .first()
      .setInputFiles(await makeStill(`${name}.png`));
    // Sizes as everywhere else in the app: decimal, "kB" (Uppy's own would say "KB").
    const size = await dialog.locator('.uppy-Dashboard-Item-statusSize').first().innerText();
    expect(size).toMatch(/^\d+(\.\d)? kB$/);
    // The send button is the theme's primary button, not Uppy's green.
    const send = dialog.getByRole('button', { name: 'Upload 1 file' });
    const colour = (locator: typeof send) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await colour(send)).toBe(await colour(header));
    await screenshot(page, 'upload-from-header');
    await sendUploads(dialog, 'Upload 1 file');

    const listed = (await (
      await context.request.get(`/api/v1/items?folderId=${root.id}&itemsPerPage=500`)
    ).json()) as {
      items: { title: string }[];
    };
    expect(listed.items.map((item) => item.title)).toContain(name);
    await context.close();
  }, 180_000);
});
