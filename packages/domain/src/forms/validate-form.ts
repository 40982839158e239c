import { LIMITS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { fold } from '../text/fold.ts';
import { normaliseShortcut, shortcutConflicts } from './shortcuts.ts';
import type { OptionLists } from './options.ts';
import { validateUsageRuleGroups } from '../usage-rules/validate.ts';
import { isEmptyValue, isFileUrl, valueError } from './values.ts';
import { FORM_VIEWS, type FormField, type MetadataForm } from './types.ts';

/** The texts of form rules the spec does not word; its own are in MESSAGES. */
export const FORM_RULE_TEXTS = {
  identifier: 'Must start with a letter and hold only letters, digits and _',
  duplicateField: 'Another field of this form has this id',
  optionsNeeded: 'A choice field needs an option list or alternatives',
  treeOptionsNeeded: 'A tree choice field needs a tree option list or tree alternatives',
  unknownOptionList: 'No option list of the right kind has this id',
  initializationDateOnly: 'Only date fields take an initialization rule',
  linesTextOnly: 'Only text fields have min and max lines',
  unknownViewField: 'The view names a field the form does not have',
  buttonUrl: "A button's default value is the address it opens (http:// or https://)",
  selectedGroupsEmpty: MESSAGES.selectedGroupsEmpty,
} as const;

export interface FormFieldError {
  /** The path of the offending value in the form, e.g. 'label' or 'fields.2.required'. */
  field: string;
  message: string;
}

export interface FormContext {
  /** The tenant's other forms (not the one being validated). */
  others: readonly MetadataForm[];
  /** The stored version of this form, or null when it is new. */
  saved: MetadataForm | null;
  lists: OptionLists;
}

/** A form's or field's id: its key in every item's values and in search (`fieldId:value`). */
export const FORM_IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
// Spec §5: "Label may not contain a period or quotes" (straight and typographic).
const LABEL_FORBIDDEN = /[."'“”‘’]/;

function takenShortcuts(forms: readonly MetadataForm[]): string[] {
  return forms
    .flatMap((f) => [f.keyboardShortcut, ...f.fields.map((x) => x.keyboardShortcut)])
    .flatMap((s) => {
      const n = s === null ? null : normaliseShortcut(s);
      return n === null ? [] : [n];
    });
}

function shortcutError(shortcut: string | null, taken: readonly string[]): string | null {
  if (shortcut === null) return null;
  const normal = normaliseShortcut(shortcut);
  if (normal === null) return MESSAGES.invalidShortcut;
  return shortcutConflicts(normal, taken) ? MESSAGES.shortcutConflict : null;
}

/** Spec §5: which combinations of type, required and read-only a field may have. */
function combinationError(field: FormField, form: MetadataForm): string | null {
  if (field.type === 'Button' && (field.required || field.readOnly))
    return MESSAGES.buttonFieldRequiredOrReadOnly;
  if (field.type === 'File' && (field.required || field.readOnly))
    return MESSAGES.fileFieldRequiredOrReadOnly;
  if (field.type === 'Checkbox' && field.required) return MESSAGES.checkboxRequired;
  if (field.readOnly && field.required) return MESSAGES.readOnlyFieldRequired;
  if (form.builtIn === 'qc' && field.required) return MESSAGES.qcFormRequiredField;
  if (form.builtIn === 'common' && field.fieldId === 'title' && !field.required)
    return MESSAGES.titleMustBeRequired;
  return null;
}

function linesError(field: FormField): string | null {
  if (field.minLines === null && field.maxLines === null) return null;
  if (field.type !== 'Text') return FORM_RULE_TEXTS.linesTextOnly;
  const { min, max } = LIMITS.lines;
  const lo = field.minLines ?? min;
  const hi = field.maxLines ?? max;
  const inRange = (n: number) => Number.isInteger(n) && n >= min && n <= max;
  if (!inRange(lo) || !inRange(hi)) return MESSAGES.linesOutOfRange;
  return lo < hi ? null : MESSAGES.minLinesNotBelowMax;
}

function optionsError(field: FormField, lists: OptionLists): string | null {
  const isTree = field.type === 'TreeChoice';
  if (!isTree && field.type !== 'Choice' && field.type !== 'MultipleChoice') return null;
  if (field.optionListId !== null) {
    const list = lists.get(field.optionListId);
    return list && (list.kind === 'tree') === isTree ? null : FORM_RULE_TEXTS.unknownOptionList;
  }
  if (isTree) return field.treeAlternatives.length > 0 ? null : FORM_RULE_TEXTS.treeOptionsNeeded;
  return field.alternatives.length > 0 ? null : FORM_RULE_TEXTS.optionsNeeded;
}

function initializationError(field: FormField): string | null {
  if (field.initializationRules.length === 0) return null;
  // Spec §5 "createdOn cannot be initialized": the system sets it when the item is made.
  if (field.fieldId === 'createdOn') return MESSAGES.createdOnInitialization;
  return field.type === 'Date' ? null : FORM_RULE_TEXTS.initializationDateOnly;
}

function fieldErrors(form: MetadataForm, ctx: FormContext, taken: readonly string[]): FormFieldError[] {
  const errors: FormFieldError[] = [];
  const seen = new Set<string>();
  form.fields.forEach((field, i) => {
    const at = (key: string, message: string | null) => {
      if (message !== null) errors.push({ field: `fields.${String(i)}.${key}`, message });
    };
    if (!FORM_IDENTIFIER.test(field.fieldId)) at('fieldId', FORM_RULE_TEXTS.identifier);
    else if (seen.has(field.fieldId)) at('fieldId', FORM_RULE_TEXTS.duplicateField);
    seen.add(field.fieldId);
    const saved = ctx.saved?.fields.find((f) => f.fieldId === field.fieldId);
    at('type', saved && saved.type !== field.type ? MESSAGES.savedFieldTypeLocked : null);
    at('required', combinationError(field, form));
    at('lines', linesError(field));
    at('optionListId', optionsError(field, ctx.lists));
    at('initializationRules', initializationError(field));
    const others = [
      ...taken,
      ...takenShortcuts([{ ...form, fields: form.fields.filter((f) => f !== field) }]),
    ];
    at('keyboardShortcut', shortcutError(field.keyboardShortcut, others));
    if (field.type === 'Button') {
      at(
        'defaultValue',
        isEmptyValue(field.defaultValue) || isFileUrl(field.defaultValue) ? null : FORM_RULE_TEXTS.buttonUrl,
      );
    } else if (
      !isEmptyValue(field.defaultValue) &&
      !(field.type === 'Checkbox' && field.defaultValue === false)
    ) {
      at('defaultValue', valueError(field, field.defaultValue, ctx.lists));
    }
  });
  for (const saved of ctx.saved?.fields ?? []) {
    if (saved.systemDefaultField && !seen.has(saved.fieldId)) {
      errors.push({ field: 'fields', message: MESSAGES.systemDefaultFieldProtected });
    }
  }
  return errors;
}

function viewErrors(form: MetadataForm): FormFieldError[] {
  const ids = new Set(form.fields.map((f) => f.fieldId));
  return FORM_VIEWS.flatMap((name) =>
    Object.keys(form.views[name] ?? {})
      .filter((id) => !ids.has(id))
      .map((id) => ({ field: `views.${name}.${id}`, message: FORM_RULE_TEXTS.unknownViewField })),
  );
}

/** Spec §5 forms and fields: every rule a form must pass to be saved, each error at its place. */
export function validateForm(form: MetadataForm, ctx: FormContext): FormFieldError[] {
  const errors: FormFieldError[] = [];
  const push = (field: string, message: string | null) => {
    if (message !== null) errors.push({ field, message });
  };
  if (LABEL_FORBIDDEN.test(form.label)) push('label', MESSAGES.formLabelCharacters);
  else if (ctx.others.some((o) => fold(o.label) === fold(form.label))) push('label', MESSAGES.formExists);
  if (!FORM_IDENTIFIER.test(form.id)) push('id', FORM_RULE_TEXTS.identifier);
  else if (ctx.others.some((o) => o.id === form.id)) push('id', MESSAGES.formExists);
  if (!form.active && (form.builtIn === 'common' || form.builtIn === 'folderDefault')) {
    push('active', MESSAGES.defaultTypeProtected);
  }
  if (form.visibleTo.level === 'selected_groups' && form.visibleTo.groupIds.length === 0) {
    push('visibleTo.groupIds', MESSAGES.selectedGroupsEmpty);
  }
  const othersTaken = takenShortcuts(ctx.others);
  push(
    'keyboardShortcut',
    shortcutError(form.keyboardShortcut, [
      ...othersTaken,
      ...takenShortcuts([{ ...form, keyboardShortcut: null }]),
    ]),
  );
  return [
    ...errors,
    ...fieldErrors(form, ctx, othersTaken),
    ...viewErrors(form),
    ...validateUsageRuleGroups(form.usageRules),
  ];
}

/** Spec §5: the built-in forms that cannot be deleted, with the reason; null when it may go. */
export function formDeleteRefusal(form: Pick<MetadataForm, 'builtIn'>): string | null {
  if (form.builtIn === 'common' || form.builtIn === 'folderDefault') return MESSAGES.defaultTypeProtected;
  if (form.builtIn === 'detectedText' || form.builtIn === 'restrictedMaterial')
    return MESSAGES.builtInFormProtected;
  return null;
}
