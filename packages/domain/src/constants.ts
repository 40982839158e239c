const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Spec §9 business constants and limits (and the §4 timings they repeat). */
export const LIMITS = {
  searchRefreshMs: 30 * SECOND_MS,
  refineMaxItems: 32,
  /** The spec says "a few minutes"; DESIGN.md fixes it at 5. */
  apiKeyCacheTtlMs: 5 * MINUTE_MS,
  /** Exclusive: a statistics range must be shorter than this. */
  statisticsMaxRangeDays: 90,
  lines: { min: 1, max: 100 },
  translationLoad: { parallelReads: 10, retries: 5, baseDelayMs: 350 },
  segmentDownload: {
    requestTimeoutMs: 3 * MINUTE_MS,
    retryWindowMs: 10 * MINUTE_MS,
    maxBufferedSegments: 20,
    maxInFlightSegments: 5,
  },
  liveVideo: { timescale: 12_800, frameDuration: { numerator: 1, denominator: 50 } },
  downloadFrameTtlMs: 60 * MINUTE_MS,
  exportEmbeddedImageMaxBytes: 104_857_600,
  thumbnailCanvas: { heightPx: 60, borderPx: 1 },
  coldStorageRestore: { maxMs: 5 * HOUR_MS, expressMs: 5 * MINUTE_MS },
  player: { forwardSpeeds: [2, 4, 8, 16], reverseSpeeds: [-2, -4, -8, -16], jumpSeconds: [1, 10] },
} as const;

/** Spec §9 defaults that are names rather than numbers. */
export const DEFAULTS = {
  usageRuleWarningLevel: 'upon_expiry',
  usageRuleColour: 'light teal',
  adminColour: 'orange',
  nonAdminColour: 'light green',
  cloudSubclipFormat: 'MXF',
} as const;
