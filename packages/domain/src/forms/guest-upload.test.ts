import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { newField, newForm } from './built-in.ts';
import { guestUploadErrors, guestUploadView } from './guest-upload.ts';
import type { MetadataForm, OptionList } from './types.ts';

const sources: OptionList = {
  id: 'sources',
  name: 'Sources',
  kind: 'flat',
  options: [{ value: 'ntb', label: 'NTB', children: [] }],
};
const unused: OptionList = { id: 'unused', name: 'Unused', kind: 'flat', options: [] };
const lists = new Map([
  [sources.id, sources],
  [unused.id, unused],
]);

const news: MetadataForm = {
  ...newForm('news', 'News'),
  keyboardShortcut: 'alt+n',
  fields: [
    { ...newField('story', 'Story', 'Text'), required: true, keyboardShortcut: 'alt+s' },
    { ...newField('source', 'Source', 'Choice'), optionListId: 'sources' },
    { ...newField('rights', 'Rights', 'Text'), userCanWrite: ['desk'] },
    { ...newField('locked', 'Locked', 'Text'), readOnly: true },
    newField('hidden', 'Hidden', 'Text'),
    { ...newField('consent', 'Consent', 'Checkbox'), required: true },
  ],
  views: {
    upload: { hidden: { visible: false, label: null, defaultValue: null } },
    item: { story: { visible: true, label: null, defaultValue: 'Untitled' } },
    share: { story: { visible: true, label: 'Headline', defaultValue: null } },
  },
};

describe('guestUploadView', () => {
  it("keeps the upload view's fields anyone may write, cut to what filling them needs", () => {
    const view = guestUploadView([news], lists);
    const [form] = view.forms;
    expect(form?.fields.map((f) => f.fieldId)).toEqual(['story', 'source', 'consent']);
    expect(form?.keyboardShortcut).toBeNull();
    expect(form?.fields[0]?.keyboardShortcut).toBeNull();
    expect(Object.keys(form?.views ?? {}).sort()).toEqual(['item', 'upload']);
    expect(form?.views.item).toEqual({ story: { visible: true, label: null, defaultValue: 'Untitled' } });
    expect(view.lists).toEqual([sources]);
  });

  it('leaves out inactive forms, those not every user sees, and the folder default form', () => {
    const hidden = { ...news, id: 'h', visibleTo: { level: 'hidden' as const, groupIds: [] } };
    const folder = { ...news, id: 'f', builtIn: 'folderDefault' as const };
    expect(guestUploadView([{ ...news, active: false }, hidden, folder], lists).forms).toEqual([]);
  });
});

describe('guestUploadErrors', () => {
  const { forms } = guestUploadView([news], lists);
  it('asks for every required field but a checkbox, and checks each value against its field', () => {
    expect(guestUploadErrors(forms, {}, lists)).toEqual([
      { formId: 'news', fieldId: 'story', message: MESSAGES.valueRequired },
    ]);
    expect(
      guestUploadErrors(forms, { news: { story: 'Flood', source: 'reuters', rights: 'x' } }, lists),
    ).toEqual([
      { formId: 'news', fieldId: 'source', message: MESSAGES.invalidOptionValue },
      { formId: 'news', fieldId: 'rights', message: 'Unknown field' },
    ]);
    expect(guestUploadErrors(forms, { news: { story: 'Flood', source: 'ntb' } }, lists)).toEqual([]);
  });

  it('refuses a form outside the view', () => {
    expect(guestUploadErrors(forms, { news: { story: 'a' }, secret: { x: 'y' } }, lists)).toEqual([
      { formId: 'secret', fieldId: '', message: 'Unknown form' },
    ]);
  });
});
