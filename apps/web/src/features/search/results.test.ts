import type { ItemSummary } from '../../api/items.ts';
import { describe, expect, it } from 'vitest';
import type { SearchAnswer, SearchHit } from '../../api/search.ts';
import {
  clickSelection,
  pruneSelection,
  selectedInOrder,
  type Selection,
} from '../../components/items/selection.ts';
import { momentHref, resultHref, uniqueHits } from './results.ts';

function hit(id: string): SearchHit {
  const summary = { id, title: `Item ${id}` } as ItemSummary;
  return { ...summary, highlights: { title: [], description: [] }, moments: [] };
}

function page(ids: string[], from: number, total: number): SearchAnswer {
  return { items: ids.map(hit), total, from, itemsPerPage: 3, totalIsLowerBound: false, warnings: [] };
}

const idsOf = (hits: SearchHit[]) => hits.map((h) => h.id);

describe('uniqueHits', () => {
  it('lists the hits of every loaded page in order', () => {
    expect(idsOf(uniqueHits([page(['a', 'b', 'c'], 0, 5), page(['d', 'e'], 3, 5)]))).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('lists a hit that moved onto the next page once', () => {
    expect(idsOf(uniqueHits([page(['n', 'a', 'b'], 0, 6), page(['b', 'c', 'd'], 3, 6)]))).toEqual([
      'n',
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});

describe('a refresh of the results', () => {
  const before = idsOf(uniqueHits([page(['a', 'b', 'c'], 0, 5), page(['d', 'e'], 3, 5)]));
  let selection: Selection = { ids: new Set(), anchor: null };
  selection = clickSelection(selection, before, 'b', { toggle: true, range: false });
  selection = clickSelection(selection, before, 'd', { toggle: true, range: false });
  selection = clickSelection(selection, before, 'e', { toggle: true, range: false });

  it('keeps the selected items that are still found, by id, wherever they moved', () => {
    // A new item came in first, 'c' went away: every hit shifted.
    const after = idsOf(uniqueHits([page(['new', 'a', 'b'], 0, 5), page(['d', 'e'], 3, 5)]));
    expect(selectedInOrder(pruneSelection(selection, after), after)).toEqual(['b', 'd', 'e']);
  });

  it('drops the selected items that are no longer found', () => {
    const after = idsOf(uniqueHits([page(['a', 'c', 'e'], 0, 3)]));
    const refreshed = pruneSelection(selection, after);
    expect(selectedInOrder(refreshed, after)).toEqual(['e']);
    expect([...refreshed.ids]).toEqual(['e']);
    // The anchor of a Shift-click range went with its item.
    expect(refreshed.anchor).toBe('e');
  });

  it('changes nothing when every selected item is still there', () => {
    expect(pruneSelection(selection, [...before, 'f'])).toBe(selection);
  });
});

describe('resultHref', () => {
  it.each([
    ['video', '/item-details/i1'],
    ['audio', '/item-details/i1'],
    ['folder', '/folders?folderId=i1'],
  ] as const)('opens a %s result at %s', (itemType, expected) => {
    expect(resultHref({ ...hit('i1'), itemType })).toBe(expected);
  });
});

describe('momentHref', () => {
  it('opens the item page at the moment’s time in seconds, on the tab of its kind', () => {
    expect(momentHref('i1', { kind: 'speech', startMs: 42_500 })).toBe(
      '/item-details/i1?tab=transcript&t=42.5',
    );
    expect(momentHref('i1', { kind: 'translation', startMs: 1_000 })).toBe(
      '/item-details/i1?tab=translation&t=1',
    );
    expect(momentHref('i1', { kind: 'log', startMs: 754_000 })).toBe('/item-details/i1?tab=logging&t=754');
    for (const kind of ['text', 'label', 'face', 'celebrity']) {
      expect(momentHref('i1', { kind, startMs: 3_000 })).toBe('/item-details/i1?tab=analytics&t=3');
    }
  });
});
