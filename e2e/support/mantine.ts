import type { Locator, Page } from 'playwright-core';

/** Picks an option of a Mantine select (or multi-select) labelled `label` inside `scope`. */
export async function pickOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Picks options of a Mantine multi-select labelled `label` inside `scope`. Its input lies under its
 * pills' box, which takes the click (as it does a user's): the box is clicked where the input is.
 */
export async function pickOptions(
  page: Page,
  scope: Locator,
  label: string,
  options: string[],
): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
  });
  await input.click({ force: true });
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/**
 * Picks a day in the open Mantine date picker: the calendar shows the current month, so a day of the
 * previous month goes back one first.
 */
export async function pickDay(page: Page, day: Date): Promise<void> {
  if (day.getMonth() !== new Date().getMonth()) {
    await page.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="previous"]').click();
  }
  await page
    .locator('.mantine-DatePickerInput-day:not([data-outside])')
    .getByText(String(day.getDate()), { exact: true })
    .click();
}
