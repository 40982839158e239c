import { newField, newForm, type MetadataForm } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { changedValues, draftOf, jsonValue, shownFields } from './formDraft.ts';

const reader = { groupIds: ['g1'], admin: false };
const now = new Date('2026-11-25T12:00:00Z');

describe('shownFields', () => {
  it('leaves out Common’s title and description, buttons without an address, hidden fields and those the reader cannot read', () => {
    const common: MetadataForm = {
      ...newForm('common', 'Common'),
      fields: [newField('title', 'Title', 'Text'), newField('place', 'Place', 'Text')],
    };
    expect(shownFields(common, reader).map((f) => f.fieldId)).toEqual(['place']);
    const news: MetadataForm = {
      ...newForm('news', 'News'),
      fields: [
        newField('go', 'Go', 'Button'),
        newField('hidden', 'Hidden', 'Text'),
        { ...newField('secret', 'Secret', 'Text'), userCanRead: ['g2'] },
        newField('story', 'Story', 'Text'),
      ],
      views: { item: { hidden: { visible: false, label: null, defaultValue: null } } },
    };
    expect(shownFields(news, reader).map((f) => f.fieldId)).toEqual(['story']);
    const linked = { ...newField('cms', 'CMS', 'Button'), defaultValue: 'https://cms.example/{itemId}' };
    expect(shownFields({ ...news, fields: [linked] }, reader).map((f) => f.fieldId)).toEqual(['cms']);
  });
});

describe('draftOf and changedValues', () => {
  const form: MetadataForm = {
    ...newForm('news', 'News'),
    fields: [
      { ...newField('source', 'Source', 'Text'), defaultValue: 'NTB' },
      newField('done', 'Done', 'Checkbox'),
    ],
  };

  it('fills empty values from the default chain and sends only what changed', () => {
    const draft = draftOf(form, form.fields, { done: true }, now);
    expect(draft).toEqual({ source: 'NTB', done: true });
    expect(changedValues(form.fields, draft, { done: true })).toEqual({ source: 'NTB' });
    expect(changedValues(form.fields, { source: '', done: true }, { source: 'x', done: true })).toEqual({
      source: null,
    });
  });

  it('reads a JSON field’s text', () => {
    expect(jsonValue('{"a":1}')).toEqual({ a: 1 });
    expect(jsonValue('{')).toBeUndefined();
    expect(jsonValue('')).toBeNull();
  });
});
