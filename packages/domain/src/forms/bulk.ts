import { MESSAGES } from '../messages.ts';
import type { OptionLists } from './options.ts';
import type { FormField, MetadataForm } from './types.ts';
import { canWriteField, isEmptyValue, valueError, type FieldReader } from './values.ts';

/** Issue 12 §2: a bulk metadata update takes at most this many items (a selection may not be larger). */
export const BULK_METADATA_MAX_ITEMS = 10_000;

/** What a bulk update does to one field: set it, add choices to a multiple choice, or clear it. */
export type BulkOperation =
  | { form: string; field: string; op: 'set'; value: unknown }
  | { form: string; field: string; op: 'add'; value: readonly string[] }
  | { form: string; field: string; op: 'clear' };

/** Texts of the bulk update's own rules; the spec words none of them. */
export const BULK_RULE_TEXTS = {
  unknownForm: 'Unknown form',
  unknownField: 'Unknown field',
  notWritable: 'You may not change this field',
  commonColumns: "An item's title and description are changed one item at a time",
  addNeedsMultipleChoice: 'Only a multiple choice field can be added to',
  twice: 'Each field may be changed once',
  tooMany: `A bulk update takes at most ${BULK_METADATA_MAX_ITEMS.toLocaleString('en')} items`,
} as const;

export interface BulkOperationError {
  /** Where in the request: `operations.<i>.form|field|op|value`. */
  field: string;
  message: string;
}

function fieldError(
  field: FormField,
  operation: BulkOperation,
  lists: OptionLists,
): { at: 'op' | 'value'; message: string } | null {
  if (operation.op === 'clear') return field.required ? { at: 'op', message: MESSAGES.valueRequired } : null;
  if (operation.op === 'add' && field.type !== 'MultipleChoice') {
    return { at: 'op', message: BULK_RULE_TEXTS.addNeedsMultipleChoice };
  }
  if (isEmptyValue(operation.value)) {
    return field.required ? { at: 'value', message: MESSAGES.valueRequired } : null;
  }
  const message = valueError(field, operation.value, lists);
  return message === null ? null : { at: 'value', message };
}

/**
 * Spec §5's value rules for a bulk update's operations, before any item is touched: the form is one
 * the caller sees and may fill (`forms`: those, active), the field one they may write, the value
 * one the field takes. The Common form's title and description are not bulk-edited.
 */
export function validateBulkOperations(
  operations: readonly BulkOperation[],
  forms: readonly MetadataForm[],
  reader: FieldReader,
  lists: OptionLists,
): BulkOperationError[] {
  const errors: BulkOperationError[] = [];
  const seen = new Set<string>();
  operations.forEach((operation, i) => {
    const at = (part: string, message: string) => errors.push({ field: `operations.${i}.${part}`, message });
    const form = forms.find((f) => f.id === operation.form);
    if (!form) return at('form', BULK_RULE_TEXTS.unknownForm);
    const field = form.fields.find((f) => f.fieldId === operation.field);
    if (!field) return at('field', BULK_RULE_TEXTS.unknownField);
    if (form.builtIn === 'common' && field.systemDefaultField)
      return at('field', BULK_RULE_TEXTS.commonColumns);
    if (!canWriteField(field, reader)) return at('field', BULK_RULE_TEXTS.notWritable);
    const key = `${form.id}.${field.fieldId}`;
    if (seen.has(key)) return at('field', BULK_RULE_TEXTS.twice);
    seen.add(key);
    const error = fieldError(field, operation, lists);
    if (error) at(error.at, error.message);
  });
  return errors;
}

/**
 * One form's values after the operations that touch it (the values given are not changed): `set`
 * replaces (an empty value clears), `add` joins new choices after the present ones, `clear`
 * removes the field. Applying the same operations again changes nothing more.
 */
export function applyBulkOperations(
  values: Readonly<Record<string, unknown>>,
  operations: readonly BulkOperation[],
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...values };
  for (const operation of operations) {
    if (operation.op === 'clear' || (operation.op === 'set' && isEmptyValue(operation.value))) {
      next[operation.field] = undefined;
    } else if (operation.op === 'set') {
      next[operation.field] = operation.value;
    } else {
      const present = next[operation.field];
      const current: unknown[] = Array.isArray(present) ? present : [];
      next[operation.field] = [...current, ...operation.value.filter((v) => !current.includes(v))];
    }
  }
  return Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
}
