import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { itemAddress, loadIntoCutter } from './support/cutter.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import path from 'node:path';
import {
  closestFrame,
  decodedFrames,
  makeNumberedClip,
  range,
} from '../apps/server/test/media/numbered-frames.ts';
import { cookieHeader, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';
import { scratchDir } from './support/run.ts';

const e2e = sharedBrowser();

const suffix = Date.now().toString(36);

describe('preset management', () => {
  it('lets an administrator see the built-in presets, add one with a start timecode, make it the default and delete it after confirming', async () => {
    const { page } = await newPage(e2e.browser);
    await signInThroughApi(page.context(), 'admin@demo.test');
    await page.goto('/settings/presets');
    const table = page.getByTestId('presets-table');
    await table.getByRole('cell', { name: 'broadcast-xdcam-hd422', exact: true }).waitFor();
    await expectAccessible(page);
    // A built-in keeps its delete button disabled, with the reason.
    await expect
      .poll(() => table.getByRole('button', { name: 'Delete Web (H.264/AAC MP4)' }).isDisabled())
      .toBe(true);

    await page.getByRole('button', { name: 'New preset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New preset' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Evening ${suffix}`);
    await dialog.getByRole('textbox', { name: 'Preset ID' }).fill(`evening-${suffix}`);
    await dialog.getByLabel('Format', { exact: true }).click();
    await page.getByRole('option', { name: 'XDCAM HD 422 50 Mb/s MXF (broadcast)' }).click();
    await dialog.getByRole('switch', { name: 'Override start timecode' }).check();
    await dialog.getByRole('textbox', { name: 'Start timecode' }).fill('10:00');
    await expectAccessible(page, 'preset editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter the start timecode as HH:MM:SS:FF').waitFor();
    await dialog.getByRole('textbox', { name: 'Start timecode' }).fill('10:00:00:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Evening ${suffix} was saved`).waitFor();

    await table.getByRole('switch', { name: `Evening ${suffix} is the default for all users` }).click();
    await expect
      .poll(() =>
        table.getByRole('switch', { name: 'Web (H.264/AAC MP4) is the default for all users' }).isChecked(),
      )
      .toBe(false);
    await screenshot(page, 'presets-settings');

    await table.getByRole('button', { name: `Delete Evening ${suffix}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete preset' });
    await expectAccessible(page, 'delete preset');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Evening ${suffix} was deleted`).waitFor();
    await table.getByText(`Evening ${suffix}`).waitFor({ state: 'detached' });
    // The web preset becomes the default again for the next test run.
    await table.getByRole('switch', { name: 'Web (H.264/AAC MP4) is the default for all users' }).click();
  }, 180_000);
});

/** The video's picture now, as decodedFrames makes a source frame: 160×90, one grey byte a pixel. */
async function shownFrame(page: Page): Promise<Buffer> {
  const grey = await page.getByTestId('media-player-video').evaluate((video: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) return [];
    context.drawImage(video, 0, 0, 160, 90);
    const { data } = context.getImageData(0, 0, 160, 90);
    const out: number[] = [];
    for (let i = 0; i < data.length; i += 4)
      out.push(Math.round(0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0)));
    return out;
  });
  return Buffer.from(grey);
}

describe('the cutter', () => {
  it('lets an editor load a video, mark in and out with the keyboard frame by frame, and render the range into a new item that plays', async () => {
    const { page, context } = await newPage(e2e.browser);
    await signInAs(page, 'editor@demo.test');
    const folderId = await newFolder(context, `Cutter ${suffix}`);
    // Every frame carries its number, so what the player shows can be matched to the source's frames.
    const clip = path.join(scratchDir('cut-'), `cut-${suffix}.mp4`);
    await makeNumberedClip(clip, 75);
    const sourceFrames = await decodedFrames(clip);
    const itemId = await tusUpload(await cookieHeader(context), clip, { folderId });
    await waitForTranscoding(context.request, itemId);

    // The navigation offers the cutter to whoever holds general.mimirCutter (item.create implies it).
    await page.getByRole('link', { name: 'Cutter' }).click();
    await page.getByRole('heading', { name: 'Cutter', level: 1 }).waitFor();
    await loadIntoCutter(page, itemAddress(itemId), `cut-${suffix}`);
    await expectAccessible(page, 'cutter with a video');

    const position = page.getByTestId('cutter-position');
    // Ten frames forward with the arrow key, mark in; fifteen more, mark out.
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => position.textContent()).toBe('00:00:00:10');
    // The picture shown is the source's frame 10 (the player's stream starts its pictures 0.08 s in).
    // Polled: the position is the player's time at once, the picture once its seek is done.
    await expect
      .poll(async () => closestFrame(await shownFrame(page), sourceFrames, range(0, 75)), { timeout: 10_000 })
      .toBe(10);
    await page.keyboard.press('i');
    for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position.textContent()).toBe('00:00:00:24');
    await page.keyboard.press('o');
    await expect.poll(() => page.getByTestId('cutter-in').textContent()).toBe('00:00:00:10');
    await expect.poll(() => page.getByTestId('cutter-out').textContent()).toBe('00:00:00:24');
    await expect.poll(() => page.getByTestId('cutter-length').textContent()).toBe('00:00:00:15');
    await page.keyboard.press('Shift+I');
    await expect.poll(() => position.textContent()).toBe('00:00:00:10');
    await screenshot(page, 'cutter-marked');

    await page.getByRole('textbox', { name: 'Name of the new item' }).fill(`Cut ${suffix}`);
    await page.getByRole('button', { name: 'Make subclip' }).click();
    const started = page.getByRole('alert').filter({ hasText: 'The subclip is being rendered' });
    await started.getByRole('link', { name: `Cut ${suffix}` }).waitFor();
    await expectAccessible(page, 'subclip started');
    const href = await started.getByRole('link', { name: `Cut ${suffix}` }).getAttribute('href');
    const subclipId = href?.split('/').at(-1) ?? '';
    await waitForTranscoding(context.request, subclipId);
    const subclip = (await (await context.request.get(`/api/v1/items/${subclipId}`)).json()) as {
      technicalMetadata: { durationSeconds: number };
    };
    expect(subclip.technicalMetadata.durationSeconds).toBeCloseTo(15 / 25, 1);

    // The new item plays on its page.
    await started.getByRole('link', { name: `Cut ${suffix}` }).click();
    const video = page.getByTestId('media-player-video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
  }, 180_000);
});
