import type { FieldType, FormField, MetadataForm } from './types.ts';

/** A field with every setting at its default: optional, writable by all, no default value. */
export function newField(fieldId: string, label: string, type: FieldType): FormField {
  return {
    fieldId,
    label,
    type,
    required: false,
    readOnly: false,
    userCanRead: null,
    userCanWrite: null,
    defaultValue: type === 'Checkbox' ? false : null,
    optionListId: null,
    alternatives: [],
    treeAlternatives: [],
    systemDefaultField: false,
    initializationRules: [],
    sortable: false,
    keyboardShortcut: null,
    minLines: null,
    maxLines: null,
  };
}

/** A form with no fields, active, visible to everyone. */
export function newForm(id: string, label: string): MetadataForm {
  return {
    id,
    label,
    active: true,
    icon: null,
    color: null,
    keyboardShortcut: null,
    visibleTo: { level: 'everyone', groupIds: [] },
    isSubtype: false,
    duration: null,
    builtIn: null,
    fields: [],
    views: {},
    usageRules: [],
  };
}

const system = (field: FormField): FormField => ({ ...field, systemDefaultField: true });

/**
 * Spec §5's built-in forms, which every tenant has from its first day. Common holds the item's title
 * and description (stored on the item itself, so items made before forms keep theirs), and both are
 * system default fields.
 */
export const BUILT_IN_FORMS: readonly MetadataForm[] = Object.freeze([
  {
    ...newForm('common', 'Common'),
    builtIn: 'common',
    fields: [
      system({ ...newField('title', 'Title', 'Text'), required: true }),
      system({ ...newField('description', 'Description', 'Text'), minLines: 1, maxLines: 10 }),
    ],
  },
  {
    ...newForm('folderDefault', 'Folder'),
    builtIn: 'folderDefault',
    fields: [newField('notes', 'Notes', 'Text')],
  },
  {
    ...newForm('qc', 'QC'),
    builtIn: 'qc',
    fields: [
      {
        ...newField('qcStatus', 'QC status', 'Choice'),
        alternatives: [
          { value: 'passed', label: 'Passed' },
          { value: 'failed', label: 'Failed' },
        ],
      },
      { ...newField('qcNotes', 'QC notes', 'Text'), minLines: 1, maxLines: 5 },
    ],
  },
  {
    ...newForm('detectedText', 'Detected Text'),
    builtIn: 'detectedText',
    fields: [
      {
        ...system(newField('detectedText', 'Detected text', 'Text')),
        readOnly: true,
        minLines: 1,
        maxLines: 20,
      },
    ],
  },
  {
    ...newForm('restrictedMaterial', 'Restricted Material'),
    builtIn: 'restrictedMaterial',
    fields: [
      system(newField('restricted', 'Restricted', 'Checkbox')),
      newField('restrictionNote', 'Restriction', 'Text'),
    ],
  },
] satisfies MetadataForm[]);
