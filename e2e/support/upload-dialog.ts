import type { Locator } from 'playwright-core';

/**
 * Sends the files the open upload dialog holds with its button (`Upload 2 files`), waits until the
 * dashboard says they are complete, and closes it.
 */
export async function sendUploads(dialog: Locator, button: string, timeoutMs = 120_000): Promise<void> {
  await dialog.getByRole('button', { name: button }).click();
  await dialog
    .locator('.uppy-StatusBar-statusPrimary')
    .getByText('Complete', { exact: true })
    .waitFor({ timeout: timeoutMs });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
}
