import type { Locator, Page } from 'playwright-core';

/** The search screen's criteria panel, shown (its toggle remembers the last choice). */
export async function openCriteria(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: /^(Show|Hide) criteria$/ });
  await toggle.waitFor();
  if ((await toggle.textContent()) === 'Show criteria') await toggle.click();
  return page.getByTestId('search-filters');
}

/**
 * Adds a metadata field's terms to the search from the criteria panel: chooses the field, lets
 * `value` set its value in the filter (labelled by the field), and presses Add to search.
 */
export async function addFieldFilter(
  page: Page,
  field: string,
  value: (filter: Locator) => Promise<void>,
): Promise<void> {
  const filter = (await openCriteria(page)).getByTestId('metadata-filter');
  await filter.getByLabel('Choose a field', { exact: true }).click();
  await page.getByRole('option', { name: field, exact: true }).click();
  await value(filter);
  await filter.getByRole('button', { name: 'Add to search' }).click();
}
