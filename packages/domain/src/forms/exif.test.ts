import { describe, expect, it } from 'vitest';
import { newField, newForm } from './built-in.ts';
import { EXIF_PATH, exifAt, exifFieldValue, exifFormValues } from './exif.ts';

const lists = new Map();
const exif = {
  Artist: 'Kari Nordmann',
  DateTimeOriginal: '2026:03:14 09:26:53',
  Flash: 0,
  Keywords: ['Flood', 'storm'],
  GPS: { Latitude: 59.9 },
};

describe('exifAt', () => {
  it('follows a dotted path and answers undefined where there is nothing', () => {
    expect(exifAt(exif, 'GPS.Latitude')).toBe(59.9);
    expect(exifAt(exif, 'Artist.length')).toBeUndefined();
    expect(exifAt(exif, 'Missing')).toBeUndefined();
    expect(EXIF_PATH.test('GPS.Latitude')).toBe(true);
    expect(EXIF_PATH.test('a..b')).toBe(false);
  });
});

describe('exifFieldValue', () => {
  it("converts to the field's type", () => {
    expect(exifFieldValue(newField('d', 'D', 'Date'), exif.DateTimeOriginal, lists)).toBe('2026-03-14');
    expect(exifFieldValue(newField('c', 'C', 'Checkbox'), exif.Flash, lists)).toBe(false);
    expect(exifFieldValue(newField('t', 'T', 'Text'), exif.Keywords, lists)).toBe('Flood, storm');
    const choice = {
      ...newField('k', 'K', 'MultipleChoice'),
      alternatives: [
        { value: 'flood', label: 'Flood' },
        { value: 'fire', label: 'Fire' },
      ],
    };
    expect(exifFieldValue(choice, exif.Keywords, lists)).toEqual(['flood']);
  });

  it('gives nothing that does not fit the field', () => {
    expect(exifFieldValue(newField('d', 'D', 'Date'), 'yesterday', lists)).toBeNull();
    expect(exifFieldValue(newField('b', 'B', 'Button'), 'x', lists)).toBeNull();
    expect(exifFieldValue(newField('f', 'F', 'File'), 'not a link', lists)).toBeNull();
  });
});

describe('exifFormValues', () => {
  it('gives each mapped field its value, skipping fields that are gone', () => {
    const form = { ...newForm('photo', 'Photo'), fields: [newField('photographer', 'Photographer', 'Text')] };
    const mappings = [
      { id: '1', exifPath: 'Artist', formId: 'photo', fieldId: 'photographer' },
      { id: '2', exifPath: 'Artist', formId: 'photo', fieldId: 'removed' },
    ];
    expect(exifFormValues(mappings, [form], exif, lists)).toEqual({
      photo: { photographer: 'Kari Nordmann' },
    });
  });
});
