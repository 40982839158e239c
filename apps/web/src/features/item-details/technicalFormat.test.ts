import { describe, expect, it } from 'vitest';
import { formatBitrate, formatBytes, formatFrameRate, formatResolution } from './technicalFormat.ts';

// French and Norwegian put a (narrow) no-break space between number and unit.
const spaced = (text: string | null) => text?.replace(/\s/gu, ' ');

describe('file sizes', () => {
  it.each([
    [0, '0 byte'],
    [999, '999 byte'],
    [1000, '1 kB'],
    [1500, '1.5 kB'],
    [999_960, '1 MB'],
    [12_345_678, '12.3 MB'],
    [2_000_000_000, '2 GB'],
    [1_234_000_000_000, '1.2 TB'],
    [5e18, '5,000 PB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes, 'en')).toBe(text);
  });

  it('uses the language’s decimal separator and unit names', () => {
    expect(spaced(formatBytes(1_500_000, 'fr-FR'))).toBe('1,5 Mo');
    expect(spaced(formatBytes(1_500_000, 'nb-NO'))).toBe('1,5 MB');
  });

  it.each([null, -1, Number.NaN, Number.POSITIVE_INFINITY])('has nothing to show for %s', (bytes) => {
    expect(formatBytes(bytes, 'en')).toBeNull();
  });
});

describe('bitrates', () => {
  it.each([
    [900, '900 bit/s'],
    [128_000, '128 kb/s'],
    [5_234_000, '5.2 Mb/s'],
    [1_100_000_000, '1.1 Gb/s'],
  ])('%d bits per second read %s', (bps, text) => {
    expect(formatBitrate(bps, 'en')).toBe(text);
  });

  it('writes French units', () => {
    expect(spaced(formatBitrate(5_234_000, 'fr-FR'))).toBe('5,2 Mbit/s');
  });

  it('has nothing to show without a bitrate', () => {
    expect(formatBitrate(null, 'en')).toBeNull();
  });
});

describe('frame rates', () => {
  it.each([
    [25, 1, '25'],
    [50, 2, '25'],
    [30000, 1001, '29.97'],
    [24000, 1001, '23.976'],
    [60000, 1001, '59.94'],
    [2997, 100, '29.97'],
  ])('%d/%d reads %s fps', (numerator, denominator, text) => {
    expect(formatFrameRate({ numerator, denominator }, 'en')).toBe(text);
  });

  it('uses a decimal comma where the language does', () => {
    expect(formatFrameRate({ numerator: 30000, denominator: 1001 }, 'nb-NO')).toBe('29,97');
  });

  it.each([null, { numerator: 25, denominator: 0 }, { numerator: 0, denominator: 1 }])(
    'has nothing to show for %j',
    (rate) => {
      expect(formatFrameRate(rate, 'en')).toBeNull();
    },
  );
});

describe('resolution', () => {
  it('reads width by height', () => {
    expect(formatResolution(1920, 1080)).toBe('1920x1080');
  });

  it.each([
    [null, 1080],
    [1920, null],
    [0, 0],
  ])('has nothing to show for %s by %s', (width, height) => {
    expect(formatResolution(width, height)).toBeNull();
  });
});
