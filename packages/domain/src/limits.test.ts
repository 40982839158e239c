import { describe, expect, it } from 'vitest';
import {
  areLineLimitsValid,
  isRefineSelectionAllowed,
  isStatisticsRangeAllowed,
  translationRetryDelayMs,
} from './limits.ts';

describe('isStatisticsRangeAllowed', () => {
  it.each([
    ['the same instant', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z', true],
    ['one day', '2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z', true],
    ['89 days', '2025-01-01T00:00:00Z', '2025-03-31T00:00:00Z', true],
    ['a millisecond under 90 days', '2025-01-01T00:00:00.000Z', '2025-03-31T23:59:59.999Z', true],
    ['exactly 90 days', '2025-01-01T00:00:00Z', '2025-04-01T00:00:00Z', false],
    ['a year', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z', false],
    ['a range that runs backwards', '2025-01-02T00:00:00Z', '2025-01-01T00:00:00Z', false],
  ])('allows %s: %s', (_what, from, to, expected) => {
    expect(isStatisticsRangeAllowed(new Date(from), new Date(to))).toBe(expected);
  });

  it('refuses a range with an invalid date', () => {
    expect(isStatisticsRangeAllowed(new Date('nonsense'), new Date('2025-01-01'))).toBe(false);
  });
});

describe('areLineLimitsValid', () => {
  it.each([
    [1, 100, true],
    [1, 2, true],
    [99, 100, true],
    [5, 5, false],
    [6, 5, false],
    [0, 10, false],
    [1, 101, false],
    [-1, 10, false],
    [1.5, 10, false],
    [1, Number.NaN, false],
  ])('with min %d and max %d: %s', (min, max, expected) => {
    expect(areLineLimitsValid(min, max)).toBe(expected);
  });
});

describe('isRefineSelectionAllowed', () => {
  it.each([
    [0, true],
    [1, true],
    [32, true],
    [33, false],
    [1000, false],
  ])('allows refining %i items: %s', (count, expected) => {
    expect(isRefineSelectionAllowed(count)).toBe(expected);
  });
});

describe('translationRetryDelayMs', () => {
  it.each([
    [0, 350],
    [1, 700],
    [2, 1400],
    [3, 2800],
    [4, 5600],
    [5, null],
    [-1, null],
    [1.5, null],
  ])('waits before retry %d: %j ms', (attempt, delay) => {
    expect(translationRetryDelayMs(attempt)).toBe(delay);
  });
});
