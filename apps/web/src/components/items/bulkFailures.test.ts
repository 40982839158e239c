import { describe, expect, it } from 'vitest';
import { groupFailures, listTitles } from './bulkFailures.ts';

const titles: Record<string, string> = { a: 'Alpha', b: 'Beta', c: 'Gamma' };

describe('groupFailures', () => {
  it('groups the failures by message, keeping the order of the answer', () => {
    expect(
      groupFailures(
        [
          { id: 'a', message: 'No permission to delete items' },
          { id: 'b', message: 'Item is archived' },
          { id: 'c', message: 'No permission to delete items' },
        ],
        (id) => titles[id],
      ),
    ).toEqual([
      { message: 'No permission to delete items', titles: ['Alpha', 'Gamma'] },
      { message: 'Item is archived', titles: ['Beta'] },
    ]);
  });

  it('names an item it does not know by its id', () => {
    expect(groupFailures([{ id: 'zz', message: 'x' }], () => undefined)).toEqual([
      { message: 'x', titles: ['zz'] },
    ]);
  });

  it('has nothing to say without failures', () => {
    expect(groupFailures([], () => undefined)).toEqual([]);
  });
});

describe('listTitles', () => {
  it.each([
    [['a'], 5, { shown: 'a', more: 0 }],
    [['a', 'b', 'c'], 2, { shown: 'a, b', more: 1 }],
    [[], 5, { shown: '', more: 0 }],
  ])('lists %j with at most %s', (list, max, expected) => {
    expect(listTitles(list, max)).toEqual(expected);
  });
});
