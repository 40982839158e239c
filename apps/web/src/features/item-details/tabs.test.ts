import { describe, expect, it } from 'vitest';
import { itemTabs, resolveItemTab } from './tabs.ts';

const all = { metadata: true, relations: true, history: true, shares: true };

describe('item details tab from ?tab=', () => {
  it.each([
    ['metadata', all, 'metadata'],
    ['history', all, 'history'],
    ['relations', all, 'relations'],
    [null, all, 'metadata'],
    ['comments', all, 'metadata'],
    ['history', { ...all, history: false }, 'metadata'],
    ['shares', all, 'shares'],
    ['shares', { ...all, shares: false }, 'metadata'],
    [null, { ...all, metadata: false }, 'relations'],
    ['metadata', { metadata: false, relations: false, history: true, shares: false }, 'history'],
    ['metadata', { metadata: false, relations: false, history: false, shares: false }, null],
  ] as const)('%s with %j shows %s', (raw, access, tab) => {
    expect(resolveItemTab(raw, access)).toBe(tab);
  });

  it('keeps the spec’s order: Metadata, Relations, History, then Shares', () => {
    expect(itemTabs(all)).toEqual(['metadata', 'relations', 'history', 'shares']);
  });
});
