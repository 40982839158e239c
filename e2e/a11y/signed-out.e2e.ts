import { describe, it } from 'vitest';
import { LANGUAGES, openAndCheck, PUBLIC_SCREENS } from '../support/a11y-screens.ts';
import { expectAccessible } from '../support/axe.ts';
import { sharedBrowser, newPage } from '../support/browser.ts';

const e2e = sharedBrowser();

describe.each(LANGUAGES)('every public screen in $locale', ({ locale, lookForCompany }) => {
  it('has no serious or critical accessibility finding, signed out', async () => {
    const { context, page } = await newPage(e2e.browser, { locale });
    for (const path of PUBLIC_SCREENS) await openAndCheck(page, path);
    await page.goto('/login');
    await page.getByTestId('sign-in-form').waitFor();
    await page.getByRole('button', { name: lookForCompany }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, 'look for a company');
    await context.close();
  });
});
