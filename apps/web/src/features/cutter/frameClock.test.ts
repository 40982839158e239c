import { describe, expect, it } from 'vitest';
import { seekTo, shownFrame } from './frameClock.ts';

const PAL = { numerator: 25, denominator: 1 };
const NTSC = { numerator: 30000, denominator: 1001 };
/** The pipeline's HLS starts its pictures 0.08 s in. */
const ORIGIN = 0.08;

describe('the cutter’s frame clock', () => {
  it('shows every frame it seeks to, at 25 and 29.97 fps', () => {
    for (const rate of [PAL, NTSC])
      for (let frame = 0; frame < 500; frame++) {
        const seek = seekTo(frame, ORIGIN, rate);
        expect(shownFrame({ currentTime: seek.seconds, paused: true }, ORIGIN, null, rate)).toBe(frame);
      }
  });

  it('keeps the frame asked for when the paused player reports the edge of a neighbouring frame', () => {
    const seek = seekTo(24, ORIGIN, PAL);
    expect(shownFrame({ currentTime: ORIGIN + 25 / 25, paused: true }, ORIGIN, seek, PAL)).toBe(24);
    expect(shownFrame({ currentTime: ORIGIN + 24 / 25 - 0.001, paused: true }, ORIGIN, seek, PAL)).toBe(24);
  });

  it('follows the player once it plays or is sent elsewhere', () => {
    const seek = seekTo(24, ORIGIN, PAL);
    expect(shownFrame({ currentTime: ORIGIN + 25.5 / 25, paused: false }, ORIGIN, seek, PAL)).toBe(25);
    expect(shownFrame({ currentTime: ORIGIN + 40.5 / 25, paused: true }, ORIGIN, seek, PAL)).toBe(40);
  });

  it('counts the time before the first picture as frame 0', () => {
    expect(shownFrame({ currentTime: 0, paused: true }, ORIGIN, null, PAL)).toBe(0);
  });
});
