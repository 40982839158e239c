import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { analysisComplete, FACE_DEMO, FONT, runAnalysis, SPEECH, startAnalysis } from './support/analysis.ts';
import { expectAccessible } from './support/axe.ts';
import { browserAndScratchDir, newPage } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, tusUpload, waitForTranscoding } from './support/media.ts';
import { videoReady, videoTime } from './support/player.ts';
import { signInAs, waitForSearchScreen } from './support/sign-in.ts';
import { createUser } from './support/users.ts';

// Issue 14 "Done when", as one story on one server with the real engines: a clip with a caption
// burned in, a face picture and a spoken sentence is uploaded; text, person detection and
// transcription run; a word of the caption and a word of the speech each show a moment in the
// search that opens the player at it; the face's person is named on the person page and that name
// finds the clip; the transcript is edited (into Bokmål) and exported as WebVTT, then translated
// to Nynorsk by Apertium.
const run = promisify(execFile);

const e2e = browserAndScratchDir('skald-e2e-analysis-done-');
const suffix = Date.now().toString(36);

/**
 * One 7-second 640x360 shot: the face-match demo's man (doubled to 200 px) on the left, the
 * caption STORTINGET on the right, over the LibriVox sentence.
 */
async function makeClip(): Promise<string> {
  const file = path.join(e2e.dir, `stortinget-${suffix}.mp4`);
  const caption = `drawtext=fontfile=${FONT}:text='STORTINGET':fontsize=48:fontcolor=white:x=280:y=150`;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'color=c=navy:s=640x360:d=7:r=25'],
    ...['-loop', '1', '-t', '7', '-i', FACE_DEMO, '-i', SPEECH],
    '-filter_complex',
    `[1]crop=100:100:3:285,scale=200:200[face];[0][face]overlay=40:80,${caption},format=yuv420p[v]`,
    ...['-map', '[v]', '-map', '2:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
    ...['-t', '7', '-y', file],
  ]);
  return file;
}

/** Searches, and answers the first moment under the item's tile. */
async function firstMoment(page: Page, itemId: string, query: string) {
  await page.goto(`/?q=${encodeURIComponent(query)}`);
  const moment = page.locator(`[data-item-id="${itemId}"]`).getByTestId('hit-moment').first();
  await moment.waitFor();
  return moment;
}

/** Opens a moment: the item page, its player at the moment's time. */
async function openMoment(page: Page, itemId: string, query: string): Promise<number> {
  const moment = await firstMoment(page, itemId, query);
  const word = query.slice(query.indexOf(':') + 1);
  expect((await moment.innerText()).toLowerCase()).toContain(word);
  const href = (await moment.getAttribute('href')) ?? '';
  const at = Number(new URL(href, 'http://x').searchParams.get('t'));
  await moment.click();
  await page.waitForURL((url) => url.pathname === `/item-details/${itemId}`);
  await videoReady(page);
  await expect.poll(() => videoTime(page)).toBeCloseTo(at, 0);
  return at;
}

describe('analysis: done when', () => {
  it('finds the caption, the face and the speech of an uploaded clip, names the person, edits, exports and translates the transcript', async () => {
    const analyst = await createUser({
      name: `Dora Done ${suffix}`,
      permissions: [
        ...['item.create', 'item.upload', 'item.chooseUploadLocation', 'folder.create'],
        ...['analytics.textDetection', 'analytics.personDetection', 'analytics.transcription'],
        ...['analytics.translation', 'item.updateTranscript', 'person.update'],
      ],
    });
    const { page, context } = await newPage(e2e.browser);
    await signInAs(page, analyst.email, analyst.password);
    await waitForSearchScreen(page, analyst.name);
    const folderId = await newFolder(context, `Done when ${suffix}`);
    const itemId = await tusUpload(await cookieHeader(context), await makeClip(), { folderId });
    await waitForTranscoding(context.request, itemId, 180_000);

    // The three analyses started from the item page run side by side.
    await page.goto(`/item-details/${itemId}?tab=analytics`);
    await page.getByTestId('analytics-tab').waitFor();
    await startAnalysis(page, 'textDetection');
    await startAnalysis(page, 'personDetection');
    await page.getByRole('tab', { name: 'Transcript' }).click();
    await startAnalysis(page, 'transcription');
    // One worker runs them in turn: transcription last.
    await analysisComplete(page, 'transcription', 360_000);
    // What pocketsphinx heard: the sentence's "consider", within the sentence.
    const consider = page
      .getByTestId('transcript-words')
      .getByRole('button', { name: 'consider', exact: true })
      .first();
    await consider.waitFor();
    const said = Number(await consider.getAttribute('data-start-ms')) / 1000;
    expect(said).toBeGreaterThan(1);
    expect(said).toBeLessThan(6);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await analysisComplete(page, 'textDetection');
    await analysisComplete(page, 'personDetection');
    // What Tesseract read and the vision engine saw.
    await page.getByTestId('analysis-text').getByText('STORTINGET').waitFor();
    const faces = page.getByTestId('analysis-faces').getByRole('link', { name: 'Unknown person' });
    expect(await faces.count()).toBeGreaterThan(0);
    await expectAccessible(page, 'analytics tab with every finding');

    // A word of the caption and a word of the speech: each a moment that opens the player at it.
    await openMoment(page, itemId, 'text:stortinget');
    // The speech moment is the utterance holding the word: it starts at or before the word.
    expect(await openMoment(page, itemId, 'said:consider')).toBeLessThanOrEqual(said);

    // The face's person is named on their page; the name then finds the clip, with the face's moment.
    await page.goto(`/item-details/${itemId}?tab=analytics`);
    await faces.first().click();
    await page.getByRole('heading', { level: 1, name: 'Unknown person' }).waitFor();
    const name = `Vladimir ${suffix}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const faceMoment = await firstMoment(page, itemId, `person:"${name}"`);
    expect(await faceMoment.getAttribute('title')).toMatch(/\(person\)$/);
    await expectAccessible(page, 'search by person with moments');

    // The heard transcript is edited into a Bokmål sentence, saved as a new revision, exported.
    await page.goto(`/item-details/${itemId}?tab=transcript`);
    const tab = page.getByTestId('transcript-tab');
    await tab.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByTestId('transcript-editor');
    const removals = editor.getByRole('button', { name: /^Remove the utterance/ });
    while ((await removals.count()) > 1) await removals.last().click();
    await editor.getByRole('textbox', { name: /^Utterance/ }).fill('Hun kommer hjem i morgen tidlig.');
    await editor.getByLabel('Spoken language', { exact: true }).click();
    await page.getByRole('option', { name: 'Norwegian Bokmål' }).click();
    await editor.getByRole('button', { name: 'Save as new revision' }).click();
    await page.getByText('Saved as revision 2').waitFor();
    await page
      .getByTestId('transcript-words')
      .getByRole('button', { name: 'tidlig.', exact: true })
      .waitFor();
    await tab.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'WebVTT captions (.vtt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.nb\.vtt$/);
    const vtt = await readFile(await download.path(), 'utf8');
    expect(vtt).toMatch(
      /^WEBVTT\n\n\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}\nHun kommer hjem i morgen tidlig\.\n/,
    );
    expect(vtt).not.toContain('consider');

    // The Bokmål transcript translated to Nynorsk by Apertium.
    await page.getByRole('tab', { name: 'Translation' }).click();
    await runAnalysis(page, 'translation');
    await expect
      .poll(() => page.getByTestId('translation-words').getByRole('button').allInnerTexts(), {
        timeout: 10_000,
      })
      .toEqual(['Ho', 'kjem', 'heim', 'i', 'morgon', 'tidleg.']);
    await expectAccessible(page, 'translation of the edited transcript');
    await context.close();
  }, 600_000);
});
