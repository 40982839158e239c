import { MESSAGES } from '../messages.ts';
import { DAY_MS } from '../constants.ts';
import { choiceAlternatives, treeAlternatives, treePath, type OptionLists } from './options.ts';
import type {
  FieldGroups,
  FieldValue,
  FormField,
  FormViewName,
  MetadataForm,
  ViewFieldSetting,
} from './types.ts';

/** The texts of value rules the spec does not word; its own are in MESSAGES. */
export const VALUE_RULE_TEXTS = {
  text: 'Value must be text',
  file: 'Value must be the address of a file (http:// or https://)',
  checkbox: 'Value must be true or false',
  date: 'Value must be a date (YYYY-MM-DD)',
  list: 'Value must be a list of choices',
  button: 'A button holds no value',
  json: 'Value must be a JSON object or list',
} as const;

/** Who is filling a form: their groups, and whether they are an administrator (who reads and writes all). */
export interface FieldReader {
  groupIds: readonly string[];
  admin: boolean;
}

const inGroups = (groups: FieldGroups, reader: FieldReader) =>
  reader.admin || groups === null || groups.some((g) => reader.groupIds.includes(g));

/** Spec §3 userCanRead: null is everyone. */
export function canReadField(field: FormField, reader: FieldReader): boolean {
  return inGroups(field.userCanRead, reader);
}

/** Spec §5: a read-only field, or one the user cannot read or write, is not filled in. */
export function canWriteField(field: FormField, reader: FieldReader): boolean {
  return (
    !field.readOnly &&
    field.type !== 'Button' &&
    canReadField(field, reader) &&
    inGroups(field.userCanWrite, reader)
  );
}

/** Spec §3: a view missing for a screen is the item view. */
export function formView(form: MetadataForm, view: FormViewName): Readonly<Record<string, ViewFieldSetting>> {
  return form.views[view] ?? form.views.item ?? {};
}

/** Whether a field shows on a screen (visible unless its view setting hides it). */
export function isVisibleIn(form: MetadataForm, view: FormViewName, field: FormField): boolean {
  return formView(form, view)[field.fieldId]?.visible ?? true;
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function emptyValue(field: FormField): FieldValue {
  if (field.type === 'Checkbox') return false;
  if (field.type === 'MultipleChoice') return [];
  return null;
}

/** A date `days` after `now`'s day, as YYYY-MM-DD (UTC). */
function offsetDate(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Spec §5: an empty value takes the view's default, then the schema's (item) view default, then the
 * field's default, otherwise empty (false for a checkbox). A Date field with a dateOffset
 * initialization rule starts that many days from `now` when nothing above gives it a value.
 */
export function defaultValue(
  form: MetadataForm,
  view: FormViewName,
  field: FormField,
  now: Date,
): FieldValue {
  const candidates = [
    form.views[view]?.[field.fieldId]?.defaultValue,
    form.views.item?.[field.fieldId]?.defaultValue,
    field.defaultValue,
  ];
  const found = candidates.find((v) => !isEmptyValue(v));
  if (found !== undefined) return found;
  const rule = field.type === 'Date' ? field.initializationRules[0] : undefined;
  return rule ? offsetDate(now, rule.offsetDays) : emptyValue(field);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HTTP_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/;

/** Whether a value is an http(s) address: what a File field holds, and what a Button field opens. */
export function isFileUrl(value: unknown): value is string {
  return typeof value === 'string' && HTTP_URL.test(value);
}

export function isDateValue(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** Why a non-empty value does not fit its field, or null when it does. */
export function valueError(field: FormField, value: unknown, lists: OptionLists): string | null {
  switch (field.type) {
    case 'Text':
    case 'SubType':
      return typeof value === 'string' ? null : VALUE_RULE_TEXTS.text;
    case 'File':
      // A File field holds the address of a file kept elsewhere (a contract, a release form).
      return isFileUrl(value) ? null : VALUE_RULE_TEXTS.file;
    case 'Choice':
      return typeof value === 'string' && choiceAlternatives(field, lists).some((a) => a.value === value)
        ? null
        : MESSAGES.invalidOptionValue;
    case 'MultipleChoice': {
      if (!Array.isArray(value)) return VALUE_RULE_TEXTS.list;
      const allowed = choiceAlternatives(field, lists);
      return value.every((v) => allowed.some((a) => a.value === v)) ? null : MESSAGES.invalidOptionValue;
    }
    case 'TreeChoice':
      return typeof value === 'string' && treePath(treeAlternatives(field, lists), value)
        ? null
        : MESSAGES.invalidOptionValue;
    case 'Checkbox':
      return typeof value === 'boolean' ? null : VALUE_RULE_TEXTS.checkbox;
    case 'Date':
      return typeof value === 'string' && isDateValue(value) ? null : VALUE_RULE_TEXTS.date;
    case 'Button':
      return VALUE_RULE_TEXTS.button;
    case 'JSON':
      return typeof value === 'object' && value !== null ? null : VALUE_RULE_TEXTS.json;
  }
}

export interface FieldValueError {
  fieldId: string;
  message: string;
}

/**
 * Spec §5 filling a form: the fields the reader may write are checked ('Value required' for an empty
 * required one, 'Invalid value found - please select a new one.' for a choice outside its options);
 * read-only fields and those the reader cannot read or write are skipped.
 */
export function validateFormValues(
  form: MetadataForm,
  values: Readonly<Record<string, unknown>>,
  reader: FieldReader,
  lists: OptionLists,
): FieldValueError[] {
  const errors: FieldValueError[] = [];
  for (const field of form.fields) {
    if (!canWriteField(field, reader)) continue;
    const value = values[field.fieldId];
    if (isEmptyValue(value)) {
      if (field.required) errors.push({ fieldId: field.fieldId, message: MESSAGES.valueRequired });
      continue;
    }
    const message = valueError(field, value, lists);
    if (message) errors.push({ fieldId: field.fieldId, message });
  }
  return errors;
}
