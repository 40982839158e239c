import { describe, expect, it } from 'vitest';
import { dragIdsFor, dropPlan, folderDropId, type DragPayload } from './dragAndDrop.ts';

describe('dragIdsFor', () => {
  it.each([
    ['b', ['a', 'b', 'c'], ['a', 'b', 'c']],
    ['d', ['a', 'b'], ['d']],
    ['a', [], ['a']],
  ])('dragging %s with %j selected moves %j', (id, selected, expected) => {
    expect(dragIdsFor(id, selected)).toEqual(expected);
  });
});

describe('dropPlan', () => {
  const items: DragPayload = { kind: 'items', ids: ['i1', 'i2'] };
  const folder: DragPayload = { kind: 'folder', id: 'f1', name: 'Clips', parentId: 'current' };
  const target = (folderId: string) => ({ folderId, name: folderId });

  it.each([
    [
      'items onto another folder',
      items,
      'other',
      { kind: 'moveItems', ids: ['i1', 'i2'], folderId: 'other' },
    ],
    ['items onto the folder they are in', items, 'current', null],
    ['no items', { kind: 'items', ids: [] }, 'other', null],
    ['a folder onto another folder', folder, 'other', { kind: 'moveFolder', id: 'f1', parentId: 'other' }],
    ['a folder onto itself', folder, 'f1', null],
    ['a folder onto its own parent', folder, 'current', null],
  ] as const)('%s', (_name, payload, to, expected) => {
    expect(dropPlan(payload, target(to), 'current')).toEqual(expected);
  });
});

describe('folderDropId', () => {
  it('tells the tree row from the tile of the same folder', () => {
    expect(folderDropId('tree', 'f1')).not.toBe(folderDropId('tile', 'f1'));
  });
});
