import {
  canWriteField,
  type FieldReader,
  type FieldType,
  type FormField,
  type MetadataForm,
} from '@skald/domain';

/** The field types a bulk update offers: those with a value a form input can give. */
const BULK_TYPES: ReadonlySet<FieldType> = new Set([
  'Text',
  'Choice',
  'MultipleChoice',
  'TreeChoice',
  'Checkbox',
  'Date',
]);

export type BulkOp = 'set' | 'add' | 'clear';

/** The forms and fields the reader may change in bulk: active forms, writable fields, not Common's own. */
export function bulkEditable(forms: readonly MetadataForm[], reader: FieldReader) {
  return forms
    .filter((form) => form.active)
    .map((form) => ({
      form,
      fields: form.fields.filter(
        (field) =>
          BULK_TYPES.has(field.type) &&
          canWriteField(field, reader) &&
          !(form.builtIn === 'common' && field.systemDefaultField),
      ),
    }))
    .filter((entry) => entry.fields.length > 0);
}

/** What can be done to a field: add only to a multiple choice, clear only what is not required. */
export function bulkOps(field: FormField): BulkOp[] {
  return [
    'set',
    ...(field.type === 'MultipleChoice' ? (['add'] as const) : []),
    ...(field.required ? [] : (['clear'] as const)),
  ];
}
