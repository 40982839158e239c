import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { browserAndScratchDir, newPage } from './support/browser.ts';
import { signInAs, waitForSearchScreen } from './support/sign-in.ts';
import { createUser } from './support/users.ts';

// Spec §3 Person item and person images: a person is created by hand from the persons page (by
// keyboard), a picture of them is added on their page (the real vision engine cuts the face out),
// the item search finds them by name and opens their page, and the picture is taken away again.
const run = promisify(execFile);
const ASSETS = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'))),
  'assets',
);
const e2e = browserAndScratchDir('skald-e2e-person-items-');
const suffix = Date.now().toString(36);

describe('person items', () => {
  it('creates a person, adds a picture of them, finds them in search, removes the picture', async () => {
    const user = await createUser({
      name: `Per Items ${suffix}`,
      permissions: ['ui.persons', 'person.create', 'person.update'],
    });
    const { page, context } = await newPage(e2e.browser);
    await signInAs(page, user.email, user.password);
    await waitForSearchScreen(page, user.name);
    const picture = path.join(e2e.dir, `man-${suffix}.png`);
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-i', path.join(ASSETS, 'screenshot-facematch.jpg')],
      ...['-vf', 'crop=100:100:3:285,pad=200:200:50:50:gray', '-frames:v', '1', '-y', picture],
    ]);

    await page.goto('/persons');
    const name = `Vladimir ${suffix}`;
    await page.getByRole('textbox', { name: 'New person’s name' }).fill(name);
    await expectAccessible(page, 'persons with the create form');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add a picture…' }).click();
    await (await chooser).setFiles(picture);
    await page.getByTestId('person-images').getByRole('img').first().waitFor({ timeout: 120_000 });
    await expectAccessible(page, 'person page with an uploaded picture');
    const personPath = new URL(page.url()).pathname;

    // Item search finds the person item; it opens the person page.
    await page.goto(`/?q=${encodeURIComponent(suffix)}`);
    await page.getByText(name).first().click();
    await page.waitForURL((url) => url.pathname === personPath);

    await page.getByRole('button', { name: 'Remove image 1' }).press('Enter');
    await page.getByText('No images.').waitFor();
    expect(await page.getByTestId('person-images').count()).toBe(0);
    await context.close();
  }, 300_000);
});
