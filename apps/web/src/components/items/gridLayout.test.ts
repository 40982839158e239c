import { describe, expect, it } from 'vitest';
import { columnsFor, nearEnd, rowCount, rowSpan } from './gridLayout.ts';

describe('columnsFor', () => {
  it.each([
    [0, 1],
    [199, 1],
    [200, 1],
    [415, 1],
    [416, 2],
    [1000, 4],
    [Number.NaN, 1],
  ])('fits tiles of 200 px with 16 px gaps into %s px: %s columns', (width, expected) => {
    expect(columnsFor(width, 200, 16)).toBe(expected);
  });
});

describe('rows', () => {
  it.each([
    [0, 4, 0],
    [1, 4, 1],
    [8, 4, 2],
    [9, 4, 3],
  ])('%s entries in %s columns make %s rows', (entries, columns, expected) => {
    expect(rowCount(entries, columns)).toBe(expected);
  });

  it.each([
    [0, 4, 9, [0, 4]],
    [2, 4, 9, [8, 9]],
    [3, 4, 9, [9, 9]],
  ] as const)('row %s of %s columns over %s entries spans %j', (row, columns, entries, expected) => {
    expect(rowSpan(row, columns, entries)).toEqual(expected);
  });
});

describe('nearEnd', () => {
  it.each([
    [undefined, 10, 2, false],
    [5, 10, 2, false],
    [7, 10, 2, true],
    [9, 10, 0, true],
    [0, 0, 2, false],
  ])('last visible %s of %s loaded (threshold %s): %s', (last, loaded, threshold, expected) => {
    expect(nearEnd(last, loaded, threshold)).toBe(expected);
  });
});
