import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { BUILT_IN_FORMS, newField, newForm } from './built-in.ts';
import { BULK_RULE_TEXTS, applyBulkOperations, validateBulkOperations, type BulkOperation } from './bulk.ts';

const form = {
  ...newForm('news', 'News'),
  fields: [
    { ...newField('story', 'Story', 'Text'), required: true },
    {
      ...newField('tags', 'Tags', 'MultipleChoice'),
      alternatives: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    },
    { ...newField('embargo', 'Embargo', 'Date') },
    { ...newField('locked', 'Locked', 'Text'), readOnly: true },
  ],
};
const common = BUILT_IN_FORMS.find((f) => f.builtIn === 'common');
const forms = common ? [form, common] : [form];
const reader = { groupIds: [], admin: false };
const check = (operations: BulkOperation[]) => validateBulkOperations(operations, forms, reader, new Map());

describe('validateBulkOperations', () => {
  it('accepts set, add and clear on fields the reader may write', () => {
    expect(
      check([
        { form: 'news', field: 'story', op: 'set', value: 'x' },
        { form: 'news', field: 'tags', op: 'add', value: ['a'] },
        { form: 'news', field: 'embargo', op: 'clear' },
      ]),
    ).toEqual([]);
  });

  it.each<[BulkOperation, string, string]>([
    [{ form: 'nope', field: 'x', op: 'clear' }, 'operations.0.form', BULK_RULE_TEXTS.unknownForm],
    [{ form: 'news', field: 'x', op: 'clear' }, 'operations.0.field', BULK_RULE_TEXTS.unknownField],
    [
      { form: 'news', field: 'locked', op: 'set', value: 'x' },
      'operations.0.field',
      BULK_RULE_TEXTS.notWritable,
    ],
    [
      { form: 'common', field: 'title', op: 'set', value: 'x' },
      'operations.0.field',
      BULK_RULE_TEXTS.commonColumns,
    ],
    [{ form: 'news', field: 'story', op: 'clear' }, 'operations.0.op', MESSAGES.valueRequired],
    [{ form: 'news', field: 'story', op: 'set', value: '' }, 'operations.0.value', MESSAGES.valueRequired],
    [
      { form: 'news', field: 'story', op: 'add', value: ['a'] },
      'operations.0.op',
      BULK_RULE_TEXTS.addNeedsMultipleChoice,
    ],
    [
      { form: 'news', field: 'tags', op: 'add', value: ['z'] },
      'operations.0.value',
      MESSAGES.invalidOptionValue,
    ],
    [
      { form: 'news', field: 'embargo', op: 'set', value: '2026-02-30' },
      'operations.0.value',
      'Value must be a date (YYYY-MM-DD)',
    ],
  ])('refuses %j at %s', (operation, field, message) => {
    expect(check([operation])).toEqual([{ field, message }]);
  });

  it('refuses the same field twice', () => {
    const op: BulkOperation = { form: 'news', field: 'embargo', op: 'clear' };
    expect(check([op, op])).toEqual([{ field: 'operations.1.field', message: BULK_RULE_TEXTS.twice }]);
  });
});

describe('applyBulkOperations', () => {
  it('sets, adds new choices after the present ones, and clears', () => {
    const before = { story: 'old', tags: ['b'], embargo: '2026-01-01' };
    const after = applyBulkOperations(before, [
      { form: 'news', field: 'story', op: 'set', value: 'new' },
      { form: 'news', field: 'tags', op: 'add', value: ['a', 'b'] },
      { form: 'news', field: 'embargo', op: 'clear' },
    ]);
    expect(after).toEqual({ story: 'new', tags: ['b', 'a'] });
    expect(before).toEqual({ story: 'old', tags: ['b'], embargo: '2026-01-01' });
  });

  it('changes nothing more when applied again (a retried job)', () => {
    const ops: BulkOperation[] = [{ form: 'news', field: 'tags', op: 'add', value: ['a'] }];
    const once = applyBulkOperations({}, ops);
    expect(applyBulkOperations(once, ops)).toEqual(once);
  });
});
