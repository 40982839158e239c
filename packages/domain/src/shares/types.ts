/** Spec §3 Share: a share of media, or an upload request (a link to upload into a folder). */
export const SHARE_KINDS = ['share', 'uploadRequest'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** Spec §4: created and updated (active), then over by date, by views, or revoked by its owner. */
export const SHARE_STATES = ['active', 'expired', 'viewsUsed', 'revoked'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** Spec §3 "web proxy or high-res option": the quality a share's downloads offer. */
export const SHARE_QUALITIES = ['proxy', 'original'] as const;
export type ShareQuality = (typeof SHARE_QUALITIES)[number];

/** Spec §8 "Shared download with missing selected quality": skip, continue or try another quality. */
export const MISSING_QUALITY_CHOICES = ['skip', 'continue', 'another'] as const;
export type MissingQualityChoice = (typeof MISSING_QUALITY_CHOICES)[number];

/** Spec §3 tenant config share limits; §9 "share defaults for max valid days and max views apply if missing". */
export interface ShareLimits {
  maxValidDays: number;
  maxViews: number;
}

export const SHARE_LIMITS = {
  /** §9's defaults (the spec gives no numbers): a month, and 100 visitors or files. */
  defaults: { maxValidDays: 30, maxViews: 100 } satisfies ShareLimits,
  /** What a tenant administrator may set at most. */
  ceiling: { maxValidDays: 365, maxViews: 10_000 } satisfies ShareLimits,
  titleMaxLength: 200,
  messageMaxLength: 2000,
  maxItems: 500,
  maxEmails: 50,
  passwordMinLength: 6,
  passwordMaxLength: 200,
} as const;
