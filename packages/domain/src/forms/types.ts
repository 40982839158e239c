import type { UsageRuleGroup } from '../usage-rules/types.ts';

/** Spec §3: the ten field types of a metadata form. */
export const FIELD_TYPES = [
  'Text',
  'Choice',
  'MultipleChoice',
  'TreeChoice',
  'Checkbox',
  'Date',
  'SubType',
  'Button',
  'File',
  'JSON',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Spec §3: the screens a form has a view for. */
export const FORM_VIEWS = [
  'item',
  'upload',
  'share',
  'scheduler',
  'copyItem',
  'newVersion',
  'createPlaceholder',
  'folder',
  'search',
] as const;
export type FormViewName = (typeof FORM_VIEWS)[number];

/** Spec §3 "In bookmarks and forms, visibility may be everyone, hidden, or selected groups." */
export const FORM_VISIBILITY_LEVELS = ['everyone', 'hidden', 'selected_groups'] as const;
export type FormVisibilityLevel = (typeof FORM_VISIBILITY_LEVELS)[number];

/** Spec §5: the built-in forms every tenant has, and what each may not lose. */
export const BUILT_IN_FORM_KINDS = [
  'common',
  'folderDefault',
  'qc',
  'detectedText',
  'restrictedMaterial',
] as const;
export type BuiltInFormKind = (typeof BUILT_IN_FORM_KINDS)[number];

export const OPTION_LIST_KINDS = ['flat', 'tree'] as const;
export type OptionListKind = (typeof OPTION_LIST_KINDS)[number];

/** One alternative of a choice: the stored value and the label shown. */
export interface Alternative {
  value: string;
  label: string;
}

/** A node of a tree choice; a tree value is the path of values from the root, joined by '/'. */
export interface TreeAlternative extends Alternative {
  children: readonly TreeAlternative[];
}

export interface OptionList {
  id: string;
  name: string;
  kind: OptionListKind;
  /** Flat lists use `value`/`label` only; tree lists nest `children`. */
  options: readonly TreeAlternative[];
}

/** Spec §3 "initializationRules (a dateOffset rule has offsetDays)". */
export interface DateOffsetRule {
  kind: 'dateOffset';
  offsetDays: number;
}

/** Who may read or write a field; null is everyone who sees the form. */
export type FieldGroups = readonly string[] | null;

export type FieldValue = string | boolean | readonly string[] | null | { readonly [key: string]: unknown };

export interface FormField {
  /** The stable key values are stored under; unique within the form. */
  fieldId: string;
  label: string;
  type: FieldType;
  required: boolean;
  readOnly: boolean;
  userCanRead: FieldGroups;
  userCanWrite: FieldGroups;
  defaultValue: FieldValue;
  optionListId: string | null;
  alternatives: readonly Alternative[];
  treeAlternatives: readonly TreeAlternative[];
  systemDefaultField: boolean;
  initializationRules: readonly DateOffsetRule[];
  sortable: boolean;
  keyboardShortcut: string | null;
  /** Text fields only. */
  minLines: number | null;
  maxLines: number | null;
}

/** Spec §3 view settings per field. */
export interface ViewFieldSetting {
  visible: boolean;
  label: string | null;
  defaultValue: FieldValue;
}

export type FormView = Readonly<Record<string, ViewFieldSetting>>;

export interface FormVisibility {
  level: FormVisibilityLevel;
  groupIds: readonly string[];
}

export interface MetadataForm {
  /** The form's identifier (spec §3 id), unique in the tenant. */
  id: string;
  label: string;
  active: boolean;
  icon: string | null;
  color: string | null;
  keyboardShortcut: string | null;
  visibleTo: FormVisibility;
  isSubtype: boolean;
  /** Default duration in seconds of a log event made with this form; null when it has none. */
  duration: number | null;
  builtIn: BuiltInFormKind | null;
  fields: readonly FormField[];
  views: Readonly<Partial<Record<FormViewName, FormView>>>;
  usageRules: readonly UsageRuleGroup[];
}

/** The stored values of one item: form id → field id → value. */
export type ItemMetadata = Readonly<Record<string, Readonly<Record<string, unknown>>>>;
