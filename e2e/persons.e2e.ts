import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { FACE_DEMO, runAnalysis } from './support/analysis.ts';
import { expectAccessible } from './support/axe.ts';
import { browserAndScratchDir, newPage } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { cookieHeader, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInAs, waitForSearchScreen } from './support/sign-in.ts';
import { createUser } from './support/users.ts';

// Issue 14's persons in the browser with the real vision engine: a photograph from the engine
// package's own assets is uploaded, person detection runs from the Analytics tab and registers an
// unknown person, who is named on the person page; the persons search then finds the name, the
// person page lists the picture among the items they appear in, and another picture's person
// (named too) is merged in. The main search then finds the picture by the name (`person:"…"`), with the
// face's moment under its tile.
const run = promisify(execFile);

const e2e = browserAndScratchDir('skald-e2e-persons-');
const suffix = Date.now().toString(36);

/** A face of the face-match demo (the man at 3,285; a woman at 645,395), with a grey margin. */
async function facePicture(name: string, at: string): Promise<string> {
  const file = path.join(e2e.dir, `${name}-${suffix}.png`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-i', FACE_DEMO],
    ...['-vf', `crop=100:100:${at},pad=200:200:50:50:gray`, '-frames:v', '1', '-y', file],
  ]);
  return file;
}

async function detectPersons(page: Page, itemId: string): Promise<void> {
  await page.goto(`/item-details/${itemId}?tab=analytics`);
  await page.getByTestId('analytics-tab').waitFor();
  await runAnalysis(page, 'personDetection');
}

describe('persons', () => {
  it('detects a face, names the person on their page, and finds them by that name', async () => {
    const analyst = await createUser({
      name: `Petra Persons ${suffix}`,
      permissions: [
        ...['item.create', 'item.upload', 'item.chooseUploadLocation', 'folder.create'],
        ...['analytics.personDetection', 'person.update', 'person.merge'],
      ],
    });
    const { page, context } = await newPage(e2e.browser);
    await signInAs(page, analyst.email, analyst.password);
    await waitForSearchScreen(page, analyst.name);
    const folderId = await newFolder(context, `Persons ${suffix}`);
    const upload = async (file: string) => {
      const id = await tusUpload(await cookieHeader(context), file, { folderId });
      await waitForTranscoding(context.request, id, 180_000);
      return id;
    };
    const itemId = await upload(await facePicture('portrait', '3:285'));
    const otherId = await upload(await facePicture('other', '645:395'));
    await detectPersons(page, otherId);
    await detectPersons(page, itemId);
    const faces = page.getByTestId('analysis-faces');
    await faces.getByRole('link', { name: 'Unknown person' }).click();

    // The person page: an unknown person with the face as their image.
    await page.getByRole('heading', { level: 1, name: 'Unknown person' }).waitFor();
    await page.getByTestId('person-images').getByRole('img').first().waitFor();
    await expectAccessible(page, 'person page');
    const name = `Vladimir ${suffix}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const personPage = new URL(page.url()).pathname;
    await page
      .getByTestId('person-items')
      .getByText(new RegExp(`portrait-${suffix}`))
      .waitFor();

    // The persons search finds the name; the item's faces carry it too.
    await page.goto(`/persons?q=${encodeURIComponent(suffix)}`);
    await page.getByTestId('persons').getByRole('link', { name }).waitFor();
    await expectAccessible(page, 'persons search');
    await page.goto(`/item-details/${itemId}?tab=analytics`);
    await page.getByTestId('analysis-faces').getByRole('link', { name }).click();

    // The main search finds the picture by the person's name, with the face's moment under its tile.
    await page.goto(`/?q=${encodeURIComponent(`person:"${name}"`)}`);
    await page.locator(`[data-item-id="${itemId}"]`).getByTestId('hit-moment').first().waitFor();

    // The other picture's person, named too (other specs add unknown persons to the same tenant at
    // any time, so the picker is searched by name), is merged in: then one person is in both.
    await page.goto(`/item-details/${otherId}?tab=analytics`);
    await page.getByTestId('analysis-faces').getByRole('link', { name: 'Unknown person' }).click();
    await page.getByRole('heading', { level: 1, name: 'Unknown person' }).waitFor();
    const otherName = `Olga ${suffix}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(otherName);
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { level: 1, name: otherName }).waitFor();
    await page.goto(personPage);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('combobox', { name: 'Merge another person into this one' }).fill(otherName);
    await page.getByRole('option', { name: otherName }).click();
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Merge', exact: true }).click();
    await page
      .getByTestId('person-items')
      .getByText(new RegExp(`other-${suffix}`))
      .waitFor();
    await expectAccessible(page, 'person page after the merge');
    await context.close();
  }, 300_000);
});
