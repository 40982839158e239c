import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, makeShortClip, makeStill, tusUpload, waitForTranscoding } from './support/media.ts';
import { itemAddress, loadIntoCutter } from './support/cutter.ts';
import { signInThroughApi } from './support/sign-in.ts';

const e2e = sharedBrowser();

const suffix = Date.now().toString(36);

interface ItemAnswer {
  id: string;
  title: string;
  leadingVersionId: string | null;
  technicalMetadata: { width: number | null; height: number | null; durationSeconds: number | null } | null;
}

const idIn = (url: string) => url.split('/item-details/')[1]?.split(/[?#]/)[0] ?? '';

interface CentralRender {
  /** The source as the cutter's chooser takes it (its address), and its title. */
  source: { address: string; title: string };
  placeholder: string;
  preset: string;
  /** The word the dialog's search finds the placeholder (and the source, which is no placeholder) by. */
  search: string;
}

/**
 * In the cutter, with the keyboard: frames 5 to 24 of the source marked, then "Render into
 * placeholder…" into the placeholder the search finds, through the preset; follows the
 * notification's link to the placeholder.
 */
async function renderIntoPlaceholder(page: Page, { source, placeholder, preset, search }: CentralRender) {
  await page.goto('/cutter');
  await loadIntoCutter(page, source.address, source.title);
  const position = page.getByTestId('cutter-position');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => position.textContent()).toBe('00:00:00:05');
  await page.keyboard.press('i');
  for (let i = 0; i < 19; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => position.textContent()).toBe('00:00:00:24');
  await page.keyboard.press('o');
  await expect.poll(() => page.getByTestId('cutter-length').textContent()).toBe('00:00:00:20');

  await page.getByRole('button', { name: 'Render into placeholder…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Render into a placeholder' });
  await dialog.getByText('The marked range (00:00:00:05–00:00:00:24)').waitFor();
  // The search box has the focus.
  await page.keyboard.type(search);
  const offered = () =>
    dialog
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent));
  await expect.poll(offered).toEqual([placeholder]);
  // The offered placeholder, reached and chosen by keyboard (its state polled: a loaded machine
  // once read it before the choice had rendered).
  const choice = dialog.getByRole('radio', { name: placeholder });
  await page.keyboard.press('Tab');
  await expect.poll(() => choice.evaluate((radio) => radio === document.activeElement)).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(() => choice.isChecked()).toBe(true);
  await dialog.getByLabel('Preset', { exact: true }).click();
  await page.getByRole('option', { name: preset }).click();
  await expectAccessible(page, 'render into placeholder');
  await screenshot(page, 'render-into-placeholder');
  await dialog.getByRole('button', { name: 'Render into placeholder' }).click();
  await page.getByText(`The range is being rendered into ${placeholder}.`).waitFor();
  await page.getByRole('link', { name: 'Open the placeholder' }).click();
  await page.getByRole('heading', { name: placeholder }).waitFor();
}

describe('crops and placeholders', { timeout: 240_000 }, () => {
  it('crops a picture into a new item, square, with the keyboard', async () => {
    const { page, context } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
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
    const { page, context } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
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
      .fill(itemAddress(sourceId));
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

  it('renders the cutter’s marked range into a placeholder: a failed render stays its request until a new one fills it', async () => {
    const { page, context } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const folderId = await newFolder(context, `Central renders ${suffix}`);
    const search = `night${suffix}`;
    // Without sound the WAV preset cannot render it: the first request fails, whatever the timing.
    const clip = await makeShortClip(`broll-${search}.mp4`, { silent: true });
    const sourceId = await tusUpload(await cookieHeader(context), clip, { folderId });
    const placeholder = `Evening opener ${search}`;
    const made = await context.request.post('/api/v1/placeholders', {
      data: { folderId, itemType: 'video', title: placeholder },
    });
    expect(made.status()).toBe(201);
    const placeholderId = ((await made.json()) as ItemAnswer).id;
    await waitForTranscoding(context.request, sourceId);
    const render = {
      source: { address: itemAddress(sourceId), title: `broll-${search}` },
      placeholder,
      search,
    };

    await renderIntoPlaceholder(page, { ...render, preset: 'Audio only (WAV)' });
    expect(idIn(page.url())).toBe(placeholderId);
    const request = page.getByTestId('central-render-request');
    await request.getByText('Central render request: frames 5–25 of').waitFor();
    expect(await request.getByRole('link', { name: 'the source item' }).getAttribute('href')).toBe(
      `/item-details/${sourceId}`,
    );
    const failed = page.locator('[data-testid="transcoding-status"][data-state="error"]');
    await failed.getByText('The source has no sound to render').waitFor();
    await expectAccessible(page, 'placeholder with a failed render request');
    await screenshot(page, 'placeholder-render-request-failed');

    // A new request replaces the failed one, and its render becomes the placeholder's media.
    await renderIntoPlaceholder(page, { ...render, preset: 'Web (H.264/AAC MP4)' });
    await waitForTranscoding(context.request, placeholderId);
    const filled = (await (await context.request.get(`/api/v1/items/${placeholderId}`)).json()) as ItemAnswer;
    expect(filled.leadingVersionId).not.toBeNull();
    expect(filled.technicalMetadata?.durationSeconds).toBeCloseTo(20 / 25, 1);
    await page.getByTestId('placeholder-panel').waitFor({ state: 'detached' });
    const video = page.getByTestId('media-player-video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
  });

  it('opens /browse and /export with only their feature sets', async () => {
    const { page } = await newPage(e2e.browser);
    await signInThroughApi(page.context(), 'editor@demo.test');
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
