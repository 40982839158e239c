import { describe, expect, it } from 'vitest';
import { newField, newForm } from './built-in.ts';
import { buttonUrl, viewFields, withSubtypeViews } from './views.ts';
import { FORM_VIEWS } from './types.ts';

const item = { source: { visible: true, label: 'Kilde', defaultValue: 'NTB' } };

describe('withSubtypeViews', () => {
  it('copies the item view into every view a subtype lacks', () => {
    const form = {
      ...newForm('sub', 'Sub'),
      isSubtype: true,
      fields: [newField('source', 'Source', 'Text')],
      views: { item, upload: { source: { visible: false, label: null, defaultValue: null } } },
    };
    const done = withSubtypeViews(form);
    for (const name of FORM_VIEWS.filter((v) => v !== 'upload')) expect(done.views[name]).toEqual(item);
    expect(done.views.upload?.source?.visible).toBe(false);
  });

  it('leaves a form that is not a subtype as it is', () => {
    const form = { ...newForm('f', 'F'), views: { item } };
    expect(withSubtypeViews(form)).toBe(form);
  });
});

describe('viewFields', () => {
  it("shows a screen's visible fields with the view's labels", () => {
    const form = {
      ...newForm('f', 'F'),
      fields: [newField('source', 'Source', 'Text'), newField('hidden', 'Hidden', 'Text')],
      views: { upload: { ...item, hidden: { visible: false, label: null, defaultValue: null } } },
    };
    expect(viewFields(form, 'upload').map((v) => [v.field.fieldId, v.label])).toEqual([['source', 'Kilde']]);
    expect(viewFields(form, 'folder').map((v) => v.label)).toEqual(['Source', 'Hidden']);
  });
});

describe('buttonUrl', () => {
  it("opens the button's address with the item's id in it", () => {
    const field = {
      ...newField('open', 'Open', 'Button'),
      defaultValue: 'https://cms.example/a?item={itemId}',
    };
    expect(buttonUrl(field, 'a b')).toBe('https://cms.example/a?item=a%20b');
    expect(buttonUrl({ ...field, defaultValue: null }, 'x')).toBeNull();
  });
});
