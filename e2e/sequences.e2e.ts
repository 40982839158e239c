import path from 'node:path';
import { framesToTimecode } from '@skald/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeNumberedClip } from '../apps/server/test/media/numbered-frames.ts';
import { expectAccessible } from './support/axe.ts';
import { itemAddress, loadIntoCutter } from './support/cutter.ts';
import { sharedBrowser, newPage, screenshot } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInThroughApi } from './support/sign-in.ts';
import { scratchDir } from './support/run.ts';

const e2e = sharedBrowser();

const suffix = Date.now().toString(36);

/** Loads an item into the cutter's source player. */
const load = (page: Page, itemId: string, title: string) => loadIntoCutter(page, itemAddress(itemId), title);

const tc = (frame: number) => framesToTimecode(frame, { numerator: 25, denominator: 1 });

/** Steps one frame on with the arrow key, and waits for the player to show it. */
async function stepTo(page: Page, frame: number) {
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.getByTestId('cutter-position').textContent()).toBe(tc(frame));
}

/**
 * Marks in `from` frames in and out `length` frames later with the keyboard (arrow keys, I, O): each
 * mark is the frame shown when its key is pressed, to the frame.
 */
async function markWithKeys(page: Page, from: number, length: number) {
  for (let f = 1; f <= from; f++) await stepTo(page, f);
  await page.keyboard.press('i');
  await expect.poll(() => page.getByTestId('cutter-in').textContent()).toBe(tc(from));
  for (let f = from + 1; f < from + length; f++) await stepTo(page, f);
  await page.keyboard.press('o');
  await expect.poll(() => page.getByTestId('cutter-out').textContent()).toBe(tc(from + length - 1));
  await expect.poll(() => page.getByTestId('cutter-length').textContent()).toBe(tc(length));
}

describe('sequences and virtual clips in the cutter', { timeout: 300_000 }, () => {
  it('builds a sequence of two clips marked with the keyboard, previews it, exports it through the web preset, and the new item plays', async () => {
    const { page, context } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const folderId = await newFolder(context, `Sequence ${suffix}`);
    const dir = scratchDir('seq-');
    const ids: string[] = [];
    for (const name of [`first-${suffix}`, `second-${suffix}`]) {
      const file = path.join(dir, `${name}.mp4`);
      await makeNumberedClip(file, 50);
      ids.push(await tusUpload(await cookieHeader(context), file, { folderId }));
    }
    const [first = '', second = ''] = ids;
    for (const id of ids) await waitForTranscoding(context.request, id);

    await page.goto('/cutter');
    await page.getByRole('heading', { name: 'Cutter', level: 1 }).waitFor();
    await load(page, first, `first-${suffix}`);
    await markWithKeys(page, 5, 10);
    await page.getByRole('button', { name: 'Add range to sequence' }).click();
    await load(page, second, `second-${suffix}`);
    await markWithKeys(page, 20, 15);
    await page.getByRole('button', { name: 'Add range to sequence' }).click();

    const clips = page.getByTestId('sequence-clip');
    await expect.poll(() => clips.count()).toBe(2);
    // Reorder with the keyboard: the second clip first, and back.
    await page.getByRole('button', { name: 'Move clip 2 up' }).click();
    await expect.poll(() => clips.first().getAttribute('data-source')).toBe(second);
    await page.getByRole('button', { name: 'Move clip 2 up' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => clips.first().getAttribute('data-source')).toBe(first);
    await expectAccessible(page, 'cutter with a sequence');

    // The preview plays the clips in order, in the browser.
    await page.getByRole('button', { name: 'Preview sequence' }).click();
    const status = page.getByTestId('sequence-preview-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('End of the sequence');
    await screenshot(page, 'cutter-sequence');

    await page.getByRole('textbox', { name: 'Name of the sequence' }).fill(`Package ${suffix}`);
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await page
      .getByRole('link', { name: `Package ${suffix}` })
      .first()
      .waitFor();
    const preset = page.getByRole('combobox', { name: 'Export through preset' });
    await expect.poll(() => preset.inputValue()).toBe('Web (H.264/AAC MP4)');
    await page.getByRole('button', { name: 'Export sequence' }).click();
    await page.getByTestId('sequence-export-done').waitFor({ timeout: 120_000 });
    await expectAccessible(page, 'sequence exported');

    const link = page.getByTestId('sequence-export-progress').getByRole('link');
    const exportedId = (await link.getAttribute('href'))?.split('/').at(-1) ?? '';
    await waitForTranscoding(context.request, exportedId);
    const exported = (await (await context.request.get(`/api/v1/items/${exportedId}`)).json()) as {
      itemType: string;
      technicalMetadata: { durationSeconds: number };
    };
    expect(exported.itemType).toBe('video');
    expect(exported.technicalMetadata.durationSeconds).toBeCloseTo(25 / 25, 1);
    await link.click();
    const video = page.getByTestId('media-player-video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
  });

  it('opens a saved sequence from its page in the cutter, reorders and removes clips, and saves them into the same item', async () => {
    const { page, context } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const folderId = await newFolder(context, `Edit ${suffix}`);
    const file = path.join(scratchDir('seq-edit-'), `shots-${suffix}.mp4`);
    await makeNumberedClip(file, 50);
    const sourceId = await tusUpload(await cookieHeader(context), file, { folderId });
    await waitForTranscoding(context.request, sourceId);
    const made = await context.request.post('/api/v1/sequences', {
      data: {
        title: `Saved ${suffix}`,
        clips: [
          { sourceItemId: sourceId, inFrame: 0, outFrame: 10 },
          { sourceItemId: sourceId, inFrame: 20, outFrame: 30 },
          { sourceItemId: sourceId, inFrame: 40, outFrame: 50 },
        ],
      },
    });
    expect(made.status()).toBe(201);
    const sequenceId = ((await made.json()) as { id: string }).id;

    await page.goto(`/item-details/${sequenceId}`);
    // What an export depends on: the one source, the parts used.
    await page
      .getByTestId('sequence-dependencies')
      .getByRole('link', { name: `shots-${suffix}` })
      .waitFor();
    await page.getByRole('link', { name: 'Edit in cutter' }).click();
    await page
      .getByTestId('sequence-open')
      .getByRole('link', { name: `Saved ${suffix}` })
      .waitFor();
    const clips = page.getByTestId('sequence-clip');
    await expect.poll(() => clips.count()).toBe(3);
    const saveChanges = page.getByRole('button', { name: 'Save changes' });
    expect(await saveChanges.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Move clip 3 up' }).click();
    await page.getByRole('button', { name: 'Remove clip 1' }).click();
    await expect.poll(() => clips.count()).toBe(2);
    await expectAccessible(page, 'cutter editing a saved sequence');
    await saveChanges.click();
    await expect.poll(() => page.getByTestId('sequence-saved').textContent()).toBe('The sequence was saved');

    const saved = (await (await context.request.get(`/api/v1/items/${sequenceId}/sequence`)).json()) as {
      clips: { inFrame: number }[];
    };
    expect(saved.clips.map((c) => c.inFrame)).toEqual([40, 20]);
    const history = (await (await context.request.get(`/api/v1/items/${sequenceId}/history`)).json()) as {
      items: { action: string }[];
    };
    expect(history.items[0]?.action).toBe('sequenceEdited');
  });

  it('makes a virtual clip that plays only its range and refuses download with the spec’s message', async () => {
    const { page, context } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const folderId = await newFolder(context, `Virtual ${suffix}`);
    const file = path.join(scratchDir('vc-'), `whole-${suffix}.mp4`);
    await makeNumberedClip(file, 75);
    const sourceId = await tusUpload(await cookieHeader(context), file, { folderId });
    await waitForTranscoding(context.request, sourceId);

    await page.goto('/cutter');
    await load(page, sourceId, `whole-${suffix}`);
    await markWithKeys(page, 10, 15);
    await page.getByRole('button', { name: 'Make virtual clip' }).click();
    const made = page.getByRole('alert').filter({ hasText: 'The virtual clip was made' });
    await made.getByRole('link').click();

    // It plays its source's streams from frame 10 (0.4 s), and stops at frame 25 (1 s).
    const video = page.getByTestId('media-player-video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeCloseTo(0.4, 1);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.paused), { timeout: 15_000 })
      .toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(1, 1);

    // Download is refused with the spec's message (§5).
    await page.getByRole('button', { name: 'Download' }).first().click();
    await page
      .getByRole('menu')
      .getByText('Virtual clips cannot be versioned or downloaded directly')
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Relations' }).click();
    await page.getByTestId('clip-source').getByRole('link', { name: 'Open the source' }).waitFor();
    await expectAccessible(page, 'virtual clip');
  });
});
