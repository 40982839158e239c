import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FONT, runAnalysis, SPEECH } from './support/analysis.ts';
import { expectAccessible } from './support/axe.ts';
import { browserAndScratchDir, newPage } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, tusUpload, waitForTranscoding } from './support/media.ts';
import { videoReady, videoTime } from './support/player.ts';
import { signInAs, signInThroughApi, waitForSearchScreen } from './support/sign-in.ts';
import { createUser } from './support/users.ts';

// Issue 14 in the browser with the real engines: a clip with burned-in captions over two shots and
// a spoken sentence (Debian's pocketsphinx-testdata, LibriVox) is uploaded; scene and text
// detection and transcription run from the item page; the text and the words are there, and a
// click seeks the player to them.
const run = promisify(execFile);

const e2e = browserAndScratchDir('skald-e2e-analysis-');
const suffix = Date.now().toString(36);

/** Two 4-second shots with a caption each, over the spoken sentence. */
async function makeNewsClip(): Promise<string> {
  const file = path.join(e2e.dir, `minister-${suffix}.mp4`);
  const card = (colour: string, text: string) =>
    `color=c=${colour}:s=640x360:d=4:r=25,drawtext=fontfile=${FONT}:text='${text}':fontsize=56:fontcolor=white:x=(w-tw)/2:y=(h-th)/2`;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', card('navy', 'STORTINGET')],
    ...['-f', 'lavfi', '-i', card('darkred', 'BUDSJETT')],
    ...['-i', SPEECH],
    ...['-filter_complex', '[0][1]concat=n=2:v=1:a=0,format=yuv420p[v]', '-map', '[v]', '-map', '2:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-t', '8', '-y', file],
  ]);
  return file;
}

describe('analysis on the item page', () => {
  it('finds the shots, the captions and the spoken words, and seeks the player to them', async () => {
    const analyst = await createUser({
      name: `Ada Analyst ${suffix}`,
      permissions: [
        ...['item.create', 'item.upload', 'item.chooseUploadLocation', 'folder.create'],
        ...['analytics.sceneDetection', 'analytics.textDetection', 'analytics.transcription'],
      ],
    });
    const { page, context } = await newPage(e2e.browser);
    await signInAs(page, analyst.email, analyst.password);
    await waitForSearchScreen(page, analyst.name);
    const folderId = await newFolder(context, `Analysis ${suffix}`);
    const itemId = await tusUpload(await cookieHeader(context), await makeNewsClip(), { folderId });
    await waitForTranscoding(context.request, itemId, 180_000);

    // Analytics: scene detection, then text detection; the timeline lists both shots and captions.
    await page.goto(`/item-details/${itemId}?tab=analytics`);
    await videoReady(page);
    await page.getByTestId('analytics-tab').waitFor();
    await expectAccessible(page, 'analytics tab');
    await runAnalysis(page, 'sceneDetection');
    const shots = page.getByTestId('analysis-shots').getByRole('button');
    await expect.poll(() => shots.count(), { timeout: 10_000 }).toBe(2);
    await runAnalysis(page, 'textDetection');
    const text = page.getByTestId('analysis-text');
    await text.getByText('STORTINGET').waitFor();
    await text.getByText('BUDSJETT').waitFor();
    await expectAccessible(page, 'analytics tab with results');
    await text.getByRole('button', { name: /BUDSJETT/ }).click();
    await expect.poll(() => videoTime(page)).toBeCloseTo(4, 0);
    await shots.first().click();
    await expect.poll(() => videoTime(page)).toBeCloseTo(0, 0);

    // Transcript: pocketsphinx hears the sentence; a word seeks the player to it.
    await page.getByRole('tab', { name: 'Transcript' }).click();
    await page.getByTestId('transcript-tab').waitFor();
    await runAnalysis(page, 'transcription');
    const words = page.getByTestId('transcript-words');
    const consider = words.getByRole('button', { name: 'consider', exact: true }).first();
    await consider.waitFor();
    await expectAccessible(page, 'transcript tab with words');
    const at = Number(await consider.getAttribute('data-start-ms')) / 1000;
    expect(at).toBeGreaterThan(1);
    expect(at).toBeLessThan(6);
    await consider.click();
    await expect.poll(() => videoTime(page)).toBeCloseTo(at, 0);
    // The word being said is marked as the media plays past it.
    await expect
      .poll(() => words.locator('[aria-current="true"]').count(), { timeout: 5_000 })
      .toBeGreaterThan(0);

    // The main search shows each kind's moment under the tile; a moment opens the item at its
    // time on the tab of its kind: words said on Transcript, text in a frame on Analytics.
    // A said moment is its utterance, which starts before the word.
    const openMoment = async (query: string, tab: string, from: number, to: number) => {
      await page.goto(`/?q=${encodeURIComponent(query)}`);
      const moment = page.locator(`[data-item-id="${itemId}"]`).getByTestId('hit-moment').first();
      const href = (await moment.getAttribute('href')) ?? '';
      const seconds = Number(new URL(href, 'http://x').searchParams.get('t'));
      expect(seconds).toBeGreaterThanOrEqual(from);
      expect(seconds).toBeLessThanOrEqual(to);
      await moment.click();
      await page.getByTestId(tab).waitFor();
      await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeCloseTo(seconds, 0);
    };
    await openMoment('said:consider', 'transcript-tab', 0, at);
    await openMoment('text:budsjett', 'analytics-tab', 3.5, 4.5);
  }, 420_000);

  it('an administrator points transcription at an OpenAI-compatible service, at whisper.cpp, and back to the built-in engine', async () => {
    const { page } = await newPage(e2e.browser);
    await signInThroughApi(page.context(), 'admin@demo.test');
    await page.goto('/settings/system');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Speech to text' }) });
    await card.getByTestId('speech-provider-kind').getByText('Built-in (pocketsphinx, English)').waitFor();
    await expectAccessible(page, 'speech provider');
    await card.getByRole('textbox', { name: 'Service address' }).fill('http://whisper.internal:8000/v1');
    await card.getByRole('textbox', { name: 'Model' }).fill('whisper-large-v3');
    await card.getByLabel('API key').fill(`sk-e2e-${suffix}`);
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByTestId('speech-provider-kind').getByText('OpenAI-compatible service').waitFor();
    await card.getByText('Key stored').waitFor();
    // The key is never sent back.
    const settings = await page.request.get('/api/v1/tenant/speech-provider');
    expect(await settings.text()).not.toContain(`sk-e2e-${suffix}`);
    // whisper.cpp on this server: chosen after a confirmation (the service's key goes); no
    // WHISPER_MODEL on this test server, which the card says.
    await card
      .getByTestId('speech-provider-whisper-model')
      .getByText(/No whisper\.cpp model is installed/)
      .waitFor();
    await card.getByRole('button', { name: 'Use whisper.cpp' }).click();
    const toWhisper = page.getByRole('dialog', { name: 'Use whisper.cpp' });
    await expectAccessible(page, 'speech provider whisper dialog');
    await toWhisper.getByRole('button', { name: 'Use whisper.cpp' }).click();
    await card.getByTestId('speech-provider-kind').getByText('whisper.cpp on this server').waitFor();
    await expect.poll(() => card.getByText('Key stored').count()).toBe(0);
    // From whisper back to the built-in engine: nothing to lose, no question.
    await card.getByRole('button', { name: 'Use the built-in engine' }).click();
    await card.getByTestId('speech-provider-kind').getByText('Built-in (pocketsphinx, English)').waitFor();
    // From a service back to the built-in engine: asked first. Leaving the service for whisper.cpp
    // removed its address and model, so they are entered again.
    await card.getByRole('textbox', { name: 'Service address' }).fill('http://whisper.internal:8000/v1');
    await card.getByRole('textbox', { name: 'Model' }).fill('whisper-large-v3');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByTestId('speech-provider-kind').getByText('OpenAI-compatible service').waitFor();
    await card.getByRole('button', { name: 'Use the built-in engine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use the built-in engine' });
    await expectAccessible(page, 'speech provider reset dialog');
    await dialog.getByRole('button', { name: 'Use the built-in engine' }).click();
    await card.getByTestId('speech-provider-kind').getByText('Built-in (pocketsphinx, English)').waitFor();
  }, 90_000);
});
