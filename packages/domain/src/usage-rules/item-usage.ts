import type { MetadataForm } from '../forms/types.ts';
import type { UsageContext, UsageRuleGroup } from './types.ts';
import { usageVerdict, type UsageState, type UsageVerdict } from './verdict.ts';

export interface ItemUsageRow {
  formId: string;
  formLabel: string;
  group: UsageRuleGroup['identifier'];
  context: UsageContext;
  verdict: UsageVerdict;
}

/**
 * The usage rules that apply to an item, each context judged at `now` from the item's ingest time:
 * those of the active forms it holds values of, and the Common form's, whose title every item has.
 */
export function itemUsageRows(
  forms: readonly MetadataForm[],
  holdsValuesOf: (formId: string) => boolean,
  ingestedAt: string,
  now: Date,
): ItemUsageRow[] {
  return forms
    .filter((f) => f.active && (f.builtIn === 'common' || holdsValuesOf(f.id)))
    .flatMap((f) =>
      f.usageRules.flatMap((group) =>
        group.contexts.map((context) => ({
          formId: f.id,
          formLabel: f.label,
          group: group.identifier,
          context,
          verdict: usageVerdict({ ingestedAt }, context, now),
        })),
      ),
    );
}

/**
 * One item's usage in a word, as a tile badge and the search filter say it: expired when a context
 * has ended, not yet valid when one has not begun, else valid; `warn` when any context warns.
 */
export function itemUsageSummary(rows: readonly ItemUsageRow[]): { state: UsageState; warn: boolean } {
  const states = new Set(rows.map((r) => r.verdict.state));
  const state: UsageState = states.has('expired')
    ? 'expired'
    : states.has('notYetValid')
      ? 'notYetValid'
      : 'valid';
  return { state, warn: rows.some((r) => r.verdict.warn) };
}

/** itemUsageRows from the values the item holds, form by form (the Metadata tab's and the share's shape). */
export function usageRows(
  forms: readonly MetadataForm[],
  values: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  ingestedAt: string,
  now: Date,
): ItemUsageRow[] {
  return itemUsageRows(forms, (id) => holdsValuesOf(values, id), ingestedAt, now);
}

const holdsValuesOf = (values: Readonly<Record<string, Readonly<Record<string, unknown>>>>, formId: string) =>
  Object.keys(values[formId] ?? {}).length > 0;

/**
 * The forms whose values an item holds, those whose usage rules apply to it (the search's usage
 * filter reads them from the index table item_forms, written with the values).
 */
export function formsHeld(values: Readonly<Record<string, Readonly<Record<string, unknown>>>>): string[] {
  return Object.keys(values).filter((id) => holdsValuesOf(values, id));
}

/** What a share tells about an item's rights: whether they are outside their window now, and whether to warn. */
export interface RightsSummary {
  /** Some context's window is over (or not begun): sharing asks for confirmation. */
  outside: boolean;
  /** Some context warns (spec §4 warning levels): the share's recipient sees the rights warning. */
  warn: boolean;
  /** The earliest end of a window that is over, or null. */
  expiredAt: Date | null;
}

export function rightsSummary(rows: readonly ItemUsageRow[]): RightsSummary {
  const outside = rows.filter((r) => r.verdict.state !== 'valid');
  const ends = outside.flatMap((r) => (r.verdict.state === 'expired' && r.verdict.to ? [r.verdict.to] : []));
  return {
    outside: outside.length > 0,
    warn: rows.some((r) => r.verdict.warn),
    expiredAt: ends.length === 0 ? null : new Date(Math.min(...ends.map((d) => d.getTime()))),
  };
}
