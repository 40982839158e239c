import {
  buttonUrl,
  canReadField,
  defaultValue,
  isEmptyValue,
  isVisibleIn,
  type FieldReader,
  type FieldValue,
  type FormField,
  type MetadataForm,
} from '@skald/domain';

/** Common's title and description are edited on the item page itself (title and description card). */
const EDITED_ELSEWHERE: Readonly<Record<string, readonly string[]>> = { common: ['title', 'description'] };

/** The fields of a form the item view shows to this reader (a Button when it has an address to open). */
export function shownFields(form: MetadataForm, reader: FieldReader): FormField[] {
  const elsewhere = EDITED_ELSEWHERE[form.id] ?? [];
  return form.fields.filter(
    (f) =>
      (f.type !== 'Button' || buttonUrl(f, '') !== null) &&
      !elsewhere.includes(f.fieldId) &&
      isVisibleIn(form, 'item', f) &&
      canReadField(f, reader),
  );
}

/** What the inputs start from: the stored value, or (spec §5) the default chain for an empty one. */
export function draftOf(
  form: MetadataForm,
  fields: readonly FormField[],
  stored: Readonly<Record<string, unknown>>,
  now: Date,
): Record<string, FieldValue> {
  return Object.fromEntries(
    fields.map((f) => {
      const value = stored[f.fieldId];
      return [f.fieldId, isEmptyValue(value) ? defaultValue(form, 'item', f, now) : (value as FieldValue)];
    }),
  );
}

/** A JSON field's text as the value to send; undefined when it is not JSON. */
export function jsonValue(value: FieldValue): FieldValue | undefined {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value) as FieldValue;
  } catch {
    return undefined;
  }
}

/** The values to send: the writable fields whose value differs from what is stored (empty → null). */
export function changedValues(
  fields: readonly FormField[],
  draft: Readonly<Record<string, FieldValue>>,
  stored: Readonly<Record<string, unknown>>,
): Record<string, FieldValue> {
  const changes: Record<string, FieldValue> = {};
  for (const f of fields) {
    const raw = draft[f.fieldId] ?? null;
    const value = f.type === 'JSON' ? (jsonValue(raw) ?? raw) : raw;
    const next = isEmptyValue(value) ? null : value;
    if (JSON.stringify(next) !== JSON.stringify(stored[f.fieldId] ?? null)) changes[f.fieldId] = next;
  }
  return changes;
}
