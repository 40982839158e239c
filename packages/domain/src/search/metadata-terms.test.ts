import { describe, expect, it } from 'vitest';
import { metadataTerms } from './metadata-terms.ts';

const termsOf = (values: Record<string, unknown>) =>
  metadataTerms({ news: values })
    .map((t) => `${t.fieldKey}=${t.term}`)
    .sort();

describe('metadataTerms', () => {
  it('indexes a text as folded tokens, neighbouring pairs and one sort key', () => {
    expect(termsOf({ Source: 'Ærø Påske-fest' })).toEqual([
      'source=#s:aero paske-fest',
      'source=aero',
      'source=aero paske',
      'source=fest',
      'source=paske',
      'source=paske fest',
    ]);
  });

  it('indexes a date as one #d: term, a checkbox as true or false', () => {
    expect(termsOf({ embargo: '2026-12-01', approved: false })).toEqual([
      'approved=#s:false',
      'approved=false',
      'embargo=#d:2026-12-01',
      'embargo=#s:2026-12-01',
    ]);
  });

  it('indexes every choice of a multiple choice and sorts by the first', () => {
    expect(termsOf({ tags: ['b', 'a'] })).toEqual(['tags=#s:b', 'tags=a', 'tags=b']);
  });

  it('leaves JSON values and empty values out', () => {
    expect(termsOf({ data: { a: 'x' }, empty: '', none: [] })).toEqual([]);
  });

  it('cuts a very long word to the term length', () => {
    const [term] = metadataTerms({ f: { x: 'a'.repeat(300) } }).filter((t) => !t.term.startsWith('#'));
    expect(term?.term).toHaveLength(200);
  });

  it('gives a field id found in two forms one set of terms', () => {
    const terms = metadataTerms({ a: { place: 'oslo' }, b: { Place: 'oslo' } });
    expect(terms.filter((t) => t.term === 'oslo')).toEqual([{ fieldKey: 'place', term: 'oslo' }]);
  });
});
