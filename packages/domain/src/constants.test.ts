import { describe, expect, it } from 'vitest';
import { DEFAULTS, LIMITS } from './constants.ts';

describe('the limits of spec §9', () => {
  it.each<[string, unknown, unknown]>([
    ['search refreshes every 30 seconds', LIMITS.searchRefreshMs, 30_000],
    ['refine takes at most 32 items', LIMITS.refineMaxItems, 32],
    ['an API key evaluation is cached for 5 minutes', LIMITS.apiKeyCacheTtlMs, 300_000],
    ['statistics ranges stay under 90 days', LIMITS.statisticsMaxRangeDays, 90],
    ['lines run from 1 to 100', LIMITS.lines, { min: 1, max: 100 }],
    [
      'translation loads 10 at a time with 5 retries from 350 ms',
      LIMITS.translationLoad,
      { parallelReads: 10, retries: 5, baseDelayMs: 350 },
    ],
    [
      'segments download with 3 minute tries for 10 minutes, 20 buffered, 5 in flight',
      LIMITS.segmentDownload,
      { requestTimeoutMs: 180_000, retryWindowMs: 600_000, maxBufferedSegments: 20, maxInFlightSegments: 5 },
    ],
    [
      'live video has timescale 12800 and frames of 1/50 s',
      LIMITS.liveVideo,
      { timescale: 12_800, frameDuration: { numerator: 1, denominator: 50 } },
    ],
    ['a hidden download frame goes after 60 minutes', LIMITS.downloadFrameTtlMs, 3_600_000],
    ['an exported embedded image is at most 100 MB', LIMITS.exportEmbeddedImageMaxBytes, 104_857_600],
    [
      'the thumbnail canvas is 60 px high plus a 1 px border',
      LIMITS.thumbnailCanvas,
      { heightPx: 60, borderPx: 1 },
    ],
    [
      'cold storage restores in up to 5 hours, express in about 5 minutes',
      LIMITS.coldStorageRestore,
      { maxMs: 18_000_000, expressMs: 300_000 },
    ],
    [
      'the player steps 2x to 16x each way and jumps 1 and 10 seconds',
      LIMITS.player,
      { forwardSpeeds: [2, 4, 8, 16], reverseSpeeds: [-2, -4, -8, -16], jumpSeconds: [1, 10] },
    ],
    ['a new usage rule warns upon expiry', DEFAULTS.usageRuleWarningLevel, 'upon_expiry'],
    ['subclips from cloud items default to MXF', DEFAULTS.cloudSubclipFormat, 'MXF'],
  ])('say %s', (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('whole frames of live video are 256 ticks', () => {
    const { timescale, frameDuration } = LIMITS.liveVideo;
    expect((timescale * frameDuration.numerator) / frameDuration.denominator).toBe(256);
  });
});
