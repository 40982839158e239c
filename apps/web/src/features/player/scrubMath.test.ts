import { describe, expect, it } from 'vitest';
import { playedFraction, timeAtPointer } from './scrubMath.ts';

describe('scrubbing', () => {
  it.each([
    [100, 100, 200, 60, 0],
    [200, 100, 200, 60, 30],
    [300, 100, 200, 60, 60],
    [50, 100, 200, 60, 0],
    [900, 100, 200, 60, 60],
    [200, 100, 0, 60, 0],
    [200, 100, 200, Number.NaN, 0],
  ])(
    'a pointer at x=%s on a bar at %s, %s wide, over %s s seeks to %s s',
    (x, left, width, duration, time) => {
      expect(timeAtPointer(x, left, width, duration)).toBe(time);
    },
  );

  it.each([
    [15, 60, 0.25],
    [90, 60, 1],
    [-1, 60, 0],
    [5, 0, 0],
    [5, Number.POSITIVE_INFINITY, 0],
  ])('%s s of %s s is %s of the bar', (time, duration, fraction) => {
    expect(playedFraction(time, duration)).toBe(fraction);
  });
});
