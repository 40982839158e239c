import type { MetadataForm } from '../forms/types.ts';
import type { UsageContext } from './types.ts';

/** Spec issue 12 §4: search by usage state: valid now, valid but expiring within N days, expired. */
export const USAGE_FILTERS = ['valid', 'expiring', 'expired'] as const;
export type UsageFilterState = (typeof USAGE_FILTERS)[number];

export const USAGE_FILTER_DAYS = { default: 30, max: 3650 } as const;

/** A context as the search filter reads it: the form whose values make it apply (null: every item). */
export interface UsageFilterContext {
  formId: string | null;
  validity: UsageContext['validity'];
}

export interface UsageFilter {
  state: UsageFilterState;
  withinDays: number;
  now: Date;
  contexts: readonly UsageFilterContext[];
}

/**
 * The contexts the filter weighs, as itemUsageRows applies them: those of active forms, each applying
 * to the items holding values of its form, the Common form's to every item.
 */
export function usageFilterContexts(forms: readonly MetadataForm[]): UsageFilterContext[] {
  return forms
    .filter((f) => f.active)
    .flatMap((f) =>
      f.usageRules.flatMap((g) =>
        g.contexts.map((c) => ({ formId: f.builtIn === 'common' ? null : f.id, validity: c.validity })),
      ),
    );
}
