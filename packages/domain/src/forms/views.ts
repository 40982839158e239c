import { formView, isFileUrl, isVisibleIn } from './values.ts';
import { FORM_VIEWS, type FormField, type FormViewName, type MetadataForm } from './types.ts';

/** Spec §3 "A view missing for a subtype is copied from the item view": a subtype has every view. */
export function withSubtypeViews(form: MetadataForm): MetadataForm {
  const item = form.views.item;
  if (!form.isSubtype || item === undefined) return form;
  const views = { ...form.views };
  for (const name of FORM_VIEWS) views[name] ??= { ...item };
  return { ...form, views };
}

/** A field as a screen shows it: the field and the view's label for it (the field's own without one). */
export interface ViewField {
  field: FormField;
  label: string;
}

/** The fields a screen (spec §3 view) shows of a form, in the form's order, with their view labels. */
export function viewFields(form: MetadataForm, view: FormViewName): ViewField[] {
  const settings = formView(form, view);
  return form.fields
    .filter((f) => isVisibleIn(form, view, f))
    .map((field) => ({ field, label: settings[field.fieldId]?.label ?? field.label }));
}

// A Button opens a page of another system for the item: its default value is that page's address,
// where {itemId} stands for the item's id.
const ITEM_ID = /\{itemId\}/g;

/** The address a Button field opens for an item, or null when it has none. */
export function buttonUrl(field: FormField, itemId: string): string | null {
  if (field.type !== 'Button' || !isFileUrl(field.defaultValue)) return null;
  return field.defaultValue.replace(ITEM_ID, encodeURIComponent(itemId));
}
