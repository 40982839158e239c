import { describe, expect, it } from 'vitest';
import { itemTabs, resolveItemTab } from './tabs.ts';

const all = { metadata: true, relations: true, comments: true, history: true };

describe('item details tab from ?tab=', () => {
  it.each([
    ['metadata', all, 'metadata'],
    ['history', all, 'history'],
    ['relations', all, 'relations'],
    [null, all, 'metadata'],
    ['comments', all, 'comments'],
    ['comments', { ...all, comments: false }, 'metadata'],
    ['logging', all, 'metadata'],
    ['history', { ...all, history: false }, 'metadata'],
    [null, { ...all, metadata: false }, 'relations'],
    ['metadata', { metadata: false, relations: false, comments: false, history: true }, 'history'],
    ['metadata', { metadata: false, relations: false, comments: false, history: false }, null],
  ] as const)('%s with %j shows %s', (raw, access, tab) => {
    expect(resolveItemTab(raw, access)).toBe(tab);
  });

  it('keeps the spec’s order: Metadata, Relations, Comments, History', () => {
    expect(itemTabs(all)).toEqual(['metadata', 'relations', 'comments', 'history']);
  });
});
