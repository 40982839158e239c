import {
  usageVerdict,
  type MetadataForm,
  type UsageContext,
  type UsageRuleGroup,
  type UsageVerdict,
} from '@skald/domain';

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
