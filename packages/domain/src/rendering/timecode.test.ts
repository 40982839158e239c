import { describe, expect, it } from 'vitest';
import {
  frameToSeconds,
  framesToTimecode,
  isDropFrame,
  secondsToFrame,
  sourceTimecode,
  timecodeAtRate,
  timecodeToFrames,
} from './timecode.ts';

const PAL = { numerator: 25, denominator: 1 };
const NTSC = { numerator: 30000, denominator: 1001 };
const NTSC60 = { numerator: 60000, denominator: 1001 };
const FILM = { numerator: 24000, denominator: 1001 };
const P50 = { numerator: 50, denominator: 1 };

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

  it('carries a label to another rate at the same time of day, to the nearest frame', () => {
    expect(timecodeAtRate('01:00:00;00', NTSC, PAL)).toBe('01:00:00:00');
    expect(timecodeAtRate('01:00:00;00', NTSC60, PAL)).toBe('01:00:00:00');
    expect(timecodeAtRate('10:00:00;00', NTSC60, P50)).toBe('10:00:00:00');
    // 60 frames into 01:00:00;00 at 59.94 is 1.001 s on; a second at 25 is the nearest frame.
    expect(timecodeAtRate('01:00:01;00', NTSC60, PAL)).toBe('01:00:01:00');
    // Half a second on: ;30 at 59.94 is :12.5 at 25, rounded up, and :25 at 50.
    expect(timecodeAtRate('01:00:00;30', NTSC60, PAL)).toBe('01:00:00:13');
    expect(timecodeAtRate('01:00:00;30', NTSC60, P50)).toBe('01:00:00:25');
    // The last label of a second carries into the next at the coarser rate.
    expect(timecodeAtRate('00:00:00;59', NTSC60, PAL)).toBe('00:00:01:00');
    expect(timecodeAtRate('23:59:59;59', NTSC60, PAL)).toBe('00:00:00:00');
    expect(timecodeAtRate('10:00:00:00', FILM, PAL)).toBe('10:00:00:00');
    expect(timecodeAtRate('10:00:00:12', FILM, PAL)).toBe('10:00:00:13');
    expect(timecodeAtRate('01:00:00:00', PAL, NTSC)).toBe('01:00:00;00');
    expect(timecodeAtRate('00:01:00:00', PAL, NTSC)).toBe('00:01:00;02');
  });

  it('keeps a label at its own rate, with the separator the rate counts with', () => {
    expect(timecodeAtRate('10:00:00;00', PAL, PAL)).toBe('10:00:00:00');
    expect(timecodeAtRate('01:00:00:00', NTSC, NTSC)).toBe('01:00:00;00');
    for (let frame = 0; frame < 40_000; frame += 13) {
      const label = framesToTimecode(frame, NTSC60);
      expect(timecodeAtRate(label, NTSC60, NTSC60)).toBe(label);
    }
  });

  it('reads a label that drop-frame skips as the next one, and refuses what is no label of the rate', () => {
    expect(timecodeAtRate('00:01:00;00', NTSC, NTSC)).toBe('00:01:00;02');
    expect(timecodeAtRate('00:01:00;01', NTSC60, NTSC60)).toBe('00:01:00;04');
    expect(timecodeAtRate('00:00:00:25', PAL, NTSC)).toBeNull();
    expect(timecodeAtRate('not a timecode', PAL, NTSC)).toBeNull();
  });
});
