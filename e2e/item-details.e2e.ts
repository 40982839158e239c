import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot } from './support/browser.ts';
import { cookieHeader, makeClip, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInAs } from './support/sign-in.ts';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

let browser: Browser;
let dir: string;
let clip: string;

beforeAll(async () => {
  browser = await launch();
  dir = mkdtempSync(path.join(tmpdir(), 'skald-e2e-clip-'));
  clip = await makeClip(dir);
}, 180_000);

afterAll(async () => {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('item details', () => {
  it('plays an uploaded clip with hls.js, shows its metadata and history, and downloads its original', async () => {
    const { context, page } = await newPage(browser);
    await signInAs(page, 'editor@demo.test');
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
    const itemId = await tusUpload(await cookieHeader(context), clip, { folderId: root.id });

    await page.goto(`/item-details/${itemId}`);
    await page.getByTestId('item-details').waitFor();
    await screenshot(page, 'item-details-transcoding');
    await waitForTranscoding(context.request, itemId);
    // The events stream brings the new state to the open page, and the player with it.
    await page.locator('[data-testid="transcoding-status"][data-state="complete"]').waitFor();

    const video = page.getByTestId('item-player').locator('video');
    await video.waitFor();
    // hls.js plays through Media Source Extensions: the element's source is a blob URL.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="item-player"] video')?.getAttribute('src')?.startsWith('blob:'),
    );
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLVideoElement>('[data-testid="item-player"] video')?.currentTime ?? 0) > 1,
      null,
      { timeout: 30_000 },
    );
    await screenshot(page, 'item-details');

    const technical = page.getByTestId('technical-metadata');
    await technical.getByText('1920x1080', { exact: true }).waitFor();
    const metadata = await technical.innerText();
    expect(metadata).toContain('0:01:00');
    expect(metadata).toContain('25 fps');
    expect(metadata).toContain('h264');
    expect(metadata).toContain(sha256(clip));
    await screenshot(page, 'item-metadata');

    const description = page.getByTestId('item-description');
    await description.getByText('No description yet.').waitFor();
    await description.getByRole('button', { name: 'Edit the description' }).click();
    await description.getByRole('textbox', { name: 'Description' }).fill('Opptak fra påskeferien på fjellet');
    await description.getByRole('button', { name: 'Save' }).click();
    await description.getByText('Opptak fra påskeferien på fjellet').waitFor();
    await screenshot(page, 'item-description');

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByTestId('item-history');
    await history.locator('[data-action="uploaded"]').waitFor();
    const uploaded = await history.locator('[data-action="uploaded"]').innerText();
    expect(uploaded).toContain('Uploaded');
    expect(uploaded).toContain('clip.mp4');
    expect(uploaded).toContain('Erik Editor');
    expect(await history.locator('[data-action="described"]').innerText()).toContain('Description changed');
    await screenshot(page, 'item-history');

    await page.getByRole('tab', { name: 'Relations' }).click();
    const leading = page.getByTestId('versions-table').locator('tr[data-leading="true"]');
    expect(await leading.innerText()).toContain('clip.mp4');
    await screenshot(page, 'item-relations');

    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByRole('menuitem', { name: /^Original/ }).click();
    await page.getByTestId('download-notification').waitFor();
    await screenshot(page, 'download-notification');

    // In-app navigation: the download carries on in this tab.
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('tab', { name: 'Download' }).click();
    const done = page.getByTestId('browser-downloads-table').locator('tr[data-state="complete"]');
    await done.waitFor({ timeout: 60_000 });
    await page.getByTestId('downloads-table').getByText('clip.mp4').waitFor();
    await screenshot(page, 'activity-download');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: 'Save clip.mp4' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('clip.mp4');
    expect(sha256(await download.path())).toBe(sha256(clip));

    await page.getByRole('tab', { name: 'Upload' }).click();
    const upload = page.getByTestId('uploads-table').locator('tr', { hasText: 'clip.mp4' }).first();
    await upload.waitFor();
    expect(await upload.getAttribute('data-state')).toBe('complete');
    await screenshot(page, 'activity-upload');
    await context.close();
  }, 420_000);

  it('says so when the item does not exist', async () => {
    const { context, page } = await newPage(browser);
    await signInAs(page, 'viewer@demo.test');
    await page.goto('/item-details/00000000-0000-7000-8000-000000000000');
    await page.getByTestId('item-not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Item not found');
    await screenshot(page, 'item-not-found');
    await context.close();
  });
});
