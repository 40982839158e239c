import { describe, expect, it } from 'vitest';
import { newField, newForm } from './built-in.ts';
import { shareViewForms } from './share-view.ts';
import type { MetadataForm } from './types.ts';

const news: MetadataForm = {
  ...newForm('news', 'News'),
  fields: [
    newField('story', 'Story', 'Text'),
    { ...newField('source', 'Source', 'Choice'), alternatives: [{ value: 'ntb', label: 'NTB' }] },
    { ...newField('rights', 'Rights', 'Text'), userCanWrite: ['desk'] },
    { ...newField('internal', 'Internal', 'Text'), userCanRead: ['desk'] },
    newField('hidden', 'Hidden', 'Text'),
    newField('raw', 'Raw', 'JSON'),
  ],
  views: {
    share: {
      hidden: { visible: false, label: null, defaultValue: null },
      story: { visible: true, label: 'Headline', defaultValue: null },
    },
  },
};

describe('shareViewForms', () => {
  it("shows the share view's fields everyone reads, writable only when editing is allowed and anyone may write", () => {
    const [form] = shareViewForms([news], new Map(), true);
    expect(form?.fields.map((f) => [f.fieldId, f.label, f.writable])).toEqual([
      ['story', 'Headline', true],
      ['source', 'Source', true],
      ['rights', 'Rights', false],
      ['raw', 'Raw', false],
    ]);
    expect(form?.fields[1]?.alternatives).toEqual([{ value: 'ntb', label: 'NTB' }]);
    expect(shareViewForms([news], new Map(), false)[0]?.fields.some((f) => f.writable)).toBe(false);
  });

  it('leaves out inactive forms and those not every user sees', () => {
    expect(shareViewForms([{ ...news, active: false }], new Map(), true)).toEqual([]);
    expect(
      shareViewForms([{ ...news, visibleTo: { level: 'hidden', groupIds: [] } }], new Map(), true),
    ).toEqual([]);
  });
});
