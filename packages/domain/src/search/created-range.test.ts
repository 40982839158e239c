import { describe, expect, it } from 'vitest';
import type { CompareOp } from './ast.ts';
import { createdRange, daysRange, inDayRange, nextDay } from './created-range.ts';

describe('nextDay', () => {
  it.each([
    ['2026-02-14', '2026-02-15'],
    ['2026-02-28', '2026-03-01'],
    ['2024-02-28', '2024-02-29'],
    ['2025-12-31', '2026-01-01'],
  ])('after %s comes %s', (day, expected) => {
    expect(nextDay(day)).toBe(expected);
  });
});

describe('createdRange', () => {
  it.each<[CompareOp, object]>([
    ['=', { from: '2026-02-14', before: '2026-02-15' }],
    ['>', { from: '2026-02-15' }],
    ['>=', { from: '2026-02-14' }],
    ['<', { before: '2026-02-14' }],
    ['<=', { before: '2026-02-15' }],
  ])('created:%s2026-02-14 is %j', (op, expected) => {
    expect(createdRange(op, '2026-02-14')).toEqual(expected);
  });
});

describe('inDayRange', () => {
  it.each([
    ['2026-02-14T00:00:00.000Z', daysRange('2026-02-14', '2026-02-14'), true],
    ['2026-02-14T23:59:59.999Z', daysRange('2026-02-14', '2026-02-14'), true],
    ['2026-02-15T00:00:00.000Z', daysRange('2026-02-14', '2026-02-14'), false],
    ['2026-02-13T23:59:59.999Z', daysRange('2026-02-14', undefined), false],
    ['2030-01-01T00:00:00.000Z', daysRange('2026-02-14', undefined), true],
    ['2000-01-01T00:00:00.000Z', daysRange(undefined, '2026-02-14'), true],
    ['2000-01-01T00:00:00.000Z', daysRange(undefined, undefined), true],
  ])('%s in %j: %s', (at, range, expected) => {
    expect(inDayRange(at, range)).toBe(expected);
  });
});
