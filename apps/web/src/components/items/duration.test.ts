import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0:00:00'],
    [3, '0:00:03'],
    [2.96, '0:00:03'],
    [59.4, '0:00:59'],
    [61, '0:01:01'],
    [3599.6, '1:00:00'],
    [3723, '1:02:03'],
    [36_000 + 5, '10:00:05'],
  ])('%s s reads %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([null, -1, Number.NaN, Number.POSITIVE_INFINITY])('has no text for %s', (seconds) => {
    expect(formatDuration(seconds)).toBeNull();
  });
});
