import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FPS,
  clampTime,
  frameAt,
  framesPerSecond,
  reversePosition,
  seekBy,
  stepFrame,
} from './frameMath.ts';

describe('frame rate', () => {
  it.each([
    [{ numerator: 25, denominator: 1 }, 25],
    [{ numerator: 30000, denominator: 1001 }, 30000 / 1001],
    [{ numerator: 50, denominator: 0 }, DEFAULT_FPS],
    [{ numerator: 0, denominator: 1 }, DEFAULT_FPS],
    [null, DEFAULT_FPS],
  ])('of %j is %s fps', (rate, fps) => {
    expect(framesPerSecond(rate)).toBe(fps);
  });

  it('defaults to 25 fps', () => {
    expect(DEFAULT_FPS).toBe(25);
  });
});

describe('jumps', () => {
  it.each([
    [10, 1, 60, 11],
    [10, -10, 60, 0],
    [55, 10, 60, 60],
    [5, -1, 60, 4],
    [5, 10, Number.NaN, 15],
  ])('from %s s by %s s in %s s land at %s s', (from, delta, duration, to) => {
    expect(seekBy(from, delta, duration)).toBe(to);
  });

  it('never seeks before the start', () => {
    expect(clampTime(-1, 10)).toBe(0);
  });
});

describe('frame steps', () => {
  it.each([
    [0, 25, 0],
    [0.039, 25, 0],
    [0.04, 25, 1],
    [1, 25, 25],
    [1.02, 50, 51],
  ])('at %s s and %s fps show frame %s', (time, fps, frame) => {
    expect(frameAt(time, fps)).toBe(frame);
  });

  it.each([
    [0, 1, 1],
    [0.02, 1, 1],
    [1, 1, 26],
    [1, -1, 24],
    [0.02, -1, 0],
    [0, -1, 0],
  ] as const)('from %s s a step of %s reaches frame %s (at 25 fps)', (time, direction, frame) => {
    const next = stepFrame(time, direction, 25, 60);
    expect(frameAt(next, 25)).toBe(frame);
  });

  it('lands in the middle of the frame', () => {
    expect(stepFrame(1, 1, 25, 60)).toBeCloseTo(26.5 / 25, 9);
  });

  it('walks every frame of 29.97 fps without skipping or repeating one', () => {
    const fps = 30000 / 1001;
    let time = 0;
    for (let frame = 1; frame <= 300; frame++) {
      time = stepFrame(time, 1, fps, 60);
      expect(frameAt(time, fps)).toBe(frame);
    }
    for (let frame = 299; frame >= 0; frame--) {
      time = stepFrame(time, -1, fps, 60);
      expect(frameAt(time, fps)).toBe(frame);
    }
  });

  it('stops at the last frame', () => {
    const last = stepFrame(9.98, 1, 25, 10);
    expect(frameAt(last, 25)).toBe(249);
    expect(last).toBeLessThanOrEqual(10);
  });
});

describe('reverse playback', () => {
  it.each([
    [10, -1, 1000, 9],
    [10, -16, 500, 2],
    [10, -4, 250, 9],
    [1, -8, 1000, 0],
  ])('from %s s at %s× after %s ms is at %s s', (from, speed, elapsed, at) => {
    expect(reversePosition(from, speed, elapsed)).toBe(at);
  });
});
