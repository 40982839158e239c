import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.ts';
import { screenshot } from './browser.ts';

/**
 * On the search screen in list view showing exactly `count` results: selects them all, sets a choice
 * field of a form to one of its options in the bulk metadata dialog, and waits for the run's
 * progress to reach the end, then closes the dialog.
 */
export async function bulkSetChoice(
  page: Page,
  change: { count: number; form: string; field: string; option: string },
): Promise<void> {
  const n = String(change.count);
  await page.getByTestId('search-count').getByText(`${n} results`, { exact: true }).waitFor();
  await page.getByRole('checkbox', { name: 'Select all items' }).click();
  const bulkBar = page.getByTestId('bulk-bar');
  await bulkBar.getByText(`${n} items selected`).waitFor();
  await bulkBar.getByRole('button', { name: 'Edit metadata…' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit metadata of ${n} items` });
  await dialog.getByLabel('Form', { exact: true }).click();
  await page.getByRole('option', { name: change.form }).click();
  await dialog.getByLabel('Field', { exact: true }).click();
  await page.getByRole('option', { name: change.field }).click();
  await dialog.getByLabel('New value', { exact: true }).click();
  await page.getByRole('option', { name: change.option }).click();
  await expectAccessible(page, 'bulk metadata dialog');
  await dialog.getByRole('button', { name: `Apply to ${n} items` }).click();

  const progress = dialog.getByRole('progressbar', { name: 'Progress of the update' });
  await progress.waitFor();
  await dialog.getByText(`Updated ${n} of ${n} items.`).waitFor({ timeout: 30_000 });
  expect(await progress.getAttribute('aria-valuenow')).toBe('100');
  await screenshot(page, 'bulk-metadata-done');
  await expectAccessible(page, 'bulk metadata done');
  await dialog.getByTestId('bulk-close').click();
  await bulkBar.waitFor({ state: 'detached' });
}
