import type { Bookmark } from '../../api/bookmarks.ts';
import { describe, expect, it } from 'vitest';
import { applyOrder, movedOrder, type Step } from './reorder.ts';

const bookmark = (id: string, scope: Bookmark['scope'], canEdit = true): Bookmark => ({
  id,
  tenantId: 't',
  ownerId: scope === 'private' ? 'me' : null,
  scope,
  visibility: null,
  title: id,
  kind: 'page',
  target: '/',
  icon: null,
  filterType: null,
  position: 0,
  createdAt: '',
  updatedAt: '',
  canEdit,
});

// What a user sees: system bookmarks first, then their own.
const LIST = [
  bookmark('s1', 'system', false),
  bookmark('s2', 'system', false),
  bookmark('a', 'private'),
  bookmark('b', 'private'),
  bookmark('c', 'private'),
];
const MANAGED = [bookmark('s1', 'system'), bookmark('s2', 'system'), bookmark('a', 'private')];

describe('movedOrder', () => {
  it.each<[string, readonly Bookmark[], string, Step, string[] | null]>([
    ['a private bookmark up', LIST, 'b', -1, ['b', 'a', 'c']],
    ['a private bookmark down', LIST, 'b', 1, ['a', 'c', 'b']],
    ['the first private bookmark up, past the system ones', LIST, 'a', -1, null],
    ['the last bookmark down', LIST, 'c', 1, null],
    ['a system bookmark the user may not edit', LIST, 's2', -1, null],
    ['a system bookmark a manager moves down', MANAGED, 's1', 1, ['s2', 's1']],
    ['the last system bookmark down, into the private ones', MANAGED, 's2', 1, null],
    ['a bookmark that is not in the list', LIST, 'zz', 1, null],
  ])('moves %s: %j', (_case, list, id, step, expected) => {
    expect(movedOrder(list, id, step)).toEqual(expected);
  });
});

describe('applyOrder', () => {
  const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);
  it.each<[string, string[], string[]]>([
    ['puts the listed ones in the places they held', ['c', 'a', 'b'], ['s1', 's2', 'c', 'a', 'b']],
    ['leaves the others where they are', ['s2', 's1'], ['s2', 's1', 'a', 'b', 'c']],
    ['swaps two neighbours', ['b', 'a'], ['s1', 's2', 'b', 'a', 'c']],
    ['ignores ids it does not have', ['zz', 'b', 'a'], ['s1', 's2', 'b', 'a', 'c']],
  ])('%s', (_case, order, expected) => {
    expect(ids(applyOrder(LIST, order))).toEqual(expected);
  });
});
