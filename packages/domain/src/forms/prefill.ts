import { canWriteField, isEmptyValue, valueError, type FieldReader, type FieldValueError } from './values.ts';
import { MESSAGES } from '../messages.ts';
import type { OptionLists } from './options.ts';
import type { ItemMetadata, MetadataForm } from './types.ts';

/** The texts of prefill rules the spec does not word. */
export const PREFILL_RULE_TEXTS = {
  unknownForm: 'Unknown form',
  unknownField: 'Unknown field',
  notWritable: 'You may not change this field',
} as const;

/**
 * Spec §2: values set before an item exists (a folder's defaults, the upload dialog's values), layered
 * field by field — a later layer wins where it gives a value, an empty value leaves the one below.
 */
export function layerFormValues(...layers: readonly ItemMetadata[]): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const layer of layers) {
    for (const [formId, values] of Object.entries(layer)) {
      for (const [fieldId, value] of Object.entries(values)) {
        if (isEmptyValue(value)) continue;
        (result[formId] ??= {})[fieldId] = value;
      }
    }
  }
  return result;
}

/**
 * The values given for a form before its item exists, checked field by field (the fields not given
 * are the item page's to fill): each must be a field of the form the reader may write, and fit its
 * type ('Invalid value found - please select a new one.' for a choice outside its options); a
 * required field given empty is 'Value required'.
 */
export function givenValueErrors(
  form: MetadataForm,
  values: Readonly<Record<string, unknown>>,
  reader: FieldReader,
  lists: OptionLists,
): FieldValueError[] {
  return Object.entries(values).flatMap(([fieldId, value]) => {
    const field = form.fields.find((f) => f.fieldId === fieldId);
    const message = !field
      ? PREFILL_RULE_TEXTS.unknownField
      : !canWriteField(field, reader)
        ? PREFILL_RULE_TEXTS.notWritable
        : isEmptyValue(value)
          ? field.required
            ? MESSAGES.valueRequired
            : null
          : valueError(field, value, lists);
    return message === null ? [] : [{ fieldId, message }];
  });
}
