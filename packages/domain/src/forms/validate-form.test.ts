import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { BUILT_IN_FORMS, newField, newForm } from './built-in.ts';
import type { OptionLists } from './options.ts';
import type { FormField, MetadataForm } from './types.ts';
import { FORM_RULE_TEXTS, formDeleteRefusal, validateForm, type FormContext } from './validate-form.ts';

const noLists: OptionLists = new Map();
const ctx = (overrides: Partial<FormContext> = {}): FormContext => ({
  others: [],
  saved: null,
  lists: noLists,
  ...overrides,
});
const builtIn = (kind: string): MetadataForm => {
  const form = BUILT_IN_FORMS.find((f) => f.builtIn === kind);
  if (!form) throw new Error(kind);
  return form;
};
const withField = (
  field: Partial<FormField>,
  form: MetadataForm = newForm('news', 'News'),
): MetadataForm => ({
  ...form,
  fields: [...form.fields, { ...newField('f', 'F', 'Text'), ...field }],
});
const messages = (form: MetadataForm, c: FormContext = ctx()) => validateForm(form, c).map((e) => e.message);

describe('validateForm', () => {
  it('passes every built-in form as it is born', () => {
    for (const form of BUILT_IN_FORMS) expect(validateForm(form, ctx())).toEqual([]);
  });

  it.each(['News.', 'Say "hi"', "It's", 'Quote’s'])('refuses the label %s: a period or quotes', (label) => {
    expect(validateForm({ ...newForm('news', label) }, ctx())).toEqual([
      { field: 'label', message: 'Label may not contain a period or quotes' },
    ]);
  });

  it('refuses a label or an id another form has: A form with that name already exists', () => {
    const other = newForm('news', 'News');
    expect(validateForm(newForm('sport', 'NEWS'), ctx({ others: [other] }))).toEqual([
      { field: 'label', message: 'A form with that name already exists' },
    ]);
    expect(validateForm(newForm('news', 'Sport'), ctx({ others: [other] }))).toEqual([
      { field: 'id', message: 'A form with that name already exists' },
    ]);
  });

  it.each<[Partial<FormField>, string]>([
    [{ type: 'Button', required: true }, 'Button fields cannot be required or read only'],
    [{ type: 'Button', readOnly: true }, 'Button fields cannot be required or read only'],
    [{ type: 'Checkbox', required: true, defaultValue: false }, 'Checkboxes cannot be required'],
    [{ type: 'File', required: true }, 'File fields cannot be required or read only'],
    [{ type: 'File', readOnly: true }, 'File fields cannot be required or read only'],
    [{ type: 'Text', readOnly: true, required: true }, 'A read only field cannot be required'],
  ])('refuses the combination %o: %s', (field, message) => {
    expect(validateForm(withField(field), ctx())).toEqual([{ field: 'fields.0.required', message }]);
  });

  it("takes a Button's default value as the http(s) address it opens, and nothing else", () => {
    const url = withField({ type: 'Button', defaultValue: 'https://cms.example/items/{itemId}' });
    expect(validateForm(url, ctx())).toEqual([]);
    expect(validateForm(withField({ type: 'Button', defaultValue: 'cms' }), ctx())).toEqual([
      { field: 'fields.0.defaultValue', message: FORM_RULE_TEXTS.buttonUrl },
    ]);
  });

  it('refuses a Common form whose title is not required: Title must be required', () => {
    const common = builtIn('common');
    const form = {
      ...common,
      fields: common.fields.map((f) => (f.fieldId === 'title' ? { ...f, required: false } : f)),
    };
    expect(messages(form)).toEqual(['Title must be required']);
  });

  it('refuses a required field on the built-in QC form', () => {
    expect(messages(withField({ required: true }, builtIn('qc')))).toEqual([
      'Required fields cannot be added to the built-in QC form',
    ]);
  });

  it('refuses an initialization rule on createdOn, and on any field but a date', () => {
    const rule = [{ kind: 'dateOffset' as const, offsetDays: 3 }];
    expect(messages(withField({ fieldId: 'createdOn', type: 'Date', initializationRules: rule }))).toEqual([
      'createdOn cannot be initialized',
    ]);
    expect(messages(withField({ type: 'Text', initializationRules: rule }))).toEqual([
      FORM_RULE_TEXTS.initializationDateOnly,
    ]);
    expect(messages(withField({ type: 'Date', initializationRules: rule }))).toEqual([]);
  });

  it.each(['ctrl+', 'hyper+k', 'ctrl+ctrl+k', 'enter', 'ctrl+shift+kk'])(
    'refuses the shortcut %s: Invalid shortcut',
    (s) => {
      expect(messages({ ...newForm('news', 'News'), keyboardShortcut: s })).toEqual(['Invalid shortcut']);
      expect(messages(withField({ keyboardShortcut: s }))).toEqual(['Invalid shortcut']);
    },
  );

  it('refuses a shortcut a system key, another form or another field has', () => {
    const conflict = 'Shortcut conflicts with another form or a system shortcut';
    expect(messages({ ...newForm('news', 'News'), keyboardShortcut: 'Space' })).toEqual([conflict]);
    const other = {
      ...withField({ keyboardShortcut: 'alt+2' }, newForm('sport', 'Sport')),
      keyboardShortcut: 'Shift+Alt+1',
    };
    expect(
      messages({ ...newForm('news', 'News'), keyboardShortcut: 'alt+shift+1' }, ctx({ others: [other] })),
    ).toEqual([conflict]);
    expect(messages(withField({ keyboardShortcut: 'alt+2' }), ctx({ others: [other] }))).toEqual([conflict]);
    expect(messages({ ...withField({ keyboardShortcut: 'alt+3' }), keyboardShortcut: 'alt+3' })).toEqual([
      conflict,
      conflict,
    ]);
    expect(
      messages({ ...newForm('news', 'News'), keyboardShortcut: 'alt+shift+2' }, ctx({ others: [other] })),
    ).toEqual([]);
  });

  it.each<['common' | 'folderDefault']>([['common'], ['folderDefault']])(
    'refuses to deactivate the %s form',
    (kind) => {
      expect(messages({ ...builtIn(kind), active: false })).toEqual([
        'Common type and folder default type cannot be deactivated or deleted',
      ]);
    },
  );

  it('lets Detected Text, Restricted Material, QC and ordinary forms be deactivated', () => {
    for (const kind of ['detectedText', 'restrictedMaterial', 'qc'])
      expect(messages({ ...builtIn(kind), active: false })).toEqual([]);
  });

  it('refuses to drop a system default field of the saved form', () => {
    const common = builtIn('common');
    const form = { ...common, fields: common.fields.filter((f) => f.fieldId !== 'description') };
    expect(messages(form, ctx({ saved: common }))).toEqual(['System default fields cannot be deleted']);
    const news = withField({ fieldId: 'x' });
    expect(messages({ ...news, fields: [] }, ctx({ saved: news }))).toEqual([]);
  });

  it('refuses to change the type of a saved field', () => {
    const saved = withField({ type: 'Text' });
    expect(validateForm(withField({ type: 'Date' }), ctx({ saved }))).toEqual([
      { field: 'fields.0.type', message: 'The field type of saved fields cannot be changed' },
    ]);
  });

  it.each<[number | null, number | null, string[]]>([
    [1, 100, []],
    [null, 5, []],
    [0, 5, ['Max and min lines must be between 1 and 100']],
    [1, 101, ['Max and min lines must be between 1 and 100']],
    [1.5, 3, ['Max and min lines must be between 1 and 100']],
    [5, 5, ['Min lines must be below max lines']],
    [6, 5, ['Min lines must be below max lines']],
  ])('min lines %s and max lines %s: %o', (minLines, maxLines, expected) => {
    expect(messages(withField({ minLines, maxLines }))).toEqual(expected);
  });

  it('asks a choice for options of the right kind, and checks the default value against them', () => {
    const lists: OptionLists = new Map([
      [
        'flat',
        { id: 'flat', name: 'Flat', kind: 'flat', options: [{ value: 'a', label: 'A', children: [] }] },
      ],
    ]);
    expect(messages(withField({ type: 'Choice' }))).toEqual([FORM_RULE_TEXTS.optionsNeeded]);
    expect(messages(withField({ type: 'TreeChoice' }))).toEqual([FORM_RULE_TEXTS.treeOptionsNeeded]);
    expect(messages(withField({ type: 'TreeChoice', optionListId: 'flat' }), ctx({ lists }))).toEqual([
      FORM_RULE_TEXTS.unknownOptionList,
    ]);
    expect(
      messages(withField({ type: 'Choice', optionListId: 'flat', defaultValue: 'a' }), ctx({ lists })),
    ).toEqual([]);
    expect(
      messages(withField({ type: 'Choice', optionListId: 'flat', defaultValue: 'b' }), ctx({ lists })),
    ).toEqual([MESSAGES.invalidOptionValue]);
  });

  it('refuses a bad or repeated field id and a view naming an unknown field', () => {
    const form = withField({ fieldId: 'a' }, withField({ fieldId: 'a' }));
    expect(validateForm(form, ctx())).toEqual([
      { field: 'fields.1.fieldId', message: FORM_RULE_TEXTS.duplicateField },
    ]);
    expect(messages(withField({ fieldId: '1a' }))).toEqual([FORM_RULE_TEXTS.identifier]);
    expect(
      validateForm(
        {
          ...newForm('news', 'News'),
          views: { upload: { nope: { visible: true, label: null, defaultValue: null } } },
        },
        ctx(),
      ),
    ).toEqual([{ field: 'views.upload.nope', message: FORM_RULE_TEXTS.unknownViewField }]);
  });

  it('refuses visibility to selected groups without groups', () => {
    expect(
      messages({ ...newForm('news', 'News'), visibleTo: { level: 'selected_groups', groupIds: [] } }),
    ).toEqual(['Selected groups cannot be empty']);
  });

  it('checks the usage rule groups with the form', () => {
    const form = {
      ...newForm('news', 'News'),
      usageRules: [{ identifier: { key: '', label: 'Web' }, contexts: [] }],
    };
    expect(validateForm(form, ctx())).toEqual([
      { field: 'usageRules.0.identifier', message: 'Identifier key and label are required' },
    ]);
  });
});

describe('formDeleteRefusal', () => {
  it.each([
    ['common', 'Common type and folder default type cannot be deactivated or deleted'],
    ['folderDefault', 'Common type and folder default type cannot be deactivated or deleted'],
    ['detectedText', 'Detected Text and Restricted Material forms cannot be deleted'],
    ['restrictedMaterial', 'Detected Text and Restricted Material forms cannot be deleted'],
    ['qc', null],
  ])('%s: %s', (kind, message) => {
    expect(formDeleteRefusal(builtIn(kind))).toBe(message);
  });

  it('lets an ordinary form go', () => {
    expect(formDeleteRefusal(newForm('news', 'News'))).toBeNull();
  });
});
