import { describe, expect, it } from 'vitest';
import { expandAlong, isWithin, toggleExpanded, treeKeyAction, visibleTree } from './treeExpansion.ts';

// root ─ a ─ a1
//      │   └ a2
//      └ b (children not loaded)
const children: Record<string, string[] | undefined> = { root: ['a', 'b'], a: ['a1', 'a2'], a1: [], a2: [] };
const childrenOf = (id: string) => children[id];
const parents: Record<string, string | null> = { root: null, a: 'root', b: 'root', a1: 'a', a2: 'a' };

function rowsOf(expanded: string[]) {
  return visibleTree('root', new Set(expanded), childrenOf);
}

describe('visibleTree', () => {
  it('shows only the root while nothing is expanded', () => {
    expect(rowsOf([]).map((r) => r.id)).toEqual(['root']);
  });

  it('lists expanded folders depth first with their depth', () => {
    const rows = rowsOf(['root', 'a']);
    expect(rows.map((r) => [r.id, r.depth])).toEqual([
      ['root', 0],
      ['a', 1],
      ['a1', 2],
      ['a2', 2],
      ['b', 1],
    ]);
  });

  it.each([
    ['b', true, false, false],
    ['a1', false, false, false],
    ['a', true, true, false],
  ] as const)('marks %s expandable=%s expanded=%s loading=%s', (id, expandable, expanded, loading) => {
    const row = rowsOf(['root', 'a']).find((r) => r.id === id);
    expect(row).toMatchObject({ expandable, expanded, loading });
  });

  it('marks an expanded folder whose children are loading', () => {
    expect(rowsOf(['root', 'b']).find((r) => r.id === 'b')).toMatchObject({ expanded: true, loading: true });
  });

  it('does not loop over a folder listed below itself', () => {
    const rows = visibleTree('x', new Set(['x', 'y']), (id) => (id === 'x' ? ['y'] : ['x']));
    expect(rows.map((r) => r.id)).toEqual(['x', 'y']);
  });
});

describe('expandAlong and toggleExpanded', () => {
  it('expands every folder of the path and keeps the others', () => {
    expect([...expandAlong(new Set(['b']), ['root', 'a', 'a1'])].sort()).toEqual(['a', 'a1', 'b', 'root']);
  });

  it('returns the same set when the path is already expanded', () => {
    const expanded = new Set(['root', 'a']);
    expect(expandAlong(expanded, ['root', 'a'])).toBe(expanded);
  });

  it('toggles one folder', () => {
    expect([...toggleExpanded(new Set(['root']), 'a')]).toEqual(['root', 'a']);
    expect([...toggleExpanded(new Set(['root', 'a']), 'a')]).toEqual(['root']);
  });
});

describe('treeKeyAction', () => {
  const rows = rowsOf(['root', 'a']);

  it.each([
    ['ArrowDown', 'a', { kind: 'focus', id: 'a1' }],
    ['ArrowDown', 'b', null],
    ['ArrowUp', 'a1', { kind: 'focus', id: 'a' }],
    ['ArrowUp', 'root', null],
    ['Home', 'a2', { kind: 'focus', id: 'root' }],
    ['End', 'root', { kind: 'focus', id: 'b' }],
    ['ArrowRight', 'b', { kind: 'expand', id: 'b' }],
    ['ArrowRight', 'a', { kind: 'focus', id: 'a1' }],
    ['ArrowRight', 'a1', null],
    ['ArrowLeft', 'a', { kind: 'collapse', id: 'a' }],
    ['ArrowLeft', 'a2', { kind: 'focus', id: 'a' }],
    ['ArrowLeft', 'b', { kind: 'focus', id: 'root' }],
    ['Enter', 'a2', { kind: 'open', id: 'a2' }],
    [' ', 'b', { kind: 'open', id: 'b' }],
    ['x', 'a', null],
    ['ArrowDown', 'gone', null],
  ] as const)('%s on %s does %j', (key, focused, expected) => {
    expect(treeKeyAction(key, focused, rows)).toEqual(expected);
  });

  it('waits for the children to load before ArrowRight moves into them', () => {
    expect(treeKeyAction('ArrowRight', 'b', rowsOf(['root', 'b']))).toBeNull();
  });
});

describe('isWithin', () => {
  const parentOf = (id: string) => parents[id];
  it.each([
    ['a1', 'a', true],
    ['a', 'a', true],
    ['b', 'a', false],
    ['root', 'a', false],
    ['unknown', 'a', false],
  ] as const)('%s within %s is %s', (candidate, folder, expected) => {
    expect(isWithin(candidate, folder, parentOf)).toBe(expected);
  });
});
