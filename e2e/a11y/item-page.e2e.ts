import { describe, it } from 'vitest';
import { LANGUAGES } from '../support/a11y-screens.ts';
import { expectAccessible } from '../support/axe.ts';
import { sharedBrowser, newPage } from '../support/browser.ts';
import { signInThroughApi } from '../support/sign-in.ts';
import { cookieHeader, makeShortClip, tusUpload, waitForTranscoding } from '../support/media.ts';

const e2e = sharedBrowser();

describe('an item page with its player', () => {
  it('has no serious or critical accessibility finding, in English and Nynorsk', async () => {
    const clip = await makeShortClip(`a11y-${Date.now().toString(36)}.mp4`);
    for (const { locale } of LANGUAGES) {
      const { context, page } = await newPage(e2e.browser, { locale });
      await signInThroughApi(context, 'admin@demo.test');
      await page.goto('/folders');
      await page.waitForURL(/folderId=/);
      const folderId = new URL(page.url()).searchParams.get('folderId') ?? '';
      const itemId = await tusUpload(await cookieHeader(context), clip, { folderId });
      await waitForTranscoding(context.request, itemId);
      for (const tab of ['metadata', 'history', 'relations', 'comments', 'usageRules', 'shares']) {
        await page.goto(`/item-details/${itemId}?tab=${tab}`);
        await page.getByTestId('item-details').waitFor();
        await page.getByTestId('item-player').locator('video').waitFor();
        await expectAccessible(page);
      }
      await context.close();
    }
  }, 300_000);
});
