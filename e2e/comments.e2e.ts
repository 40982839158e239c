import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAndScratchDir, newPage, screenshot } from './support/browser.ts';
import { mailCount, waitForMail } from './support/mail.ts';
import { cookieHeader, makeClip, makeStill, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInAs, signInThroughApi, waitForSearchScreen } from './support/sign-in.ts';
import { createUser, type NewUser } from './support/users.ts';

const e2e = browserAndScratchDir('skald-e2e-comments-');
const suffix = Date.now().toString(36);
const title = `harbour-${suffix}`;

const videoTime = (page: Page) =>
  page
    .getByTestId('item-player')
    .locator('video')
    .evaluate((video: HTMLVideoElement) => video.currentTime);

/** Waits until the item page's video has its stream attached (hls.js: a blob: source) and metadata. */
async function videoReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="item-player"] video');
    return video?.getAttribute('src')?.startsWith('blob:') === true && video.readyState >= 1;
  });
}

describe('comments, My tasks and notifications', () => {
  it('an editor comments at 00:00:05 and assigns the viewer, who sees it live, lands there, replies and resolves', async () => {
    const viewer: NewUser = await createUser({ name: `Nora ${suffix}` });
    const editor = await newPage(e2e.browser);
    await signInThroughApi(editor.context, 'editor@demo.test');
    const root = (await (await editor.context.request.get('/api/v1/folders/root')).json()) as { id: string };
    const clip = await makeClip(e2e.dir, { name: `${title}.mp4`, size: '320x240', seconds: 12 });
    const itemId = await tusUpload(await cookieHeader(editor.context), clip, { folderId: root.id });
    await waitForTranscoding(editor.context.request, itemId, 180_000);

    // The viewer reads Norwegian mail (their account's language) and is on the search screen.
    const reader = await newPage(e2e.browser);
    await signInAs(reader.page, viewer.email, viewer.password);
    await waitForSearchScreen(reader.page, viewer.name);
    const language = await reader.context.request.patch('/api/v1/me', { data: { language: 'nb' } });
    expect(language.status()).toBe(200);
    const bell = reader.page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    const mailsBefore = mailCount(viewer.email);

    // The editor pins a comment to 0:00:05 from the player and assigns it to the viewer.
    await editor.page.goto(`/item-details/${itemId}?tab=comments`);
    await videoReady(editor.page);
    await editor.page
      .getByTestId('item-player')
      .locator('video')
      .evaluate((video: HTMLVideoElement) => {
        video.currentTime = 5;
      });
    await editor.page.waitForFunction(
      () => document.querySelector<HTMLVideoElement>('[data-testid="item-player"] video')?.seeking === false,
    );
    const tab = editor.page.getByTestId('comments-tab');
    await tab.getByRole('button', { name: 'Pin to current time' }).click();
    await tab.getByTestId('composer-time').getByText('At 0:00:05').waitFor();
    await tab.getByLabel('Comment', { exact: true }).fill('The horizon tilts here, please level it');
    await tab.getByLabel('Assign to', { exact: true }).fill(viewer.name);
    await editor.page.getByRole('option', { name: viewer.name }).click();
    await tab.getByRole('button', { name: 'Comment', exact: true }).click();
    const made = tab.getByTestId('comment').filter({ hasText: 'The horizon tilts here' });
    await made.getByRole('button', { name: 'Play from 0:00:05' }).waitFor();
    await editor.page.getByTestId('timeline-markers').getByRole('button').first().waitFor();
    await screenshot(editor.page, 'comments-editor');

    // Without reloading, the viewer's bell counts it and My tasks lists it.
    await reader.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 10_000 });
    await reader.page.getByRole('link', { name: 'My tasks' }).click();
    const row = reader.page.getByTestId('task-row').filter({ hasText: 'The horizon tilts here' });
    await row.waitFor();
    expect(await row.getByText('Pending').count()).toBe(1);
    await screenshot(reader.page, 'my-tasks');

    await reader.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const entry = reader.page
      .getByTestId('notification')
      .filter({ hasText: `Erik Editor assigned you a comment on ${title}` });
    await entry.waitFor();
    await screenshot(reader.page, 'notification-centre');
    await entry.click();

    // It opens the item at 0:00:05, on the comment.
    await reader.page.waitForURL(`**/item-details/${itemId}?tab=comments*`);
    await videoReady(reader.page);
    await reader.page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="item-player"] video');
        return video !== null && Math.abs(video.currentTime - 5) < 0.5;
      },
      null,
      { timeout: 15_000 },
    );
    expect(Math.abs((await videoTime(reader.page)) - 5)).toBeLessThan(0.5);
    await reader.page.getByRole('button', { name: 'Notifications' }).waitFor();

    const thread = reader.page.getByTestId('comment').filter({ hasText: 'The horizon tilts here' });
    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByLabel('Your reply', { exact: true }).fill('Levelled in the next version');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await thread.getByTestId('comment-reply').getByText('Levelled in the next version').waitFor();
    await thread.getByRole('button', { name: 'Resolve' }).click();
    await thread.getByText('Resolved', { exact: true }).waitFor();
    await screenshot(reader.page, 'comment-resolved');

    await reader.page.getByRole('link', { name: 'My tasks' }).click();
    await row.getByText('Done').waitFor();

    // The assignment's e-mail reached the SMTP server in the viewer's language.
    const mail = await waitForMail(viewer.email, 10_000, mailsBefore);
    expect(mail.text).toContain(`Erik Editor har tildelt deg en kommentar på ${title}.`);
    expect(mail.text).toContain('> The horizon tilts here, please level it');
    expect(mail.text).toMatch(new RegExp(`/item-details/${itemId}\\?tab=comments&comment=[0-9a-f-]+&t=5`));

    // The editor heard of the reply and of their upload's processing.
    const told = (await (await editor.context.request.get('/api/v1/notifications')).json()) as {
      items: { kind: string; payload: { itemId?: string } }[];
    };
    const kinds = told.items.filter((n) => n.payload.itemId === itemId).map((n) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['reply', 'jobFinished']));

    // Comments are searchable: the reply's hit opens the item at its comment's time.
    await reader.page.getByRole('link', { name: 'Search comments' }).click();
    await reader.page.getByRole('searchbox', { name: 'Words in a comment' }).fill('levelled');
    const hit = reader.page.getByTestId('comment-hit').filter({ hasText: 'Levelled in the next version' });
    await hit.getByRole('link', { name: `${title} · 0:00:05` }).click();
    await reader.page.waitForURL(`**/item-details/${itemId}?tab=comments*t=5`);
    await videoReady(reader.page);
    await reader.page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="item-player"] video');
      return video !== null && Math.abs(video.currentTime - 5) < 0.5;
    });

    await reader.context.close();
    await editor.context.close();
  }, 300_000);

  it('pins a comment on a picture to a region drawn on it, and shows the region again', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signInThroughApi(context, 'editor@demo.test');
    const root = (await (await context.request.get('/api/v1/folders/root')).json()) as { id: string };
    const still = await makeStill(`still-${suffix}.png`);
    const itemId = await tusUpload(await cookieHeader(context), still, { folderId: root.id });
    await waitForTranscoding(context.request, itemId, 120_000);
    await page.goto(`/item-details/${itemId}?tab=comments`);
    const tab = page.getByTestId('comments-tab');
    await tab.getByRole('button', { name: 'Pin to a region' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pin to a region' });
    const picture = dialog.getByTestId('region-picture');
    await picture.locator('img').waitFor();
    const box = await picture.boundingBox();
    if (!box) throw new Error('no picture');
    // Drawn with the mouse, then set exactly by typing (the keyboard's way). The drawn sides differ
    // from the typed ones: typing the percentage a box already shows changes nothing, and a drawn
    // side is only near its percentage (0.1996 shows as 20).
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.7, { steps: 5 });
    await page.mouse.up();
    await dialog.getByTestId('region-outline').waitFor();
    const typed: [string, string][] = [
      ['Left', '10'],
      ['Top', '20'],
      ['Width', '30'],
      ['Height', '40'],
    ];
    for (const [side, percent] of typed) {
      await dialog.getByRole('textbox', { name: side }).fill(percent);
    }
    await dialog.getByRole('button', { name: 'Pin', exact: true }).click();
    await tab.getByTestId('composer-region').getByText('Region pinned').waitFor();
    await tab.getByLabel('Comment', { exact: true }).fill('Blur this part');
    await tab.getByRole('button', { name: 'Comment', exact: true }).click();
    const made = tab.getByTestId('comment').filter({ hasText: 'Blur this part' });
    await made.getByRole('button', { name: 'Show region' }).click();
    await page.getByRole('dialog', { name: 'Show region' }).getByTestId('region-outline').waitFor();
    await screenshot(page, 'comment-region');

    const listed = (await (await context.request.get(`/api/v1/items/${itemId}/comments`)).json()) as {
      items: { region: { x: number; y: number; width: number; height: number } | null }[];
    };
    const region = listed.items[0]?.region;
    expect(region).toEqual({ x: 0.1, y: 0.2, width: 0.3, height: 0.4 });
    await context.close();
  }, 180_000);
});
