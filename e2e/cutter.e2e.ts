import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launch, newPage, screenshot } from './support/browser.ts';
import { signInAs } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser.close());

const suffix = Date.now().toString(36);

describe('preset management', () => {
  it('lets an administrator see the built-in presets, add one with a start timecode, make it the default and delete it after confirming', async () => {
    const { page } = await newPage(browser);
    await signInAs(page, 'admin@demo.test');
    await page.goto('/settings/presets');
    const table = page.getByTestId('presets-table');
    await table.getByRole('cell', { name: 'broadcast-xdcam-hd422', exact: true }).waitFor();
    await expectAccessible(page);
    // A built-in keeps its delete button disabled, with the reason.
    await expect
      .poll(() => table.getByRole('button', { name: 'Delete Web (H.264/AAC MP4)' }).isDisabled())
      .toBe(true);

    await page.getByRole('button', { name: 'New preset' }).click();
    const dialog = page.getByRole('dialog', { name: 'New preset' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`Evening ${suffix}`);
    await dialog.getByRole('textbox', { name: 'Preset ID' }).fill(`evening-${suffix}`);
    await dialog.getByLabel('Format', { exact: true }).click();
    await page.getByRole('option', { name: 'XDCAM HD 422 50 Mb/s MXF (broadcast)' }).click();
    await dialog.getByRole('switch', { name: 'Override start timecode' }).check();
    await dialog.getByRole('textbox', { name: 'Start timecode' }).fill('10:00');
    await expectAccessible(page, 'preset editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter the start timecode as HH:MM:SS:FF').waitFor();
    await dialog.getByRole('textbox', { name: 'Start timecode' }).fill('10:00:00:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Evening ${suffix} was saved`).waitFor();

    await table.getByRole('switch', { name: `Evening ${suffix} is the default for all users` }).click();
    await expect
      .poll(() =>
        table.getByRole('switch', { name: 'Web (H.264/AAC MP4) is the default for all users' }).isChecked(),
      )
      .toBe(false);
    await screenshot(page, 'presets-settings');

    await table.getByRole('button', { name: `Delete Evening ${suffix}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete preset' });
    await expectAccessible(page, 'delete preset');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Evening ${suffix} was deleted`).waitFor();
    await table.getByText(`Evening ${suffix}`).waitFor({ state: 'detached' });
    // The web preset becomes the default again for the next test run.
    await table.getByRole('switch', { name: 'Web (H.264/AAC MP4) is the default for all users' }).click();
  });
});
