import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { sharedBrowser, newPage } from './support/browser.ts';
import { newFolder } from './support/folders.ts';
import { pickOptions } from './support/mantine.ts';
import { cookieHeader, makeShortClip, tusUpload, waitForTranscoding } from './support/media.ts';
import { signInAs, waitForSearchScreen } from './support/sign-in.ts';
import { createUser } from './support/users.ts';

// Issue 14: a folder's own automatic analyses, set by keyboard from the folder view's menu; a clip
// uploaded into the folder then gets scene detection by itself once its transcode is done.
const e2e = sharedBrowser();
const suffix = Date.now().toString(36);

describe('folder automatic analysis', () => {
  it('sets the folder’s own analyses, which then start on an upload, and goes back to the organisation’s', async () => {
    const editor = await createUser({
      name: `Aud Auto ${suffix}`,
      permissions: [
        'item.create',
        'item.upload',
        'item.chooseUploadLocation',
        'folder.create',
        'folder.update',
      ],
    });
    const { page, context } = await newPage(e2e.browser);
    await signInAs(page, editor.email, editor.password);
    await waitForSearchScreen(page, editor.name);
    const folderName = `Auto desk ${suffix}`;
    const folderId = await newFolder(context, folderName);
    await page.goto(`/folders?folderId=${folderId}`);
    await page.getByRole('heading', { level: 1, name: folderName }).waitFor();

    // The folder menu, by keyboard.
    await page.getByRole('button', { name: 'Folder', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Automatic analysis…' }).press('Enter');
    const dialog = page.getByRole('dialog', { name: `Automatic analysis for ${folderName}` });
    await dialog.getByTestId('folder-auto-analysis-inherited').waitFor();
    await expectAccessible(page, 'folder automatic analysis');
    await dialog.getByRole('radio', { name: 'This folder’s own' }).focus();
    await page.keyboard.press('Space');
    await pickOptions(page, dialog, 'Analyses', ['Scene detection']);
    await expectAccessible(page, 'folder automatic analysis, own');
    await dialog.getByRole('button', { name: 'Save' }).press('Enter');
    const saved = page.getByText(`Automatic analysis for ${folderName} saved`);
    await saved.waitFor();
    // Gone before the second save, whose notice says the same.
    await saved.waitFor({ state: 'hidden' });
    const stored = await context.request.get(`/api/v1/folders/${folderId}/auto-analysis`);
    expect(await stored.json()).toMatchObject({ setting: { kinds: ['sceneDetection'], language: null } });

    // A clip uploaded into the folder: scene detection starts by itself after the transcode.
    const clipId = await tusUpload(await cookieHeader(context), await makeShortClip(`auto-${suffix}.mp4`), {
      folderId,
    });
    await waitForTranscoding(context.request, clipId, 180_000);
    await expect
      .poll(
        async () => {
          const item = (await (await context.request.get(`/api/v1/items/${clipId}`)).json()) as {
            sceneDetection: { state: string | null };
          };
          return item.sceneDetection.state;
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe('complete');

    // Back to the organisation's setting.
    await page.getByRole('button', { name: 'Folder', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Automatic analysis…' }).click();
    await dialog.getByRole('radio', { name: 'This folder’s own' }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'This folder’s own' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'The organisation’s setting' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await saved.waitFor();
    const back = await context.request.get(`/api/v1/folders/${folderId}/auto-analysis`);
    expect(await back.json()).toMatchObject({ setting: null });
    await context.close();
  }, 400_000);
});
