import { describe, expect, it } from 'vitest';
import { sharedBrowser, newPage, watchCspViolations } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { makeShortClip, makeStill, waitForTranscoding } from './support/media.ts';
import { signInAs, signInThroughApi } from './support/sign-in.ts';
import { sendUploads } from './support/upload-dialog.ts';
import { createUser } from './support/users.ts';

const e2e = sharedBrowser();

// The server's Content-Security-Policy is strict (scripts from files only, media and workers from
// blobs): these walk the screens that load the most kinds of things and expect no violation.
describe('the content security policy', () => {
  it('is sent with the app and lets it sign in, upload through the dashboard and play HLS', async () => {
    const suffix = Date.now().toString(36);
    const clip = await makeShortClip(`csp-${suffix}.mp4`);
    const still = await makeStill(`csp-${suffix}.png`);
    const { context, page } = await newPage(e2e.browser);
    const violations = await watchCspViolations(page);

    const answer = await page.goto('/');
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(answer?.headers()['x-content-type-options']).toBe('nosniff');
    await signInAs(page, 'editor@demo.test');

    const folderId = await newFolder(context, `CSP ${suffix}`);
    await page.goto(`/folders?folderId=${folderId}`);
    await page.getByRole('heading', { level: 1, name: `CSP ${suffix}` }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles([clip, still]);
    // The dashboard's preview of the still is drawn from a blob.
    await dialog.locator('img.uppy-Dashboard-Item-previewImg').first().waitFor();
    await sendUploads(dialog, 'Upload 2 files');

    // Both files are titled csp-<suffix>: one tile each.
    const tiles = page.locator('[data-item-id]', { hasText: `csp-${suffix}` });
    await tiles.nth(1).waitFor({ timeout: 15_000 });
    const ids = await tiles.evaluateAll((found) =>
      found.map((tile) => tile.getAttribute('data-item-id') ?? ''),
    );
    let played = false;
    for (const id of ids) {
      await waitForTranscoding(context.request, id, 180_000);
      await page.goto(`/item-details/${id}`);
      await page.getByTestId('item-details').waitFor();
      if ((await page.getByTestId('item-type').innerText()) !== 'Video') continue;
      // hls.js: a MediaSource behind a blob: URL, fed by a worker started from a blob.
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="item-player"] video')?.getAttribute('src')?.startsWith('blob:'),
      );
      await page
        .getByTestId('item-player')
        .locator('video')
        .evaluate(async (video: HTMLVideoElement) => {
          video.muted = true;
          await video.play();
          await new Promise((resolve) => setTimeout(resolve, 500));
        });
      played = true;
    }
    expect(played).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  }, 300_000);

  it('lets the MFA set-up show its QR code, and the OpenAPI page render', async () => {
    const user = await createUser({ name: 'Cecilie Csp' });
    const { context, page } = await newPage(e2e.browser);
    const violations = await watchCspViolations(page);
    await signInThroughApi(context, user.email, user.password);
    await page.goto('/user-settings');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    const width = await qr.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return img.naturalWidth;
    });
    expect(width).toBeGreaterThan(0);

    await page.goto('/api/docs/');
    await page.locator('.swagger-ui .info .title').getByText('Skald API').waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
