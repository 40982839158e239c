import { BUILT_IN_FORMS, newField, newForm } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { bulkEditable, bulkOps } from './bulkFields.ts';

const reader = { groupIds: [], admin: false };

describe('bulkEditable', () => {
  it("offers active forms' writable fields with a value, not Common's title and description", () => {
    const form = {
      ...newForm('news', 'News'),
      fields: [
        newField('story', 'Story', 'Text'),
        { ...newField('locked', 'Locked', 'Text'), readOnly: true },
        newField('data', 'Data', 'JSON'),
      ],
    };
    const inactive = { ...newForm('old', 'Old'), active: false, fields: [newField('x', 'X', 'Text')] };
    const common = BUILT_IN_FORMS.filter((f) => f.builtIn === 'common');
    const editable = bulkEditable([...common, form, inactive], reader);
    expect(editable.map((e) => [e.form.id, e.fields.map((f) => f.fieldId)])).toEqual([['news', ['story']]]);
  });
});

describe('bulkOps', () => {
  it('adds to multiple choices and clears what is not required', () => {
    expect(bulkOps(newField('tags', 'Tags', 'MultipleChoice'))).toEqual(['set', 'add', 'clear']);
    expect(bulkOps({ ...newField('story', 'Story', 'Text'), required: true })).toEqual(['set']);
  });
});
