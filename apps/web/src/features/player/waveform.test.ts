import { describe, expect, it } from 'vitest';
import { MIN_BAR_HEIGHT, normalisePeaks, parseWaveform, resamplePeaks, waveformPath } from './waveform.ts';

describe('waveform.json', () => {
  it('reads the rendition', () => {
    const json = { peaks: [0, 0.5, 1], samplesPerPeak: 441, sampleRate: 44100, durationSeconds: 0.03 };
    expect(parseWaveform(json)).toEqual(json);
  });

  it('clamps peaks to 0..1', () => {
    expect(parseWaveform({ peaks: [-1, 2, 0.25] })?.peaks).toEqual([0, 1, 0.25]);
  });

  it.each([[null], ['peaks'], [{}], [{ peaks: [] }], [{ peaks: [0.1, 'x'] }]])('refuses %j', (json) => {
    expect(parseWaveform(json)).toBeNull();
  });
});

describe('peaks to the drawing width', () => {
  it.each([
    [[0.1, 0.9, 0.3, 0.4], 2, [0.9, 0.4]],
    [[0.1, 0.2, 0.3, 0.4, 0.5, 0.6], 3, [0.2, 0.4, 0.6]],
    [[0.1, 0.2], 5, [0.1, 0.2]],
    [[0.5, 0.7, 0.2], 2, [0.5, 0.7]],
    [[], 4, []],
    [[0.3], 0, []],
  ])('%j in %s buckets keep their loudest peaks %j', (peaks, buckets, expected) => {
    expect(resamplePeaks(peaks, buckets)).toEqual(expected);
  });

  it('covers every peak once', () => {
    const peaks = Array.from({ length: 1000 }, (_, i) => (i === 777 ? 1 : 0.1));
    const out = resamplePeaks(peaks, 333);
    expect(out).toHaveLength(333);
    expect(out.filter((p) => p === 1)).toHaveLength(1);
  });
});

describe('normalising a quiet recording', () => {
  it.each([
    [
      [0.1, 0.05, 0.025],
      [1, 0.5, 0.25],
    ],
    [
      [0.5, 1],
      [0.5, 1],
    ],
    [
      [0, 0],
      [0, 0],
    ],
    [[], []],
  ])('draws %j as %j', (peaks, expected) => {
    expect(normalisePeaks(peaks)).toEqual(expected);
  });
});

describe('the waveform path', () => {
  it('draws one bar a peak, centred on the middle line', () => {
    expect(waveformPath([1, 0.5], 100)).toBe('M0.1 0h0.8v100h-0.8zM1.1 25h0.8v50h-0.8z');
  });

  it('keeps silence visible as a thin line', () => {
    expect(waveformPath([0], 100)).toBe(
      `M0.1 ${(100 - MIN_BAR_HEIGHT * 100) / 2}h0.8v${MIN_BAR_HEIGHT * 100}h-0.8z`,
    );
  });

  it('draws nothing without peaks', () => {
    expect(waveformPath([])).toBe('');
  });
});
