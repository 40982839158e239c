import { LIMITS } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { refineTo } from './refine.ts';
import { EMPTY_SEARCH, type SearchState } from './searchState.ts';

const ids = (count: number) =>
  Array.from({ length: count }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);

const search: SearchState = {
  ...EMPTY_SEARCH,
  q: 'news',
  filters: { ...EMPTY_SEARCH.filters, types: ['video'] },
};

describe('refineTo', () => {
  it('narrows the search to the selected items, keeping its query and filters', () => {
    expect(refineTo(search, ids(3))).toEqual({ ...search, refine: ids(3) });
  });

  it.each([1, 31, 32])('allows %i selected items', (count) => {
    expect(refineTo(search, ids(count))?.refine).toHaveLength(count);
  });

  it.each([33, 100])('refuses %i selected items: the spec limits refine to 32', (count) => {
    expect(refineTo(search, ids(count))).toBeNull();
  });

  it('takes its limit from the domain constant', () => {
    expect(refineTo(search, ids(LIMITS.refineMaxItems))).not.toBeNull();
    expect(refineTo(search, ids(LIMITS.refineMaxItems + 1))).toBeNull();
  });

  it('needs at least one item', () => {
    expect(refineTo(search, [])).toBeNull();
  });
});
