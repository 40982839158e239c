import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage, screenshot, watchCspViolations } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, makeShortClip, makeStill, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInThroughApi } from './support/sign-in.ts';
import { pickOption } from './support/mantine.ts';
import { adminApi } from './support/users.ts';

const e2e = sharedBrowser();

/** A browser without a session, as the recipient of a link has. */
async function stranger(): Promise<{ context: BrowserContext; page: Page }> {
  return newPage(e2e.browser);
}

/** An editor's new folder of that name and the link of an upload request to it, made in the UI. */
async function requestUploadLink(folder: string) {
  const { context, page } = await newPage(e2e.browser);
  await signInThroughApi(context, 'editor@demo.test');
  const folderId = await newFolder(context, folder);
  await page.goto(`/folders?folderId=${folderId}`);
  await page.getByRole('heading', { level: 1, name: folder }).waitFor();
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('menuitem', { name: 'Request upload to this folder' }).click();
  const dialog = page.getByRole('dialog', { name: `Request upload to ${folder}` });
  await dialog.getByRole('button', { name: 'Create upload request' }).click();
  const link = await dialog.getByTestId('share-link').innerText();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return { context, page, folderId, link };
}

describe('shares by link', () => {
  it('shares two items with a password, expiry tomorrow and 2 views: refused with a wrong password, played and downloaded with the right one, a third visitor refused', async () => {
    const suffix = Date.now().toString(36);
    const folder = `Shared ${suffix}`;
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const folderId = await newFolder(context, folder);
    const cookie = await cookieHeader(context);
    const clipId = await tusUpload(cookie, await makeShortClip(`harbour-${suffix}.mp4`), { folderId });
    const stillId = await tusUpload(cookie, await makeStill(`bridge-${suffix}.png`), { folderId });
    await waitForTranscoding(context.request, clipId, 180_000);
    await waitForTranscoding(context.request, stillId, 120_000);

    await page.goto(`/folders?folderId=${folderId}`);
    await page.getByRole('heading', { level: 1, name: folder }).waitFor();
    await page.getByRole('radiogroup', { name: 'View' }).locator('label', { hasText: 'List' }).click();
    for (const title of [`harbour-${suffix}`, `bridge-${suffix}`]) {
      await page.getByRole('checkbox', { name: `Select ${title}` }).check();
    }
    const bulk = page.getByTestId('bulk-bar');
    await bulk.getByText('2 items selected').waitFor();
    await bulk.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: `Share ${folder}` });
    await dialog.getByRole('textbox', { name: 'Page title' }).fill(`Rushes ${suffix}`);
    await dialog.getByRole('switch', { name: 'Protect with a password' }).check();
    await dialog.getByLabel('Password', { exact: true }).fill('open sesame');
    await dialog.getByRole('textbox', { name: 'Unique views' }).fill('2');
    await dialog.getByText('Web proxy').click();
    // The expiry date is tomorrow unless changed.
    await screenshot(page, 'share-form');
    await dialog.getByRole('button', { name: 'Create share' }).click();
    const link = await dialog.getByTestId('share-link').innerText();
    expect(link).toMatch(/\/share\/[\w-]{43}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const path = new URL(link).pathname;

    // A fresh browser: the password first, nothing of the share before it.
    const first = await stranger();
    const violations = await watchCspViolations(first.page);
    await first.page.goto(path);
    await first.page.getByRole('heading', { name: 'This share is protected' }).waitFor();
    await expectAccessible(first.page, 'locked');
    expect(await first.page.locator('main').innerText()).not.toContain(`Rushes ${suffix}`);
    await first.page.getByRole('textbox', { name: 'Password' }).fill('wrong password');
    await first.page.getByRole('button', { name: 'Open' }).click();
    await first.page.getByText('Wrong password').waitFor();
    await first.page.getByRole('textbox', { name: 'Password' }).fill('open sesame');
    await first.page.getByRole('button', { name: 'Open' }).click();
    await first.page.getByRole('heading', { level: 1, name: `Rushes ${suffix}` }).waitFor();
    await first.page.getByText('Shared by Erik Editor').waitFor();
    await expectAccessible(first.page);

    // The clip plays from the share's own HLS path.
    await first.page.getByRole('button', { name: `Show harbour-${suffix}` }).click();
    const video = first.page.getByTestId('shared-player').locator('video');
    await video.waitFor();
    await first.page.waitForFunction(() =>
      document.querySelector('[data-testid="shared-player"] video')?.getAttribute('src')?.startsWith('blob:'),
    );
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await first.page.waitForFunction(
      () =>
        (document.querySelector<HTMLVideoElement>('[data-testid="shared-player"] video')?.currentTime ?? 0) >
        1,
      null,
      { timeout: 30_000 },
    );
    await screenshot(first.page, 'shared-page');
    const [download] = await Promise.all([
      first.page.waitForEvent('download'),
      first.page.getByRole('link', { name: 'Download proxy' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`harbour-${suffix}-proxy.mp4`);
    expect(await download.failure()).toBeNull();
    // The share's player runs within the Content Security Policy like the item page's.
    expect(violations).toEqual([]);

    // The second visitor is the last the share allows; the third is refused.
    const second = await stranger();
    await second.page.goto(path);
    await second.page.getByRole('textbox', { name: 'Password' }).fill('open sesame');
    await second.page.getByRole('button', { name: 'Open' }).click();
    await second.page.getByRole('heading', { level: 1, name: `Rushes ${suffix}` }).waitFor();
    const third = await stranger();
    await third.page.goto(path);
    await third.page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await expectAccessible(third.page, 'gone');
    await screenshot(third.page, 'shared-gone');

    // My shares says so.
    await page.goto('/share');
    const row = page.getByTestId('shares-table').locator('tr', { hasText: `Rushes ${suffix}` });
    await row.getByText('2 of 2 views').waitFor();
    await row.getByText('Views used up').waitFor();
    await screenshot(page, 'my-shares');
    // The item page's Shares tab lists it too.
    await page.goto(`/item-details/${clipId}?tab=shares`);
    await page.getByRole('tab', { name: 'Shares' }).waitFor();
    await page.getByTestId('shares-table').getByText(`Rushes ${suffix}`).waitFor();
    for (const visitor of [first, second, third]) await visitor.context.close();
    await context.close();
  }, 180_000);

  it('receives a file through an upload request link from a e2e.browser without a session, into the chosen folder', async () => {
    const suffix = Date.now().toString(36);
    const folder = `Inbox ${suffix}`;
    const { context, page, link } = await requestUploadLink(folder);

    const sender = await stranger();
    const violations = await watchCspViolations(sender.page);
    await sender.page.goto(new URL(link).pathname);
    await sender.page.getByRole('heading', { level: 1, name: folder }).waitFor();
    await expectAccessible(sender.page);
    const still = await makeStill(`freelance-${suffix}.png`);
    await sender.page.locator('input.uppy-Dashboard-input').first().setInputFiles(still);
    await sender.page.getByText(`freelance-${suffix}.png`).waitFor();
    await sender.page.getByRole('button', { name: 'Upload 1 file' }).click();
    await sender.page.getByText('1 file received. Thank you!').waitFor({ timeout: 60_000 });
    await screenshot(sender.page, 'shared-uploader');
    expect(violations).toEqual([]);

    await page.reload();
    await page.locator('[data-item-id]', { hasText: `freelance-${suffix}` }).waitFor({ timeout: 15_000 });
    // The requester hears of it in the notification centre.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page
      .getByTestId('notification')
      .filter({ hasText: 'A file arrived through your upload request' })
      .waitFor({ timeout: 15_000 });
    await sender.context.close();
    await context.close();
  }, 120_000);

  it("asks an upload request's guest for the upload view's values, refuses the files until the required one is set, and the item shows them on its Metadata tab", async () => {
    const suffix = Date.now().toString(36);
    const formId = `freelance${suffix}`;
    const formLabel = `Freelance ${suffix}`;
    const admin = await adminApi();
    const created = await admin.post('/api/v1/forms', {
      data: {
        id: formId,
        label: formLabel,
        active: true,
        fields: [
          { fieldId: 'photographer', label: 'Photographer', type: 'Text', required: true },
          {
            fieldId: 'place',
            label: 'Place',
            type: 'Choice',
            alternatives: [
              { value: 'oslo', label: 'Oslo' },
              { value: 'bergen', label: 'Bergen' },
            ],
          },
          { fieldId: 'internal', label: 'Internal note', type: 'Text', readOnly: true },
        ],
      },
    });
    expect(created.status()).toBe(201);

    const folder = `Guests ${suffix}`;
    const { context, page, folderId, link } = await requestUploadLink(folder);

    const guest = await stranger();
    await guest.page.goto(new URL(link).pathname);
    const values = guest.page.getByTestId('shared-upload-values');
    const form = values.getByTestId(`view-form-${formId}`);
    await form.getByRole('textbox', { name: 'Photographer' }).waitFor();
    expect(await form.getByRole('textbox', { name: 'Internal note' }).count()).toBe(0);
    await guest.page
      .locator('input.uppy-Dashboard-input')
      .first()
      .setInputFiles(await makeStill(`guest-${suffix}.png`));
    await guest.page.getByRole('button', { name: 'Upload 1 file' }).click();
    // Nothing leaves before the required field is set: the spec's message at the field.
    await form.getByText('Value required').waitFor();
    await values.getByTestId('shared-upload-values-invalid').waitFor();
    await expectAccessible(guest.page, 'upload request with form values');
    await form.getByRole('textbox', { name: 'Photographer' }).fill('Kari Nordmann');
    await pickOption(guest.page, form, 'Place', 'Bergen');
    await screenshot(guest.page, 'shared-uploader-values');
    await guest.page.getByRole('button', { name: 'Upload 1 file' }).click();
    await guest.page.getByText('1 file received. Thank you!').waitFor({ timeout: 60_000 });

    const listed = (await (await context.request.get(`/api/v1/items?folderId=${folderId}`)).json()) as {
      items: { id: string; title: string }[];
    };
    const itemId = listed.items.find((item) => item.title === `guest-${suffix}`)?.id ?? '';
    await page.goto(`/item-details/${itemId}`);
    await page.getByRole('tab', { name: 'Metadata' }).click();
    const panel = page.getByRole('form', { name: formLabel });
    expect(await panel.getByRole('textbox', { name: 'Photographer' }).inputValue()).toBe('Kari Nordmann');
    expect(await panel.getByLabel('Place').first().inputValue()).toBe('Bergen');
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText('a recipient of the share', { exact: false }).first().waitFor();
    await admin.delete(`/api/v1/forms/${formId}`);
    await admin.dispose();
    await guest.context.close();
    await context.close();
  }, 180_000);
});
