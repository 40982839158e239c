import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, makeShortClip, tusUpload, waitForTranscoding } from './support/media.ts';
import { baseUrl } from './support/run.ts';
import { signInAs, waitForSearchScreen } from './support/sign-in.ts';
import { createUser } from './support/users.ts';

// Issue 14 §3 in the browser: a Bokmål transcript is written and edited on the Transcript tab
// (each save a revision, the earlier one readable), exported as WebVTT, shown as the player's
// captions, and translated to Nynorsk by Debian's Apertium on the Translation tab. The
// transcript is typed in: no Norwegian speech model can be installed here.
const e2e = sharedBrowser();
const suffix = Date.now().toString(36);

async function saveRevision(page: Page, revision: number): Promise<void> {
  await page.getByRole('button', { name: 'Save as new revision' }).click();
  await page.getByText(`Saved as revision ${revision}`).waitFor();
  await page.getByTestId('transcript-editor').waitFor({ state: 'detached' });
}

describe('the transcript and its translation', () => {
  it('is written, edited as revisions, exported as WebVTT, and translated from nb to nn', async () => {
    const editor = await createUser({
      name: `Nina Redaktør ${suffix}`,
      permissions: [
        ...['item.create', 'item.upload', 'item.chooseUploadLocation', 'folder.create'],
        ...['item.updateTranscript', 'analytics.translation'],
      ],
    });
    const { page, context } = await newPage(e2e.browser);
    await signInAs(page, editor.email, editor.password);
    await waitForSearchScreen(page, editor.name);
    const folderId = await newFolder(context, `Transcripts ${suffix}`);
    const itemId = await tusUpload(
      await cookieHeader(context),
      await makeShortClip(`nyheter-${suffix}.mp4`),
      {
        folderId,
      },
    );
    await waitForTranscoding(context.request, itemId, 180_000);

    // Written by hand: one utterance at the start, in Bokmål.
    await page.goto(`${baseUrl()}/item-details/${itemId}?tab=transcript`);
    const tab = page.getByTestId('transcript-tab');
    await tab.getByText('No timed transcript available').waitFor();
    await tab.getByRole('button', { name: 'Write a transcript' }).click();
    await tab.getByRole('button', { name: 'Add utterance' }).click();
    await tab.getByRole('textbox', { name: /^Utterance 0:00/ }).fill('Hun kommer hjem i morgen.');
    await page.getByTestId('transcript-editor').getByLabel('Spoken language', { exact: true }).click();
    await page.getByRole('option', { name: 'Norwegian Bokmål' }).click();
    await expectAccessible(page, 'transcript editor');
    await saveRevision(page, 1);
    const words = page.getByTestId('transcript-words');
    await words.getByRole('button', { name: 'morgen.', exact: true }).waitFor();

    // Edited: a new revision; the first stays readable.
    await tab.getByRole('button', { name: 'Edit' }).click();
    await tab.getByRole('textbox', { name: /^Utterance 0:00/ }).fill('Hun kommer hjem i morgen tidlig.');
    await saveRevision(page, 2);
    await words.getByRole('button', { name: 'tidlig.', exact: true }).waitFor();
    await tab.getByLabel('Revision', { exact: true }).click();
    await page.getByRole('option', { name: /^Revision 1:/ }).click();
    await expect.poll(() => words.getByRole('button', { name: 'tidlig.' }).count()).toBe(0);
    await words.getByRole('button', { name: 'morgen.', exact: true }).waitFor();
    await expectAccessible(page, 'transcript tab with revisions');
    await tab.getByLabel('Revision', { exact: true }).click();
    await page.getByRole('option', { name: /^Current/ }).click();
    await words.getByRole('button', { name: 'tidlig.', exact: true }).waitFor();

    // Exported as WebVTT: the edited text with its times.
    await tab.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'WebVTT captions (.vtt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.nb\.vtt$/);
    const vtt = await readFile(await download.path(), 'utf8');
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:0\d\.\d{3}\nHun kommer hjem i morgen tidlig\.\n/);
    // The player shows it as captions.
    await expect
      .poll(() =>
        page
          .getByTestId('item-player')
          .locator('track')
          .evaluateAll((tracks: HTMLTrackElement[]) => tracks.map((t) => [t.srclang, t.kind])),
      )
      .toEqual([['nb', 'captions']]);

    // Translated by Apertium: the tenant's languages are nb and nn, so nb goes to nn.
    await page.getByRole('tab', { name: 'Translation' }).click();
    const translation = page.getByTestId('translation-tab');
    await translation.getByTestId('analysis-translation').getByRole('button', { name: 'Run' }).click();
    // Started by a click, it goes before the analyses that earlier files' uploads left queued on
    // this server, but waits for the one running.
    await page.waitForSelector('[data-testid="analysis-translation"][data-state="complete"]', {
      timeout: 240_000,
    });
    const nynorsk = page.getByTestId('translation-words');
    await expect
      .poll(() => nynorsk.getByRole('button').allInnerTexts(), { timeout: 30_000 })
      .toEqual(['Ho', 'kjem', 'heim', 'i', 'morgon', 'tidleg.']);
    await expectAccessible(page, 'translation tab');
  }, 480_000);
});
