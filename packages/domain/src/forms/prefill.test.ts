import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { newField, newForm } from './built-in.ts';
import { PREFILL_RULE_TEXTS, givenValueErrors, layerFormValues } from './prefill.ts';

const form = {
  ...newForm('news', 'News'),
  fields: [
    { ...newField('source', 'Source', 'Text'), required: true },
    {
      ...newField('rights', 'Rights', 'Choice'),
      alternatives: [
        { value: 'free', label: 'Free' },
        { value: 'paid', label: 'Paid' },
      ],
    },
    { ...newField('locked', 'Locked', 'Text'), readOnly: true },
    newField('link', 'Link', 'File'),
  ],
};
const writer = { groupIds: [], admin: false };
const lists = new Map();

describe('layerFormValues', () => {
  it('lets a later layer win field by field, and an empty value leave the one below', () => {
    expect(
      layerFormValues(
        { news: { source: 'NTB', rights: 'free' } },
        { news: { rights: 'paid', source: '' }, other: { x: 'y' } },
      ),
    ).toEqual({ news: { source: 'NTB', rights: 'paid' }, other: { x: 'y' } });
  });
});

describe('givenValueErrors', () => {
  it('checks only the fields given', () => {
    expect(givenValueErrors(form, { rights: 'free' }, writer, lists)).toEqual([]);
  });

  it('names each bad field with its message', () => {
    expect(
      givenValueErrors(
        form,
        { source: '', rights: 'stolen', locked: 'x', nope: 1, link: 'not a link' },
        writer,
        lists,
      ),
    ).toEqual([
      { fieldId: 'source', message: MESSAGES.valueRequired },
      { fieldId: 'rights', message: MESSAGES.invalidOptionValue },
      { fieldId: 'locked', message: PREFILL_RULE_TEXTS.notWritable },
      { fieldId: 'nope', message: PREFILL_RULE_TEXTS.unknownField },
      { fieldId: 'link', message: 'Value must be the address of a file (http:// or https://)' },
    ]);
  });

  it('takes the address of a file for a File field', () => {
    expect(givenValueErrors(form, { link: 'https://files.example/release.pdf' }, writer, lists)).toEqual([]);
  });
});
