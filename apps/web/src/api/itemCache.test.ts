import { describe, expect, it } from 'vitest';
import { applyItemEvent, holdsItem, parseItemEvent, type ItemEvent } from './itemCache.ts';
import type { AnalysisState } from './items.ts';

const initiated: AnalysisState = { state: 'initiated', enabled: true, errorMessage: null, progress: 0 };
const halfway: AnalysisState = { state: 'progressing', enabled: true, errorMessage: null, progress: 50 };
const event: ItemEvent = { itemId: 'b', transcoding: halfway };

const row = (id: string, transcoding = initiated) => ({ id, title: id, transcoding });

describe('parseItemEvent', () => {
  it('reads the contract shape', () => {
    expect(parseItemEvent(JSON.stringify(event))).toEqual(event);
  });

  it.each([
    ['not json', '{'],
    ['no item id', JSON.stringify({ transcoding: halfway })],
    ['no state', JSON.stringify({ itemId: 'b', transcoding: { progress: 1 } })],
    ['an array', '[]'],
  ])('ignores %s', (_name, data) => {
    expect(parseItemEvent(data)).toBeNull();
  });

  it('reads a missing error message as none', () => {
    const rest: Partial<AnalysisState> = { ...halfway };
    delete rest.errorMessage;
    expect(
      parseItemEvent(JSON.stringify({ itemId: 'b', transcoding: rest }))?.transcoding.errorMessage,
    ).toBeNull();
  });
});

describe('applyItemEvent', () => {
  it('patches the item in an infinite list and keeps the other pages as they were', () => {
    const first = { items: [row('a')], total: 3, from: 0, itemsPerPage: 1 };
    const second = { items: [row('b')], total: 3, from: 1, itemsPerPage: 1 };
    const data = { pages: [first, second], pageParams: [0, 1] };
    const patched = applyItemEvent(data, event) as typeof data;
    expect(patched).not.toBe(data);
    expect(patched.pages[0]).toBe(first);
    expect(patched.pages[1]?.items[0]?.transcoding).toEqual(halfway);
    expect(patched.pageParams).toBe(data.pageParams);
  });

  it('patches a plain page and a single item', () => {
    const page = { items: [row('a'), row('b')], total: 2, from: 0, itemsPerPage: 50 };
    expect((applyItemEvent(page, event) as typeof page).items[1]?.transcoding).toEqual(halfway);
    expect((applyItemEvent(row('b'), event) as ReturnType<typeof row>).transcoding).toEqual(halfway);
  });

  it.each([
    ['a list without the item', { pages: [{ items: [row('a')] }] }],
    ['an item already in that state', row('b', halfway)],
    ['another item', row('c')],
    ['a history page (entries without a state)', { items: [{ id: 'b', action: 'created' }] }],
    ['nothing', undefined],
  ])('leaves %s untouched', (_name, data) => {
    expect(applyItemEvent(data, event)).toBe(data);
  });
});

describe('holdsItem', () => {
  it.each([
    [{ pages: [{ items: [row('a')] }, { items: [row('b')] }] }, true],
    [{ items: [row('a')] }, false],
    [row('b'), true],
    [null, false],
  ])('finds the item in %j: %s', (data, expected) => {
    expect(holdsItem(data, 'b')).toBe(expected);
  });
});
