import { metadataTerms } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { shortFieldTerms } from '../../src/db/short-field-terms.ts';

describe('shortFieldTerms', () => {
  it('holds the terms of a short value, marks a longer one, and leaves the sort keys out', () => {
    const terms = metadataTerms({
      news: { category: 'breaking-news', approved: true, embargo: '2026-12-01', story: 'Storm over Oslo' },
    });
    expect(shortFieldTerms(terms).sort()).toEqual([
      'approved:true',
      'category:breaking',
      'category:breaking news',
      'category:news',
      'embargo:#d:2026-12-01',
      'story:#long',
    ]);
  });
});
