import { itemUsageRows, type ItemUsageRow, type MetadataForm } from '@skald/domain';

export type UsageRow = ItemUsageRow;

/** The usage rules that apply to an item, from the values it holds (the domain's itemUsageRows). */
export function usageRows(
  forms: readonly MetadataForm[],
  values: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  ingestedAt: string,
  now: Date,
): UsageRow[] {
  return itemUsageRows(forms, (id) => Object.keys(values[id] ?? {}).length > 0, ingestedAt, now);
}
