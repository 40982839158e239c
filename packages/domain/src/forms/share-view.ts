import { choiceAlternatives, type OptionLists } from './options.ts';
import type { Alternative, FieldType, MetadataForm } from './types.ts';
import { canReadField, canWriteField, formView, isVisibleIn, type FieldReader } from './values.ts';

/** A share's recipient as field permissions see them: nobody's groups, no administrator. */
export const SHARE_RECIPIENT: FieldReader = { groupIds: [], admin: false };

/** The field types a recipient may edit on a share page; the others are shown as they are. */
const EDITABLE_TYPES: ReadonlySet<FieldType> = new Set([
  'Text',
  'Choice',
  'MultipleChoice',
  'Checkbox',
  'Date',
]);

/** A field of a form's share view as a recipient gets it: no groups, no list ids, its options resolved. */
export interface SharedField {
  fieldId: string;
  label: string;
  type: FieldType;
  required: boolean;
  writable: boolean;
  alternatives: Alternative[];
}

export interface SharedForm {
  id: string;
  label: string;
  fields: SharedField[];
}

/**
 * Spec §3 share view: the forms and fields a share's recipient sees, from active forms every user
 * sees, each field visible in the form's share view (the item view when it has none) and readable
 * by everyone; with `editable` (the share allows editing metadata) those anyone may write are writable.
 */
export function shareViewForms(
  forms: readonly MetadataForm[],
  lists: OptionLists,
  editable: boolean,
): SharedForm[] {
  return forms
    .filter((f) => f.active && f.visibleTo.level === 'everyone')
    .map((form) => {
      const view = formView(form, 'share');
      return {
        id: form.id,
        label: form.label,
        fields: form.fields
          .filter(
            (field) =>
              field.type !== 'Button' &&
              isVisibleIn(form, 'share', field) &&
              canReadField(field, SHARE_RECIPIENT),
          )
          .map((field) => ({
            fieldId: field.fieldId,
            label: view[field.fieldId]?.label ?? field.label,
            type: field.type,
            required: field.required,
            writable: editable && EDITABLE_TYPES.has(field.type) && canWriteField(field, SHARE_RECIPIENT),
            alternatives:
              field.type === 'Choice' || field.type === 'MultipleChoice'
                ? choiceAlternatives(field, lists).map((a) => ({ value: a.value, label: a.label }))
                : [],
          })),
      };
    })
    .filter((f) => f.fields.length > 0);
}
