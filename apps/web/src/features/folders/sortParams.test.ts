import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, readSort, toggleSort, writeSort, type SortState } from './sortParams.ts';

describe('readSort', () => {
  it.each([
    ['', DEFAULT_SORT],
    ['sort=created&order=asc', { sort: 'created', order: 'asc' }],
    ['sort=duration&order=desc', { sort: 'duration', order: 'desc' }],
    ['sort=type', { sort: 'type', order: 'asc' }],
    ['sort=created', { sort: 'created', order: 'desc' }],
    ['order=desc', { sort: 'title', order: 'desc' }],
    ['sort=size&order=up', DEFAULT_SORT],
  ] as const)('reads "%s"', (query, expected) => {
    expect(readSort(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('writeSort', () => {
  it.each([
    [{ sort: 'title', order: 'asc' }, 'folderId=f1'],
    [{ sort: 'title', order: 'desc' }, 'folderId=f1&sort=title&order=desc'],
    [{ sort: 'created', order: 'desc' }, 'folderId=f1&sort=created&order=desc'],
  ] as const)('writes %j as "%s", keeping the folder', (state, expected) => {
    expect(writeSort(new URLSearchParams('folderId=f1&sort=type&order=asc'), state).toString()).toBe(
      expected,
    );
  });

  it.each<SortState>([
    { sort: 'title', order: 'asc' },
    { sort: 'title', order: 'desc' },
    { sort: 'created', order: 'asc' },
    { sort: 'created', order: 'desc' },
    { sort: 'duration', order: 'asc' },
    { sort: 'type', order: 'desc' },
  ])('reads back what it wrote (%j)', (state) => {
    expect(readSort(writeSort(new URLSearchParams(), state))).toEqual(state);
  });
});

describe('toggleSort', () => {
  it.each([
    [{ sort: 'title', order: 'asc' }, 'title', { sort: 'title', order: 'desc' }],
    [{ sort: 'title', order: 'desc' }, 'title', { sort: 'title', order: 'asc' }],
    [{ sort: 'title', order: 'asc' }, 'created', { sort: 'created', order: 'desc' }],
    [{ sort: 'created', order: 'desc' }, 'type', { sort: 'type', order: 'asc' }],
    [{ sort: 'type', order: 'asc' }, 'duration', { sort: 'duration', order: 'desc' }],
  ] as const)('from %j choosing %s gives %j', (current, sort, expected) => {
    expect(toggleSort(current, sort)).toEqual(expected);
  });
});
