import { choiceAlternatives, type OptionLists } from './options.ts';
import { isEmptyValue, valueError } from './values.ts';
import type { FieldValue, FormField, MetadataForm } from './types.ts';

/** Spec §3 EXIF mapping: a path in a picture's EXIF to a form field. */
export interface ExifMapping {
  id: string;
  exifPath: string;
  formId: string;
  fieldId: string;
}

/** A path of EXIF tag names as stored per version ('Artist', 'Copyright', 'GPSLatitude.0'). */
export const EXIF_PATH = /^[A-Za-z0-9_]{1,64}(\.[A-Za-z0-9_]{1,64}){0,3}$/;

export const EXIF_RULE_TEXTS = {
  path: 'An EXIF path is tag names joined by a full stop, such as Artist or Copyright',
  buttonField: 'A button cannot take a value from EXIF',
  mappedTwice: 'This field already takes a value from EXIF',
} as const;

/** The value at a path of a version's EXIF; undefined where there is none. */
export function exifAt(exif: Readonly<Record<string, unknown>>, path: string): unknown {
  let at: unknown = exif;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

// EXIF writes dates as 'YYYY:MM:DD HH:MM:SS'; ISO text is taken as it comes.
const EXIF_DATE = /^(\d{4})[:-](\d{2})[:-](\d{2})/;

const scalarText = (raw: unknown): string | null =>
  typeof raw === 'string' ? raw.trim() || null : typeof raw === 'number' ? String(raw) : null;

function asText(raw: unknown): string | null {
  if (Array.isArray(raw)) {
    const parts = raw.map(scalarText).filter((p) => p !== null);
    return parts.length > 0 ? parts.join(', ') : null;
  }
  return scalarText(raw);
}

/** A choice matched by its value or, ignoring case, by its label. */
function choiceOf(field: FormField, lists: OptionLists, text: string): string | null {
  const folded = text.toLowerCase();
  const found = choiceAlternatives(field, lists).find(
    (a) => a.value === text || a.label.toLowerCase() === folded,
  );
  return found?.value ?? null;
}

function converted(field: FormField, raw: unknown, lists: OptionLists): FieldValue {
  switch (field.type) {
    case 'Checkbox':
      return typeof raw === 'boolean' ? raw : typeof raw === 'number' ? raw !== 0 : null;
    case 'Date': {
      const match = EXIF_DATE.exec(scalarText(raw) ?? '');
      return match ? `${match[1] ?? ''}-${match[2] ?? ''}-${match[3] ?? ''}` : null;
    }
    case 'Choice': {
      const text = asText(raw);
      return text === null ? null : choiceOf(field, lists, text);
    }
    case 'MultipleChoice': {
      const texts = (Array.isArray(raw) ? raw : [raw]).map(scalarText).filter((t) => t !== null);
      const values = texts.map((t) => choiceOf(field, lists, t)).filter((v) => v !== null);
      return values.length > 0 ? values : null;
    }
    case 'JSON':
      return typeof raw === 'object' && raw !== null ? (raw as FieldValue) : null;
    case 'Button':
      return null;
    default:
      return asText(raw);
  }
}

/**
 * The value a field takes from a picture's EXIF, converted to the field's type (a camera date to a
 * date, a label to its choice), or null when the EXIF has none that fits.
 */
export function exifFieldValue(field: FormField, raw: unknown, lists: OptionLists): FieldValue {
  if (raw === undefined || raw === null) return null;
  const value = converted(field, raw, lists);
  return isEmptyValue(value) || valueError(field, value, lists) !== null ? null : value;
}

/**
 * The form values a picture's EXIF gives through the tenant's mappings: form id → field id → value.
 * Mappings of forms or fields that no longer exist give nothing.
 */
export function exifFormValues(
  mappings: readonly ExifMapping[],
  forms: readonly MetadataForm[],
  exif: Readonly<Record<string, unknown>>,
  lists: OptionLists,
): Record<string, Record<string, FieldValue>> {
  const result: Record<string, Record<string, FieldValue>> = {};
  for (const m of mappings) {
    const field = forms.find((f) => f.id === m.formId)?.fields.find((f) => f.fieldId === m.fieldId);
    if (!field) continue;
    const value = exifFieldValue(field, exifAt(exif, m.exifPath), lists);
    if (value !== null) (result[m.formId] ??= {})[m.fieldId] = value;
  }
  return result;
}
