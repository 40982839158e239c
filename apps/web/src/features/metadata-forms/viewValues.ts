import {
  canWriteField,
  defaultValue,
  givenValueErrors,
  isEmptyValue,
  viewFields,
  type FieldReader,
  type FieldValue,
  type FormViewName,
  type MetadataForm,
  type OptionLists,
  type ViewField,
} from '@skald/domain';
import { jsonValue } from './formDraft.ts';

/** A form as a screen before an item exists shows it: the fields of its view the reader may set. */
export interface ViewForm {
  form: MetadataForm;
  fields: ViewField[];
}

/** form id → field id → value, as the inputs hold them. */
export type ViewValues = Readonly<Record<string, Readonly<Record<string, FieldValue>>>>;

// The title comes from each file's name; the folder default form describes folders, not items.
const setElsewhere = (form: MetadataForm, fieldId: string) => form.id === 'common' && fieldId === 'title';

/** The forms a screen (upload, folder) offers: active ones, with the view's fields the reader may write. */
export function viewForms(
  forms: readonly MetadataForm[],
  view: FormViewName,
  reader: FieldReader,
): ViewForm[] {
  return forms
    .filter((form) => form.active && form.builtIn !== 'folderDefault')
    .map((form) => ({
      form,
      fields: viewFields(form, view).filter(
        ({ field }) =>
          field.type !== 'Button' && !setElsewhere(form, field.fieldId) && canWriteField(field, reader),
      ),
    }))
    .filter((entry) => entry.fields.length > 0);
}

/** What the inputs start from: the stored values, else (spec §5) the view's default chain. */
export function initialViewValues(
  entries: readonly ViewForm[],
  view: FormViewName,
  stored: ViewValues,
  now: Date,
): ViewValues {
  return Object.fromEntries(
    entries.map(({ form, fields }) => [
      form.id,
      Object.fromEntries(
        fields.map(({ field }) => {
          const value = stored[form.id]?.[field.fieldId];
          return [
            field.fieldId,
            isEmptyValue(value) ? defaultValue(form, view, field, now) : (value ?? null),
          ];
        }),
      ),
    ]),
  );
}

/**
 * The values to send: those set (an unticked checkbox is not set, so it leaves a folder's default
 * alone), JSON text parsed; a JSON field that does not parse is sent as text, and refused.
 */
export function sendableValues(entries: readonly ViewForm[], values: ViewValues): ViewValues {
  const result: Record<string, Record<string, FieldValue>> = {};
  for (const { form, fields } of entries) {
    for (const { field } of fields) {
      const raw = values[form.id]?.[field.fieldId] ?? null;
      const value = field.type === 'JSON' ? (jsonValue(raw) ?? raw) : raw;
      if (isEmptyValue(value) || value === false) continue;
      (result[form.id] ??= {})[field.fieldId] = value;
    }
  }
  return result;
}

/**
 * What changes an item's values (a new version's view): the values to send that differ from those
 * stored, so a value left as it was is not sent again (nor refused when its field has changed since).
 */
export function changedValues(sendable: ViewValues, stored: ViewValues): ViewValues {
  const result: Record<string, Record<string, FieldValue>> = {};
  for (const [formId, values] of Object.entries(sendable)) {
    for (const [fieldId, value] of Object.entries(values)) {
      if (JSON.stringify(value) === JSON.stringify(stored[formId]?.[fieldId] ?? null)) continue;
      (result[formId] ??= {})[fieldId] = value;
    }
  }
  return result;
}

/** The domain's errors of the values to send, by `<form>.<field>`. */
export function viewValueErrors(
  entries: readonly ViewForm[],
  values: ViewValues,
  reader: FieldReader,
  lists: OptionLists,
): Record<string, string> {
  return sendableErrors(entries, sendableValues(entries, values), reader, lists);
}

/** viewValueErrors of values already made sendable. */
export function sendableErrors(
  entries: readonly ViewForm[],
  sendable: ViewValues,
  reader: FieldReader,
  lists: OptionLists,
): Record<string, string> {
  return Object.fromEntries(
    entries.flatMap(({ form }) =>
      givenValueErrors(form, sendable[form.id] ?? {}, reader, lists).map((e) => [
        `${form.id}.${e.fieldId}`,
        e.message,
      ]),
    ),
  );
}
