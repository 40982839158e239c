import type { MetadataForm } from '../forms/types.ts';
import type { UsageContext, UsageRuleGroup } from './types.ts';
import { usageVerdict, type UsageVerdict } from './verdict.ts';

export interface UsageRow {
  form: string;
  group: UsageRuleGroup['identifier'];
  context: UsageContext;
  verdict: UsageVerdict;
}

/**
 * The usage rules that apply to an item: those of the active forms it holds values of, each context
 * judged now from the item's ingest time.
 */
export function usageRows(
  forms: readonly MetadataForm[],
  values: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  ingestedAt: string,
  now: Date,
): UsageRow[] {
  return forms
    .filter((f) => f.active && Object.keys(values[f.id] ?? {}).length > 0)
    .flatMap((f) =>
      f.usageRules.flatMap((group) =>
        group.contexts.map((context) => ({
          form: f.label,
          group: group.identifier,
          context,
          verdict: usageVerdict({ ingestedAt }, context, now),
        })),
      ),
    );
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

export function rightsSummary(rows: readonly UsageRow[]): RightsSummary {
  const outside = rows.filter((r) => r.verdict.state !== 'valid');
  const ends = outside.flatMap((r) => (r.verdict.state === 'expired' && r.verdict.to ? [r.verdict.to] : []));
  return {
    outside: outside.length > 0,
    warn: rows.some((r) => r.verdict.warn),
    expiredAt: ends.length === 0 ? null : new Date(Math.min(...ends.map((d) => d.getTime()))),
  };
}
