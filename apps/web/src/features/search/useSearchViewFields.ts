import {
  canReadField,
  fieldReaderOf,
  formView,
  isVisibleIn,
  type FormField,
  type OptionLists,
} from '@skald/domain';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { useFormSchema } from '../metadata-forms/useFormSchema.ts';

export interface SearchViewField {
  /** `<form id>.<field id>`: a field id found in two forms is two entries here. */
  key: string;
  field: FormField;
  /** The search view's label for it. */
  label: string;
}

/**
 * The search view's fields (spec §3 views) of the active forms the user sees, those they may read:
 * what the search screen offers to filter and sort by. `isPending` until the forms have loaded.
 */
export function useSearchViewFields(): { fields: SearchViewField[]; lists: OptionLists; isPending: boolean } {
  const schema = useFormSchema();
  const reader = fieldReaderOf(principalOf(useCurrentUser()));
  const fields = schema.forms
    .filter((form) => form.active)
    .flatMap((form) =>
      form.fields
        .filter(
          (field) =>
            !(form.builtIn === 'common' && field.systemDefaultField) &&
            canReadField(field, reader) &&
            isVisibleIn(form, 'search', field),
        )
        .map((field) => ({
          key: `${form.id}.${field.fieldId}`,
          field,
          label: formView(form, 'search')[field.fieldId]?.label ?? field.label,
        })),
    );
  return { fields, lists: schema.lists, isPending: schema.isPending };
}
