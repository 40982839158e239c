import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launch, newPage, screenshot } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, makeShortClip, makeStill, tusUpload, waitForTranscoding } from './support/media.ts';
import { baseUrl } from './support/run.ts';
import { signInAs } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser.close());

const suffix = Date.now().toString(36);

interface ItemAnswer {
  id: string;
  title: string;
  leadingVersionId: string | null;
  technicalMetadata: { width: number | null; height: number | null } | null;
}

const idIn = (url: string) => url.split('/item-details/')[1]?.split(/[?#]/)[0] ?? '';

describe('crops and placeholders', { timeout: 240_000 }, () => {
  it('crops a picture into a new item, square, with the keyboard', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, 'editor@demo.test');
    const folderId = await newFolder(context, `Crops ${suffix}`);
    const still = await makeStill(`harbour-${suffix}.png`);
    const pictureId = await tusUpload(await cookieHeader(context), still, { folderId });
    await waitForTranscoding(context.request, pictureId);

    await page.goto(`/item-details/${pictureId}`);
    await page.getByRole('button', { name: 'Crop…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crop the picture into a new item' });
    const area = dialog.getByRole('group', { name: 'Crop area: arrow keys move it' });
    await area.waitFor();
    await dialog.getByText('1:1', { exact: true }).click();
    await area.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await expectAccessible(page, 'crop dialog');
    await screenshot(page, 'crop-dialog');
    await dialog.getByRole('button', { name: 'Save as new item' }).click();

    await page.waitForURL(
      (url) => url.pathname.startsWith('/item-details/') && !url.pathname.endsWith(pictureId),
    );
    const cropId = idIn(page.url());
    await page.getByRole('heading', { name: `harbour-${suffix} (crop)` }).waitFor();
    await waitForTranscoding(context.request, cropId);
    const crop = (await (await context.request.get(`/api/v1/items/${cropId}`)).json()) as ItemAnswer;
    // The still is 640×360: the square is the full height.
    expect([crop.technicalMetadata?.width, crop.technicalMetadata?.height]).toEqual([360, 360]);
  });

  it('creates a placeholder in a folder and fills it with a copy of another item’s media', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, 'editor@demo.test');
    const folderId = await newFolder(context, `Placeholders ${suffix}`);
    const clip = await makeShortClip(`interview-${suffix}.mp4`);
    const sourceId = await tusUpload(await cookieHeader(context), clip, { folderId });

    await page.goto(`/folders?folderId=${folderId}`);
    await page.getByRole('button', { name: 'New placeholder' }).click();
    const dialog = page.getByRole('dialog', { name: 'New placeholder' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Opener ${suffix}`);
    await expectAccessible(page, 'new placeholder');
    await dialog.getByRole('button', { name: 'Create placeholder' }).click();

    const panel = page.getByTestId('placeholder-panel');
    await panel.getByText('Item has no media yet').waitFor();
    const placeholderId = idIn(page.url());
    await expectAccessible(page, 'placeholder');
    await screenshot(page, 'placeholder');

    await waitForTranscoding(context.request, sourceId);
    await panel.getByRole('button', { name: 'Copy media from an item…' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy media into this placeholder' });
    await copy
      .getByRole('textbox', { name: 'Item to copy from (its address or ID)' })
      .fill(`${baseUrl()}/item-details/${sourceId}`);
    await copy.getByRole('button', { name: 'Copy media' }).click();
    await waitForTranscoding(context.request, placeholderId);
    const filled = (await (await context.request.get(`/api/v1/items/${placeholderId}`)).json()) as ItemAnswer;
    expect(filled.leadingVersionId).not.toBeNull();
    // The page follows the item's events: the panel goes, the player plays the copied media.
    await panel.waitFor({ state: 'detached' });
    const video = page.getByTestId('media-player-video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
  });

  it('opens /browse and /export with only their feature sets', async () => {
    const { page } = await newPage(browser);
    await signInAs(page, 'editor@demo.test');
    await page.goto('/browse');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Folders' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Cutter' }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Upload' }).count()).toBe(0);

    await page.goto('/export');
    await page.waitForURL(/folderId=/);
    await nav.getByRole('link', { name: 'Activity' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Search' }).count()).toBe(0);
  });
});
