import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAndScratchDir, newPage, screenshot } from './support/browser.ts';
import { cookieHeader, makeClip, makePhoto, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';

const run = promisify(execFile);

const e2e = browserAndScratchDir('skald-e2e-player-');
const stamp = Date.now().toString(36);
const ids = { first: '', second: '', audio: '', photo: '' };

beforeAll(async () => {
  const { context } = await newPage(e2e.browser);
  await signInAs(await context.newPage(), 'editor@demo.test');
  const cookie = await cookieHeader(context);
  const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
  const upload = async (file: string) => {
    const id = await tusUpload(cookie, file, { folderId: root.id });
    await waitForTranscoding(context.request, id);
    return id;
  };
  const clip = (name: string) => makeClip(e2e.dir, { name, size: '320x240', seconds: 4 });
  ids.first = await upload(await clip(`player-a-${stamp}.mp4`));
  ids.second = await upload(await clip(`player-b-${stamp}.mp4`));
  // Five seconds of a loud 440 Hz tone, for the level meter.
  const tone = path.join(e2e.dir, `tone-${stamp}.wav`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=5', '-y', tone],
  ]);
  ids.audio = await upload(tone);
  ids.photo = await upload(await makePhoto(`photo-${stamp}.jpg`));
  await context.close();
}, 240_000);

const videoState = (page: Page) =>
  page.getByTestId('media-player-video').evaluate((video: HTMLVideoElement) => ({
    muted: video.muted,
    volume: video.volume,
  }));

const fullscreenIsPlayer = (page: Page) =>
  page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null);

async function openPlayer(page: Page, itemId: string) {
  await page.goto(`/item-details/${itemId}`);
  const player = page.getByTestId('media-player');
  await player.and(page.locator('[data-state="ready"]')).waitFor();
  return player;
}

describe('the player', () => {
  it('mutes, sets the volume and goes full screen with the mouse and with M and F, and keeps the volume for the next item', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'editor@demo.test');
    const player = await openPlayer(page, ids.first);
    expect(await videoState(page)).toEqual({ muted: false, volume: 1 });

    // The mouse: mute, unmute, full screen and back.
    await player.getByRole('button', { name: 'Mute' }).click();
    expect((await videoState(page)).muted).toBe(true);
    await player.getByRole('button', { name: 'Unmute' }).click();
    expect((await videoState(page)).muted).toBe(false);
    await player.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => fullscreenIsPlayer(page)).toBe('media-player');
    await screenshot(page, 'player-fullscreen');
    await player.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => fullscreenIsPlayer(page)).toBe(null);

    // The keys, while the player has the focus.
    await player.focus();
    await page.keyboard.press('m');
    expect((await videoState(page)).muted).toBe(true);
    await page.keyboard.press('M');
    expect((await videoState(page)).muted).toBe(false);
    await page.keyboard.press('f');
    await expect.poll(() => fullscreenIsPlayer(page)).toBe('media-player');
    await page.keyboard.press('f');
    await expect.poll(() => fullscreenIsPlayer(page)).toBe(null);

    // The volume slider, by keys (5 % a step) and by a click at its start (silence: muted).
    const slider = player.getByRole('slider', { name: 'Volume' });
    await slider.focus();
    for (let step = 0; step < 8; step++) await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await videoState(page)).volume).toBeCloseTo(0.6, 5);
    expect(await slider.getAttribute('aria-valuenow')).toBe('60');

    // Another item starts at the same volume; so does a reload.
    await openPlayer(page, ids.second);
    await expect.poll(async () => (await videoState(page)).volume).toBeCloseTo(0.6, 5);
    await page.reload();
    await page.getByTestId('media-player').and(page.locator('[data-state="ready"]')).waitFor();
    await expect.poll(async () => (await videoState(page)).volume).toBeCloseTo(0.6, 5);
    expect(await page.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuenow')).toBe('60');
    await context.close();
  });

  it('shows the level of an audio item as it plays, and silence when paused', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInAs(page, 'editor@demo.test');
    const player = await openPlayer(page, ids.audio);
    const meter = player.getByRole('meter', { name: 'Audio level' });
    expect(await meter.getAttribute('aria-valuenow')).toBe('-60');
    await player.getByRole('button', { name: 'Play' }).click();
    // A full-scale sine reads about -3 dBFS RMS; ffmpeg's sine source is at 1/8 scale: about -21.
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 5_000 })
      .toBeGreaterThan(-30);
    await screenshot(page, 'player-audio-meter');
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => meter.getAttribute('aria-valuenow')).toBe('-60');
    // M mutes the audio player too.
    await player.focus();
    await page.keyboard.press('m');
    expect(
      await page.getByTestId('media-player-audio').evaluate((audio: HTMLAudioElement) => audio.muted),
    ).toBe(true);
    await context.close();
  });

  it('shows a picture what it has: format, dimensions, colour space and EXIF, no transcoding badge nor video rows', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    await page.goto(`/item-details/${ids.photo}`);
    const technical = page.getByTestId('technical-metadata');
    await technical.waitFor();
    const rows = await technical.locator('tr').allInnerTexts();
    const labels = rows.map((row) => row.split('\t')[0]);
    expect(labels).toEqual(['Format', 'Dimensions', 'Colour space', 'File size', 'MIME type', 'SHA-256']);
    expect(rows.slice(0, 3)).toEqual(['Format\tJPG', 'Dimensions\t1200x800', 'Colour space\tsRGB']);
    await page.getByTestId('exif-metadata').waitFor();
    expect(await page.getByTestId('transcoding-status').count()).toBe(0);
    await screenshot(page, 'picture-metadata');
    await context.close();
  });
});
