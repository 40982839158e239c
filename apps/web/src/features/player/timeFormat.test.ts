import { describe, expect, it } from 'vitest';
import { formatTime, formatTimecode } from './timeFormat.ts';

describe('time on the transport', () => {
  it.each([
    [0, '0:00:00'],
    [5.9, '0:00:05'],
    [65, '0:01:05'],
    [3599.99, '0:59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [36000, '10:00:00'],
    [-3, '0:00:00'],
    [Number.NaN, '0:00:00'],
    [Number.POSITIVE_INFINITY, '0:00:00'],
  ])('shows %s s as hours, minutes and seconds: %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });
});

describe('timecode', () => {
  it.each([
    [0, 25, '00:00:00:00'],
    [1, 25, '00:00:01:00'],
    [1.04, 25, '00:00:01:01'],
    [1.999, 25, '00:00:01:24'],
    [3661.5, 25, '01:01:01:12'],
    [0.5, 50, '00:00:00:25'],
    // 29.97 fps, non-drop: 30 frames a timecode second, so timecode runs behind the clock.
    [60, 30000 / 1001, '00:00:59:28'],
    [2 / 24, 24, '00:00:00:02'],
  ])('shows %s s at %s fps as %s', (seconds, fps, text) => {
    expect(formatTimecode(seconds, fps)).toBe(text);
  });
});
