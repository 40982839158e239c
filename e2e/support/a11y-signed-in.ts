import { describe, it } from 'vitest';
import { openAndCheck, SIGNED_IN_SCREENS, type Language } from './a11y-screens.ts';
import { expectAccessible } from './axe.ts';
import { newPage, sharedBrowser } from './browser.ts';
import { signInThroughApi } from './sign-in.ts';

/** The test of every signed-in screen in one language (e2e/a11y/signed-in-<language>.e2e.ts). */
export function describeSignedInScreens({ locale, heading, upload }: Language): void {
  const e2e = sharedBrowser();

  describe(`every screen in ${locale}`, () => {
    it('has no serious or critical accessibility finding, signed in', { timeout: 480_000 }, async () => {
      const { context, page } = await newPage(e2e.browser, { locale });
      await signInThroughApi(context, 'admin@demo.test');
      for (const path of SIGNED_IN_SCREENS) await openAndCheck(page, path);

      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByTestId('profile-menu').click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page, 'profile menu');
      await page.keyboard.press('Escape');

      await page.goto('/folders');
      await page.waitForURL(/folderId=/);
      await page.getByRole('button', { name: upload }).first().click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, 'upload dialog');
      await context.close();
    });
  });
}
