import type { Rational } from '../../api/items.ts';

/**
 * Technical metadata as people read it. Sizes and bitrates use decimal (SI) units, as the unit names
 * say (1 kB = 1000 bytes), with the language's own unit abbreviations (French "Mo", "Mbit/s").
 */

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;
const BIT_RATE_UNITS = [
  'bit-per-second',
  'kilobit-per-second',
  'megabit-per-second',
  'gigabit-per-second',
] as const;

function scaled(value: number, units: readonly string[], locales: string | string[]): string {
  let unit = 0;
  let amount = value;
  // Rounding decides the unit: 999 960 bytes reads "1 MB", not "1000 kB".
  while (unit < units.length - 1 && Math.round(amount * 10) / 10 >= 1000) {
    amount /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locales, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(amount);
}

/** "1.5 GB", "12.3 MB", "512 byte"; null for a size that is not a count of bytes. */
export function formatBytes(bytes: number | null, locales: string | string[]): string | null {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return null;
  return scaled(bytes, BYTE_UNITS, locales);
}

/** "5.2 Mb/s", "128 kb/s" from bits per second. */
export function formatBitrate(bitsPerSecond: number | null, locales: string | string[]): string | null {
  if (bitsPerSecond === null || !Number.isFinite(bitsPerSecond) || bitsPerSecond < 0) return null;
  return scaled(bitsPerSecond, BIT_RATE_UNITS, locales);
}

/**
 * Frames per second as a decimal with at most three decimals, trailing zeros dropped: 25/1 → "25",
 * 30000/1001 → "29.97", 24000/1001 → "23.976".
 */
export function formatFrameRate(rate: Rational | null, locales: string | string[]): string | null {
  if (rate === null || rate.denominator === 0 || rate.numerator <= 0) return null;
  const fps = rate.numerator / rate.denominator;
  if (!Number.isFinite(fps) || fps <= 0) return null;
  return new Intl.NumberFormat(locales, { maximumFractionDigits: 3 }).format(fps);
}

/** "1920x1080", as the video's width by height. */
export function formatResolution(width: number | null, height: number | null): string | null {
  if (width === null || height === null || width <= 0 || height <= 0) return null;
  return `${width}x${height}`;
}
