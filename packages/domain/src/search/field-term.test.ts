import { describe, expect, it } from 'vitest';
import { fieldFilterTerms } from './field-term.ts';
import { parseSearchQuery } from './parse.ts';

describe('fieldFilterTerms', () => {
  it.each([
    [{ kind: 'value', value: 'sport' }, 'category:sport'],
    [{ kind: 'value', value: 'breaking-news' }, 'category:breaking-news'],
    [{ kind: 'value', value: 'Storm over "Oslo"' }, 'category:"Storm over  Oslo"'],
    [{ kind: 'value', value: '  ' }, ''],
    [{ kind: 'checkbox', checked: true }, 'category:true'],
    [{ kind: 'dates', from: '2026-01-01', to: '2026-12-31' }, 'category:>=2026-01-01 category:<=2026-12-31'],
    [{ kind: 'dates', from: '2026-01-01', to: null }, 'category:>=2026-01-01'],
    [{ kind: 'dates', from: null, to: '2026-12-31' }, 'category:<=2026-12-31'],
    [{ kind: 'dates', from: '2026-05-17', to: '2026-05-17' }, 'category:2026-05-17'],
    [{ kind: 'dates', from: null, to: null }, ''],
  ] as const)('writes %j as %s, which parses', (filter, expected) => {
    const terms = fieldFilterTerms('category', filter);
    expect(terms).toBe(expected);
    expect(parseSearchQuery(terms, { metadataFields: new Set(['category']) }).ok).toBe(true);
  });
});
