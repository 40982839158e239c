import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAndScratchDir, newPage, screenshot } from './support/browser.ts';
import { cookieHeader, makeClip, makePhoto, tusUpload, waitForTranscoding } from './support/media.ts';
import { pausePlayer } from './support/player.ts';
import { signInThroughApi } from './support/sign-in.ts';
import { sendUploads } from './support/upload-dialog.ts';
import { createUser } from './support/users.ts';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

const e2e = browserAndScratchDir('skald-e2e-clip-');
let clip: string;
/** The item the first test uploads: the later ones reuse it rather than transcode another. */
let itemId: string | undefined;
// Unique per run: the e2e server is shared by every spec file, and others upload into the root too.
const title = `clip-${Date.now().toString(36)}`;
const filename = `${title}.mp4`;

beforeAll(async () => {
  clip = await makeClip(e2e.dir, { name: filename });
}, 180_000);

describe('item details', () => {
  it('plays a 1-minute 1080p clip uploaded through the UI as HLS, shows its metadata and history, and downloads its original', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const hls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.includes('/media/hls/')) hls.push(pathname);
    });

    await page.goto('/folders');
    await page.waitForURL(/folderId=/);
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles(clip);
    await dialog.getByText(filename).waitFor();
    await sendUploads(dialog, 'Upload 1 file');
    await dialog.waitFor({ state: 'hidden' });
    const tile = page.locator('[data-item-id]', { hasText: title });
    await tile.waitFor({ timeout: 15_000 });
    const id = await tile.getAttribute('data-item-id');
    if (!id) throw new Error(`no tile for ${title}`);
    itemId = id;

    await tile.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`**/item-details/${itemId}`);
    await page.getByTestId('item-details').waitFor();
    await screenshot(page, 'item-details-transcoding');
    // About 15–20 s on a 2-core machine; bounded so a stuck job fails the run instead of hanging it.
    await waitForTranscoding(context.request, itemId, 180_000);
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
    const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLVideoElement>('[data-testid="item-player"] video')?.currentTime ?? 0) > 1,
      null,
      { timeout: 30_000 },
    );
    const before = await currentTime();
    await page.waitForFunction(
      (from) =>
        (document.querySelector<HTMLVideoElement>('[data-testid="item-player"] video')?.currentTime ?? 0) >
        from + 1,
      before,
      { timeout: 30_000 },
    );
    // What played came from the item's HLS playlist and its segments, not the progressive proxy.
    expect(hls).toContain(`/api/v1/items/${itemId}/media/hls/index.m3u8`);
    expect(hls.some((pathname) => /\/media\/hls\/seg-\d+/.test(pathname))).toBe(true);
    // Spec §9: durations in hours, minutes and seconds, on the player's clock too.
    expect(await page.getByTestId('media-player-time').innerText()).toMatch(/^0:00:\d\d$/);
    await screenshot(page, 'item-details');
    // Played as it should: stopped, so the rest of the test does not pay for decoding 1080p.
    await pausePlayer(page);

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
    expect(uploaded).toContain(filename);
    expect(uploaded).toContain('Erik Editor');
    expect(await history.locator('[data-action="described"]').innerText()).toContain('Description changed');
    await screenshot(page, 'item-history');

    await page.getByRole('tab', { name: 'Relations' }).click();
    const leading = page.getByTestId('versions-table').locator('tr[data-leading="true"]');
    expect(await leading.innerText()).toContain(filename);
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
    await page.getByTestId('downloads-table').getByText(filename).waitFor();
    await screenshot(page, 'activity-download');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: `Save ${filename}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(filename);
    expect(sha256(await download.path())).toBe(sha256(clip));

    await page.getByRole('tab', { name: 'Upload' }).click();
    const upload = page.getByTestId('uploads-table').locator('tr', { hasText: filename }).first();
    await upload.waitFor();
    expect(await upload.getAttribute('data-state')).toBe('complete');
    await screenshot(page, 'activity-upload');
    await context.close();
  }, 420_000);

  it('lets the owner make the uploaded item owner-only, which sticks after a reload and hides it from others', async () => {
    if (!itemId) throw new Error('the upload test left no item');
    // Spec §6 item.editRestrictions: a user who may change and move the editor's item (the demo's
    // viewer may not) may still not change who sees it.
    const mover = await createUser({ name: 'Mo Mover', permissions: ['item.update', 'item.move'] });
    const viewer = await newPage(e2e.browser);
    await signInThroughApi(viewer.context, mover.email, mover.password);
    await viewer.page.goto(`/item-details/${itemId}`);
    await viewer.page.getByRole('button', { name: 'More actions' }).click();
    await viewer.page.getByRole('menuitem', { name: 'Move to folder…' }).waitFor();
    expect(await viewer.page.getByRole('menuitem', { name: 'Access…' }).count()).toBe(0);
    await viewer.context.close();

    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    await page.goto(`/item-details/${itemId}`);
    const openAccess = async () => {
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Access…' }).click();
      return page.getByRole('dialog', { name: `Access to ${title}` });
    };
    let access = await openAccess();
    const visibleTo = access.getByRole('radiogroup', { name: 'Visible to' });
    expect(await visibleTo.getByRole('radio', { name: 'Everyone in the organisation' }).isChecked()).toBe(
      true,
    );
    await visibleTo.getByRole('radio', { name: 'Owner only' }).check();
    await access.getByText('Administrators keep access too.').waitFor();
    await screenshot(page, 'item-access');
    await access.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Access to “${title}” has been saved.`).waitFor();
    await access.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByTestId('item-details').waitFor();
    access = await openAccess();
    const saved = access.getByRole('radiogroup', { name: 'Visible to' });
    expect(await saved.getByRole('radio', { name: 'Owner only' }).isChecked()).toBe(true);
    expect(
      await access
        .getByRole('radiogroup', { name: 'Can be changed by' })
        .getByRole('radio', { name: 'Everyone in the organisation' })
        .isChecked(),
    ).toBe(true);
    await access.getByRole('button', { name: 'Cancel' }).click();

    const other = await newPage(e2e.browser);
    await signInThroughApi(other.context, 'viewer@demo.test');
    await other.page.goto(`/item-details/${itemId}`);
    await other.page.getByTestId('item-not-found').waitFor();
    await other.context.close();
    await context.close();
  });

  it("shows a photo's camera, lens and when it was taken from its EXIF", async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
    const photo = await makePhoto(`photo-${Date.now().toString(36)}.jpg`);
    const photoId = await tusUpload(await cookieHeader(context), photo, { folderId: root.id });
    await waitForTranscoding(context.request, photoId);

    await page.goto(`/item-details/${photoId}`);
    const exif = page.getByTestId('exif-metadata');
    await exif.waitFor();
    const text = await exif.innerText();
    expect(text).toContain('NIKON CORPORATION NIKON Z 6');
    expect(text).toContain('NIKKOR Z 24-70mm f/4 S');
    expect(text).toMatch(/May 17, 2024/);
    await screenshot(page, 'item-exif');
    await context.close();
  });

  it('says so when the item does not exist', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'viewer@demo.test');
    await page.goto('/item-details/00000000-0000-7000-8000-000000000000');
    await page.getByTestId('item-not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Item not found');
    await screenshot(page, 'item-not-found');
    await context.close();
  });
});
