import { describe, expect, it } from 'vitest';
import { newField, newForm } from './built-in.ts';
import type { OptionLists } from './options.ts';
import type { FormField, MetadataForm } from './types.ts';
import {
  VALUE_RULE_TEXTS,
  canReadField,
  canWriteField,
  defaultValue,
  formView,
  validateFormValues,
  valueError,
} from './values.ts';

const lists: OptionLists = new Map([
  [
    'places',
    {
      id: 'places',
      name: 'Places',
      kind: 'tree',
      options: [{ value: 'no', label: 'Norway', children: [{ value: 'oslo', label: 'Oslo', children: [] }] }],
    },
  ],
]);
const choice: FormField = {
  ...newField('source', 'Source', 'Choice'),
  alternatives: [
    { value: 'ntb', label: 'NTB' },
    { value: 'own', label: 'Own' },
  ],
};
const everyone = { groupIds: ['g1'], admin: false };

describe('valueError', () => {
  it.each<[FormField, unknown, string | null]>([
    [newField('t', 'T', 'Text'), 'words', null],
    [newField('t', 'T', 'Text'), 3, VALUE_RULE_TEXTS.text],
    [choice, 'ntb', null],
    [choice, 'reuters', 'Invalid value found - please select a new one.'],
    [{ ...choice, type: 'MultipleChoice' }, ['ntb', 'own'], null],
    [{ ...choice, type: 'MultipleChoice' }, ['ntb', 'x'], 'Invalid value found - please select a new one.'],
    [{ ...choice, type: 'MultipleChoice' }, 'ntb', VALUE_RULE_TEXTS.list],
    [{ ...newField('p', 'P', 'TreeChoice'), optionListId: 'places' }, 'no/oslo', null],
    [
      { ...newField('p', 'P', 'TreeChoice'), optionListId: 'places' },
      'oslo',
      'Invalid value found - please select a new one.',
    ],
    [newField('c', 'C', 'Checkbox'), true, null],
    [newField('c', 'C', 'Checkbox'), 'yes', VALUE_RULE_TEXTS.checkbox],
    [newField('d', 'D', 'Date'), '2026-02-28', null],
    [newField('d', 'D', 'Date'), '2026-02-30', VALUE_RULE_TEXTS.date],
    [newField('b', 'B', 'Button'), 'x', VALUE_RULE_TEXTS.button],
    [newField('j', 'J', 'JSON'), { a: 1 }, null],
    [newField('j', 'J', 'JSON'), 'a', VALUE_RULE_TEXTS.json],
  ])('%o with %o: %s', (field, value, message) => {
    expect(valueError(field, value, lists)).toBe(message);
  });
});

describe('field access', () => {
  const field = { ...newField('x', 'X', 'Text'), userCanRead: ['g1', 'g2'], userCanWrite: ['g2'] };

  it('reads and writes by group; administrators do both; read-only fields and buttons are never written', () => {
    expect(canReadField(field, everyone)).toBe(true);
    expect(canWriteField(field, everyone)).toBe(false);
    expect(canWriteField(field, { groupIds: ['g2'], admin: false })).toBe(true);
    expect(canReadField(field, { groupIds: ['g3'], admin: false })).toBe(false);
    expect(canWriteField(field, { groupIds: [], admin: true })).toBe(true);
    expect(canWriteField({ ...field, readOnly: true }, { groupIds: [], admin: true })).toBe(false);
    expect(canWriteField(newField('b', 'B', 'Button'), everyone)).toBe(false);
  });
});

describe('defaultValue', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const text = { ...newField('t', 'T', 'Text'), defaultValue: 'field' };
  const setting = (value: string | null) => ({ t: { visible: true, label: null, defaultValue: value } });
  const form = (views: MetadataForm['views']): MetadataForm => ({
    ...newForm('f', 'F'),
    fields: [text],
    views,
  });

  it('takes the view default, then the item view default, then the field default', () => {
    expect(
      defaultValue(form({ upload: setting('upload'), item: setting('item') }), 'upload', text, now),
    ).toBe('upload');
    expect(defaultValue(form({ upload: setting(null), item: setting('item') }), 'upload', text, now)).toBe(
      'item',
    );
    expect(defaultValue(form({}), 'upload', text, now)).toBe('field');
  });

  it('is empty otherwise, false for a checkbox, and a date offset by the initialization rule', () => {
    expect(defaultValue(form({}), 'item', newField('t', 'T', 'Text'), now)).toBeNull();
    expect(defaultValue(form({}), 'item', newField('c', 'C', 'Checkbox'), now)).toBe(false);
    const date = {
      ...newField('d', 'D', 'Date'),
      initializationRules: [{ kind: 'dateOffset' as const, offsetDays: 7 }],
    };
    expect(defaultValue(form({}), 'item', date, now)).toBe('2026-12-02');
  });

  it('copies the item view for a screen without its own view', () => {
    expect(formView(form({ item: setting('item') }), 'share')).toEqual(setting('item'));
  });
});

describe('validateFormValues', () => {
  const form: MetadataForm = {
    ...newForm('news', 'News'),
    fields: [
      { ...newField('story', 'Story', 'Text'), required: true },
      choice,
      { ...newField('locked', 'Locked', 'Text'), readOnly: true },
      { ...newField('secret', 'Secret', 'Text'), userCanWrite: ['g9'], required: true },
    ],
  };

  it('answers Value required for an empty required field and the invalid-value message for a bad choice', () => {
    expect(validateFormValues(form, { story: '  '.trim(), source: 'afp' }, everyone, lists)).toEqual([
      { fieldId: 'story', message: 'Value required' },
      { fieldId: 'source', message: 'Invalid value found - please select a new one.' },
    ]);
  });

  it('skips read-only fields and those the user cannot write', () => {
    expect(validateFormValues(form, { story: 'x', locked: 5 }, everyone, lists)).toEqual([]);
  });
});
