import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  checkboxSelection,
  clickSelection,
  pruneSelection,
  rangeBetween,
  selectAll,
  selectedInOrder,
  type Selection,
} from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e'];
const none = { toggle: false, range: false };
const ctrl = { toggle: true, range: false };
const shift = { toggle: false, range: true };
const ctrlShift = { toggle: true, range: true };

function selection(ids: string[], anchor: string | null): Selection {
  return { ids: new Set(ids), anchor };
}

function ids(s: Selection): string[] {
  return selectedInOrder(s, order);
}

describe('rangeBetween', () => {
  it.each([
    ['b', 'd', ['b', 'c', 'd']],
    ['d', 'b', ['b', 'c', 'd']],
    ['c', 'c', ['c']],
    ['a', 'x', []],
  ])('from %s to %s is %j', (a, b, expected) => {
    expect(rangeBetween(order, a, b)).toEqual(expected);
  });
});

describe('clickSelection', () => {
  it.each([
    ['a click selects only that entry', selection(['a', 'b'], 'a'), 'c', none, ['c'], 'c'],
    ['Ctrl-click adds an entry', selection(['a'], 'a'), 'c', ctrl, ['a', 'c'], 'c'],
    ['Ctrl-click removes a selected entry', selection(['a', 'c'], 'a'), 'c', ctrl, ['a'], 'c'],
    ['Shift-click selects from the anchor down', selection(['b'], 'b'), 'd', shift, ['b', 'c', 'd'], 'b'],
    ['Shift-click selects from the anchor up', selection(['d'], 'd'), 'b', shift, ['b', 'c', 'd'], 'd'],
    [
      'Shift-click replaces what was selected outside the range',
      selection(['a', 'e'], 'c'),
      'd',
      shift,
      ['c', 'd'],
      'c',
    ],
    [
      'Ctrl+Shift-click adds the range to what is selected',
      selection(['a', 'c'], 'c'),
      'e',
      ctrlShift,
      ['a', 'c', 'd', 'e'],
      'c',
    ],
    ['Shift-click without an anchor selects the entry', EMPTY_SELECTION, 'c', shift, ['c'], 'c'],
    ['Shift-click from an anchor that left the list starts anew', selection([], 'x'), 'b', shift, ['b'], 'b'],
  ] as const)('%s', (_name, before, id, modifiers, expected, anchor) => {
    const after = clickSelection(before, order, id, modifiers);
    expect(ids(after)).toEqual(expected);
    expect(after.anchor).toBe(anchor);
  });

  it('keeps the anchor over successive Shift-clicks', () => {
    let s = clickSelection(EMPTY_SELECTION, order, 'c', none);
    s = clickSelection(s, order, 'e', shift);
    s = clickSelection(s, order, 'a', shift);
    expect(ids(s)).toEqual(['a', 'b', 'c']);
  });
});

describe('checkboxSelection', () => {
  it.each([
    [selection(['a'], 'a'), 'b', false, ['a', 'b']],
    [selection(['a', 'b'], 'a'), 'b', false, ['a']],
    [selection(['a'], 'a'), 'c', true, ['a', 'b', 'c']],
  ] as const)('toggles or extends (%#)', (before, id, range, expected) => {
    expect(ids(checkboxSelection(before, order, id, range))).toEqual(expected);
  });
});

describe('selectAll and pruneSelection', () => {
  it('selects every entry of the list', () => {
    expect(ids(selectAll(order))).toEqual(order);
    expect(selectAll([]).ids.size).toBe(0);
  });

  it('drops entries that left the list and the anchor with them', () => {
    const pruned = pruneSelection(selection(['a', 'x', 'c'], 'x'), order);
    expect(ids(pruned)).toEqual(['a', 'c']);
    expect(pruned.anchor).toBeNull();
  });

  it('returns the same selection when every entry is still there', () => {
    const s = selection(['a', 'c'], 'a');
    expect(pruneSelection(s, order)).toBe(s);
  });
});
