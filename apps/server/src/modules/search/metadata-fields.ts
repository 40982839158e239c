import { canReadField, canSeeForm, fieldReaderOf, type MetadataForm } from '@skald/domain';
import type { Identity } from '../../identity/identity.ts';

/** The forms of a tenant (the forms service). */
export interface FormSource {
  schemaOf(tenantId: string): Promise<{ forms: MetadataForm[] }>;
}

export interface SearchableFields {
  /** Lower-cased ids of the fields the caller may search by (`fieldId:value`). */
  searchable: ReadonlySet<string>;
  /** Lower-cased ids of those that are sortable (a search's `sortField`). */
  sortable: ReadonlySet<string>;
}

/**
 * The metadata fields a caller may search by: those of the forms they see that they may read (a
 * field they cannot read could otherwise be probed value by value). Read for every search, so a
 * field added to a form is searchable at once.
 */
export async function searchableFields(forms: FormSource, caller: Identity): Promise<SearchableFields> {
  const { forms: all } = await forms.schemaOf(caller.tenant.id);
  const reader = fieldReaderOf(caller.principal);
  const searchable = new Set<string>();
  const sortable = new Set<string>();
  for (const form of all) {
    if (!canSeeForm(caller.principal, form)) continue;
    for (const field of form.fields) {
      if (!canReadField(field, reader)) continue;
      const key = field.fieldId.toLowerCase();
      searchable.add(key);
      if (field.sortable) sortable.add(key);
    }
  }
  return { searchable, sortable };
}
