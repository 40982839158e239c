import type { Waveform } from '@skald/domain';

export type { Waveform };

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0);

/** The waveform from untrusted JSON, or null when it is not one. Peaks are clamped to 0..1. */
export function parseWaveform(json: unknown): Waveform | null {
  if (typeof json !== 'object' || json === null) return null;
  const { peaks, samplesPerPeak, sampleRate, durationSeconds } = json as Record<string, unknown>;
  if (!Array.isArray(peaks) || peaks.length === 0) return null;
  if (!peaks.every((p) => typeof p === 'number')) return null;
  const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    peaks: peaks.map(clamp01),
    samplesPerPeak: number(samplesPerPeak),
    sampleRate: number(sampleRate),
    durationSeconds: number(durationSeconds),
  };
}

/** `buckets` peaks from any number: each bucket keeps the loudest peak it covers. */
export function resamplePeaks(peaks: readonly number[], buckets: number): number[] {
  const count = Math.max(0, Math.floor(buckets));
  if (peaks.length === 0 || count === 0) return [];
  if (peaks.length <= count) return [...peaks];
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.floor((i * peaks.length) / count);
    const end = Math.max(start + 1, Math.floor(((i + 1) * peaks.length) / count));
    let max = 0;
    for (let j = start; j < end; j++) max = Math.max(max, peaks[j] ?? 0);
    out.push(max);
  }
  return out;
}

/**
 * Peaks scaled so the loudest reaches the full height: a quiet recording still shows its shape
 * (the time axis, which seeking relies on, is unchanged).
 */
export function normalisePeaks(peaks: readonly number[]): number[] {
  const loudest = peaks.reduce((max, peak) => Math.max(max, peak), 0);
  return loudest > 0 ? peaks.map((peak) => peak / loudest) : [...peaks];
}

/** Bars never vanish entirely, so silence still reads as a line. */
export const MIN_BAR_HEIGHT = 0.02;
const BAR_FILL = 0.8;

const fmt = (n: number) => String(Number(n.toFixed(3)));

/**
 * An SVG path of one bar per peak, mirrored around the middle, in a box `peaks.length` wide and
 * `height` high (drawn with preserveAspectRatio="none" to fill any width).
 */
export function waveformPath(peaks: readonly number[], height = 1): string {
  return peaks
    .map((peak, i) => {
      const barHeight = Math.max(clamp01(peak), MIN_BAR_HEIGHT) * height;
      const top = (height - barHeight) / 2;
      const x = i + (1 - BAR_FILL) / 2;
      return `M${fmt(x)} ${fmt(top)}h${fmt(BAR_FILL)}v${fmt(barHeight)}h${fmt(-BAR_FILL)}z`;
    })
    .join('');
}
