import { describe, expect, it } from 'vitest';
import {
  frameToSeconds,
  framesToTimecode,
  isDropFrame,
  secondsToFrame,
  sourceTimecode,
  timecodeToFrames,
} from './timecode.ts';

const PAL = { numerator: 25, denominator: 1 };
const NTSC = { numerator: 30000, denominator: 1001 };
const NTSC60 = { numerator: 60000, denominator: 1001 };

describe('timecode', () => {
  it('counts 25 fps non-drop', () => {
    expect(framesToTimecode(0, PAL)).toBe('00:00:00:00');
    expect(framesToTimecode(24, PAL)).toBe('00:00:00:24');
    expect(framesToTimecode(25, PAL)).toBe('00:00:01:00');
    expect(framesToTimecode(90_000, PAL)).toBe('01:00:00:00');
    expect(timecodeToFrames('10:00:00:00', PAL)).toBe(900_000);
  });

  it('drops ;00 and ;01 every minute but the tenth at 29.97', () => {
    expect(isDropFrame(NTSC)).toBe(true);
    expect(isDropFrame(PAL)).toBe(false);
    expect(framesToTimecode(1799, NTSC)).toBe('00:00:59;29');
    expect(framesToTimecode(1800, NTSC)).toBe('00:01:00;02');
    expect(framesToTimecode(17_981, NTSC)).toBe('00:09:59;29');
    expect(framesToTimecode(17_982, NTSC)).toBe('00:10:00;00');
    expect(framesToTimecode(107_892, NTSC)).toBe('01:00:00;00');
    expect(timecodeToFrames('00:01:00;02', NTSC)).toBe(1800);
    expect(timecodeToFrames('00:01:00;00', NTSC)).toBeNull();
    expect(timecodeToFrames('00:10:00;00', NTSC)).toBe(17_982);
  });

  it('drops four labels a minute at 59.94', () => {
    expect(framesToTimecode(3600, NTSC60)).toBe('00:01:00;04');
    expect(timecodeToFrames('00:01:00;04', NTSC60)).toBe(3600);
  });

  it('round-trips every frame of the first hour at 29.97', () => {
    for (let frame = 0; frame < 107_892; frame += 7) {
      expect(timecodeToFrames(framesToTimecode(frame, NTSC), NTSC)).toBe(frame);
    }
  });

  it('refuses what is not a timecode of the rate', () => {
    expect(timecodeToFrames('00:00:00:25', PAL)).toBeNull();
    expect(timecodeToFrames('24:00:00:00', PAL)).toBeNull();
    expect(timecodeToFrames('1:00:00:00', PAL)).toBeNull();
    expect(() => framesToTimecode(-1, PAL)).toThrow(RangeError);
  });

  it('converts between frames and seconds exactly at the frame starts', () => {
    expect(frameToSeconds(250, PAL)).toBe(10);
    expect(secondsToFrame(frameToSeconds(250, NTSC), NTSC)).toBe(250);
    expect(secondsToFrame(frameToSeconds(251, NTSC) - 0.001, NTSC)).toBe(250);
  });

  it('counts a source’s frames from its start timecode, drop-frame at 29.97, wrapping at midnight', () => {
    expect(sourceTimecode(0, PAL, '10:00:00:00')).toBe('10:00:00:00');
    expect(sourceTimecode(250, PAL, '10:00:00:00')).toBe('10:00:10:00');
    expect(sourceTimecode(0, NTSC, '01:00:00;00')).toBe('01:00:00;00');
    // 1798 frames after 01:00:00;00 is past a minute boundary where ;00 and ;01 are skipped.
    expect(sourceTimecode(1800, NTSC, '01:00:00;00')).toBe('01:01:00;02');
    expect(sourceTimecode(25, PAL, '23:59:59:00')).toBe('00:00:00:00');
    expect(sourceTimecode(25, PAL, null)).toBe('00:00:01:00');
    expect(sourceTimecode(25, PAL, 'not a timecode')).toBe('00:00:01:00');
  });
});
