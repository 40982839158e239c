import { MESSAGES } from '../messages.ts';
import type { OptionLists } from './options.ts';
import { PREFILL_RULE_TEXTS, givenValueErrors } from './prefill.ts';
import { SHARE_RECIPIENT } from './share-view.ts';
import type { FormView, ItemMetadata, MetadataForm, OptionList } from './types.ts';
import { canWriteField, formView, isVisibleIn } from './values.ts';

/** The screens whose view settings a guest's upload view reads: its own, and the item view it falls back to. */
const GUEST_VIEWS = ['upload', 'item'] as const;

/**
 * Spec §2 upload view, for the guest of an upload request (no account, a link's token): the forms
 * every user sees, active, with the upload view's fields anyone may write (no group, not read-only,
 * no Button, not the title a file's name gives). Each form is cut to what filling it needs: no
 * groups, shortcuts, usage rules or other screens' views; the option lists its fields name, only.
 */
export function guestUploadView(
  forms: readonly MetadataForm[],
  lists: OptionLists,
): { forms: MetadataForm[]; lists: OptionList[] } {
  const cut = forms
    .filter((f) => f.active && f.visibleTo.level === 'everyone' && f.builtIn !== 'folderDefault')
    .map((form): MetadataForm => {
      const fields = form.fields.filter(
        (field) =>
          isVisibleIn(form, 'upload', field) &&
          canWriteField(field, SHARE_RECIPIENT) &&
          !(form.id === 'common' && field.fieldId === 'title'),
      );
      const ids = new Set(fields.map((f) => f.fieldId));
      const views: Partial<Record<(typeof GUEST_VIEWS)[number], FormView>> = {};
      for (const name of GUEST_VIEWS) {
        const settings = name === 'upload' ? formView(form, 'upload') : form.views.item;
        if (settings)
          views[name] = Object.fromEntries(Object.entries(settings).filter(([id]) => ids.has(id)));
      }
      return {
        id: form.id,
        label: form.label,
        active: true,
        icon: null,
        color: null,
        keyboardShortcut: null,
        visibleTo: { level: 'everyone', groupIds: [] },
        isSubtype: false,
        duration: null,
        builtIn: form.builtIn,
        fields: fields.map((f) => ({ ...f, keyboardShortcut: null, sortable: false })),
        views,
        usageRules: [],
      };
    })
    .filter((f) => f.fields.length > 0);
  const named = new Set(
    cut.flatMap((f) => f.fields.flatMap((x) => (x.optionListId ? [x.optionListId] : []))),
  );
  return { forms: cut, lists: [...lists.values()].filter((l) => named.has(l.id)) };
}

/** A value a guest gave, or left out, that the upload view refuses: where, and spec §5's message. */
export interface GuestValueError {
  formId: string;
  fieldId: string;
  message: string;
}

/**
 * The values a guest sends with an upload, checked against their upload view (`guestUploadView`'s
 * forms): a form or field outside it is unknown, each value must fit its field, and every required
 * field must be given ('Value required'; an unticked checkbox is a value, false).
 */
export function guestUploadErrors(
  forms: readonly MetadataForm[],
  values: ItemMetadata,
  lists: OptionLists,
): GuestValueError[] {
  const unknown = Object.keys(values)
    .filter((formId) => !forms.some((f) => f.id === formId))
    .map((formId) => ({ formId, fieldId: '', message: PREFILL_RULE_TEXTS.unknownForm }));
  const perForm = forms.flatMap((form) => {
    const given = values[form.id] ?? {};
    const missing = form.fields
      .filter((f) => f.required && f.type !== 'Checkbox' && !Object.hasOwn(given, f.fieldId))
      .map((f) => ({ fieldId: f.fieldId, message: MESSAGES.valueRequired }));
    return [...givenValueErrors(form, given, SHARE_RECIPIENT, lists), ...missing].map((e) => ({
      formId: form.id,
      ...e,
    }));
  });
  return [...unknown, ...perForm];
}
