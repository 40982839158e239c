import { useTranslation } from 'react-i18next';
import type { SortOption } from '../../components/items/ViewControls.tsx';
import {
  sortKeyOf,
  sortOf,
  sortsFor,
  type NamedSort,
  type SearchMode,
  type SearchState,
  type SortKey,
} from './searchState.ts';
import { useSearchViewFields, type SearchViewField } from './useSearchViewFields.ts';

/** The search view's sortable fields, each field id once (a field id found in two forms is one field to sort by). */
function sortableFields(fields: readonly SearchViewField[]): SearchViewField[] {
  const seen = new Set<string>();
  return fields.filter((entry) => {
    const id = entry.field.fieldId.toLowerCase();
    if (!entry.field.sortable || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Issue 12 §3: the orders the sort control offers — the named ones, then each sortable field of the
 * search view — and the order in force. `sortable` (lower-cased field ids) is undefined while the
 * forms load, so a shared link's field order is kept until they say otherwise.
 */
export function useSearchSort(state: SearchState, mode: SearchMode) {
  const { t } = useTranslation(['search', 'items']);
  const { fields, isPending } = useSearchViewFields();
  const offered = sortableFields(fields);
  const sortable = isPending ? undefined : new Set(offered.map((entry) => entry.field.fieldId.toLowerCase()));
  const sort = sortOf(state, mode, sortable);
  const named = (value: NamedSort) =>
    value === 'relevance' || value === 'deleted' ? t(`sort.${value}`) : t(`items:sort.by.${value}`);
  const options: SortOption<SortKey>[] = [
    ...sortsFor(state, mode).map((value) => ({ value, label: named(value) })),
    ...offered.map((entry) => ({
      value: `field:${entry.field.fieldId}` as const,
      label: t('sort.field', { label: entry.label }),
    })),
  ];
  return { sortable, sort, control: { sort: sortKeyOf(sort), order: sort.order }, options };
}
