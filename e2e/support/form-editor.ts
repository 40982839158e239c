import type { Locator, Page } from 'playwright-core';
import { pickOption } from './mantine.ts';

/** Adds a field to the open form editor (Settings → Metadata forms) and answers its editor. */
export async function addField(
  page: Page,
  dialog: Locator,
  index: number,
  id: string,
  label: string,
  type: string,
): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Add field' }).click();
  const field = dialog.getByTestId(`field-editor-${String(index)}`);
  await field.getByRole('textbox', { name: 'Field id' }).fill(id);
  await field.getByRole('textbox', { name: 'Label' }).fill(label);
  if (type !== 'Text') await pickOption(page, field, 'Type', type);
  return field;
}
