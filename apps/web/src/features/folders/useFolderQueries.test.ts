import { describe, expect, it } from 'vitest';
import { nextFrom } from './useFolderQueries.ts';

const page = (from: number, count: number, total: number) => ({
  items: Array.from({ length: count }, (_, i) => from + i),
  total,
  from,
  itemsPerPage: 100,
});

describe('nextFrom', () => {
  it.each([
    ['starts at 0', [], 0],
    ['continues after a full page', [page(0, 100, 250)], 100],
    ['continues after the second page', [page(0, 100, 250), page(100, 100, 250)], 200],
    ['stops after the last page', [page(0, 100, 250), page(100, 100, 250), page(200, 50, 250)], undefined],
    ['stops on an empty page even if the total says more', [page(0, 0, 10)], undefined],
    ['stops when everything fits one page', [page(0, 3, 3)], undefined],
  ])('%s', (_name, pages, expected) => {
    expect(nextFrom(pages)).toBe(expected);
  });
});
