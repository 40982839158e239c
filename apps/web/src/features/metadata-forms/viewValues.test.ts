import { MESSAGES, newField, newForm } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import {
  changedValues,
  initialViewValues,
  sendableValues,
  viewForms,
  viewValueErrors,
} from './viewValues.ts';

const news = {
  ...newForm('news', 'News'),
  fields: [
    newField('story', 'Story', 'Text'),
    { ...newField('source', 'Source', 'Choice'), alternatives: [{ value: 'ntb', label: 'NTB' }] },
    newField('urgent', 'Urgent', 'Checkbox'),
    newField('open', 'Open', 'Button'),
    { ...newField('locked', 'Locked', 'Text'), readOnly: true },
    newField('hidden', 'Hidden', 'Text'),
  ],
  views: {
    upload: {
      story: { visible: true, label: 'Story line', defaultValue: 'Untitled story' },
      hidden: { visible: false, label: null, defaultValue: null },
    },
  },
};
const common = {
  ...newForm('common', 'Common'),
  fields: [newField('title', 'Title', 'Text'), newField('description', 'Description', 'Text')],
};
const reader = { groupIds: [], admin: false };
const lists = new Map();

describe('viewForms', () => {
  it("offers the view's fields the reader may set, with the view's labels", () => {
    const entries = viewForms([news, common, { ...newForm('off', 'Off'), active: false }], 'upload', reader);
    expect(entries.map((e) => [e.form.id, e.fields.map((f) => f.label)])).toEqual([
      ['news', ['Story line', 'Source', 'Urgent']],
      ['common', ['Description']],
    ]);
  });
});

describe('initialViewValues and sendableValues', () => {
  it("start from what is stored, else the view's default; send only what is set", () => {
    const entries = viewForms([news], 'upload', reader);
    const initial = initialViewValues(entries, 'upload', { news: { source: 'ntb' } }, new Date());
    expect(initial).toEqual({ news: { story: 'Untitled story', source: 'ntb', urgent: false } });
    expect(sendableValues(entries, initial)).toEqual({ news: { story: 'Untitled story', source: 'ntb' } });
  });
});

describe('changedValues', () => {
  it('sends only what differs from the stored values', () => {
    const stored = { news: { story: 'Flood', source: 'ntb' }, common: { title: 'x' } };
    const sendable = { news: { story: 'Flood', source: 'own', tags: ['a'] }, common: { description: 'New' } };
    expect(changedValues(sendable, stored)).toEqual({
      news: { source: 'own', tags: ['a'] },
      common: { description: 'New' },
    });
    expect(changedValues({ news: { story: 'Flood' } }, stored)).toEqual({});
  });
});

describe('viewValueErrors', () => {
  it('names a bad value by form and field', () => {
    const entries = viewForms([news], 'upload', reader);
    expect(viewValueErrors(entries, { news: { source: 'reuters' } }, reader, lists)).toEqual({
      'news.source': MESSAGES.invalidOptionValue,
    });
  });
});
