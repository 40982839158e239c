import { describe, expect, it } from 'vitest';
import { METER_FLOOR_DB, levelOf, meterFraction } from './levels.ts';

describe('audio levels', () => {
  it('reads silence as the floor', () => {
    expect(levelOf(new Float32Array(1024))).toEqual({ rmsDb: METER_FLOOR_DB, peakDb: METER_FLOOR_DB });
    expect(levelOf(new Float32Array(0))).toEqual({ rmsDb: METER_FLOOR_DB, peakDb: METER_FLOOR_DB });
  });

  it('reads a full-scale sine as 0 dBFS peak and -3 dBFS RMS', () => {
    const sine = Float32Array.from({ length: 4800 }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / 48_000));
    const level = levelOf(sine);
    expect(level.peakDb).toBeCloseTo(0, 1);
    expect(level.rmsDb).toBeCloseTo(-3.01, 1);
  });

  it('reads half scale as -6 dBFS', () => {
    expect(levelOf(Float32Array.from([0.5, -0.5, 0.5, -0.5])).peakDb).toBeCloseTo(-6.02, 1);
  });

  it('places levels on the meter between the floor and 0 dBFS', () => {
    expect(meterFraction(METER_FLOOR_DB)).toBe(0);
    expect(meterFraction(-90)).toBe(0);
    expect(meterFraction(-30)).toBe(0.5);
    expect(meterFraction(0)).toBe(1);
    expect(meterFraction(3)).toBe(1);
  });
});
