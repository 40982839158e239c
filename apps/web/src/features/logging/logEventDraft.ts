import {
  choiceAlternatives,
  defaultValue,
  isEmptyValue,
  logEventEnd,
  type FieldValue,
  type FormField,
  type MetadataForm,
  type OptionLists,
} from '@skald/domain';

/** What a shortcut logs: the form's event at the player's time, its duration long, with its defaults. */
export function newLogEvent(form: MetadataForm, seconds: number, now: Date) {
  const startMs = Math.max(0, Math.round(seconds * 1000));
  const values: Record<string, FieldValue> = {};
  for (const field of form.fields) {
    if (field.type === 'Button' || field.readOnly) continue;
    const value = defaultValue(form, 'item', field, now);
    if (!isEmptyValue(value) && !(field.type === 'Checkbox' && value === false))
      values[field.fieldId] = value;
  }
  return { formId: form.id, startMs, endMs: logEventEnd(form, startMs), values };
}

function shown(field: FormField, value: unknown, lists: OptionLists): string {
  if (field.type === 'Choice' || field.type === 'MultipleChoice') {
    const labels = new Map(choiceAlternatives(field, lists).map((a) => [a.value, a.label]));
    const chosen = Array.isArray(value) ? (value as unknown[]) : [value];
    return chosen.map((v) => labels.get(String(v)) ?? String(v)).join(', ');
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** An event's form values as one line: "Team: Home · Player: 10", the form's field order. */
export function valuesLine(
  form: MetadataForm | undefined,
  values: Readonly<Record<string, unknown>>,
  lists: OptionLists,
): string {
  if (!form) return '';
  return form.fields
    .filter((f) => !isEmptyValue(values[f.fieldId]))
    .map((f) => `${f.label}: ${shown(f, values[f.fieldId], lists)}`)
    .join(' · ');
}
