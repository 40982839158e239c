import { describe, expect, it } from 'vitest';
import { nextFocusIndex } from './rovingFocus.ts';

describe('nextFocusIndex', () => {
  it.each([
    ['ArrowDown', 0, 10, 1, 1],
    ['ArrowUp', 3, 10, 1, 2],
    ['ArrowUp', 0, 10, 1, null],
    ['ArrowDown', 9, 10, 1, null],
    ['ArrowRight', 2, 10, 1, null],
    ['ArrowLeft', 2, 10, 1, null],
    ['Home', 7, 10, 1, 0],
    ['End', 2, 10, 1, 9],
    ['Enter', 2, 10, 1, null],
  ] as const)('moves through a list with %s from %i (of %i)', (key, index, count, columns, expected) => {
    expect(nextFocusIndex(key, index, count, columns)).toBe(expected);
  });

  it.each([
    ['ArrowRight', 2, 10, 4, 3],
    ['ArrowLeft', 4, 10, 4, 3],
    ['ArrowLeft', 0, 10, 4, null],
    ['ArrowDown', 1, 10, 4, 5],
    ['ArrowDown', 7, 10, 4, null],
    ['ArrowUp', 5, 10, 4, 1],
    ['ArrowUp', 3, 10, 4, null],
  ] as const)('moves through a grid of 4 columns with %s from %i', (key, index, count, columns, expected) => {
    expect(nextFocusIndex(key, index, count, columns)).toBe(expected);
  });

  it('moves nowhere in an empty list', () => {
    expect(nextFocusIndex('Home', 0, 0, 1)).toBeNull();
  });
});
