import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { browserAndScratchDir, newPage, screenshot } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, makeShortClip, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInThroughApi } from './support/sign-in.ts';

const run = browserAndScratchDir('skald-e2e-render-item-');
const suffix = Date.now().toString(36);
const idIn = (url: string) => url.split('/item-details/')[1]?.split(/[?#]/)[0] ?? '';

describe('rendering a whole item through a preset', { timeout: 240_000 }, () => {
  it('re-wraps an uploaded clip into MOV from its page, with the keyboard, and the new item plays', async () => {
    const { page, context } = await newPage(run.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const folderId = await newFolder(context, `Renders ${suffix}`);
    const clip = await makeShortClip(`rushes-${suffix}.mp4`);
    const sourceId = await tusUpload(await cookieHeader(context), clip, { folderId });
    await waitForTranscoding(context.request, sourceId);

    await page.goto(`/item-details/${sourceId}`);
    await page.getByRole('button', { name: 'Render through preset…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Render the whole item through a preset' });
    await dialog.getByLabel('Preset', { exact: true }).click();
    await page.getByRole('option', { name: 'Re-wrap to MOV' }).click();
    await expectAccessible(page, 'render item');
    await screenshot(page, 'render-item');
    await dialog.getByRole('button', { name: 'Render', exact: true }).click();

    const title = `rushes-${suffix} (Re-wrap to MOV)`;
    await page.getByText(`“${title}” is being rendered`).waitFor();
    await page.getByRole('link', { name: 'Open the new item' }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('tab', { name: 'Relations' }).click();
    const source = page.getByTestId('render-source');
    await source.getByText('Rendered from').waitFor();
    expect(await source.getByRole('link', { name: 'Open the source' }).getAttribute('href')).toBe(
      `/item-details/${sourceId}`,
    );
    await waitForTranscoding(context.request, idIn(page.url()));
    const video = page.getByTestId('media-player-video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
  });
});
