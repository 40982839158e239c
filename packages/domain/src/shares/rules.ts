import { DAY_MS } from '../constants.ts';
import { hasPermission, isAdmin, type Principal } from '../permissions/roles.ts';
import {
  SHARE_LIMITS,
  type ShareKind,
  type ShareLimits,
  type ShareQuality,
  type ShareState,
} from './types.ts';

/** Spec §6: share.shareMedia for a share, share.requestUpload for an upload request. */
export function canCreateShare(principal: Principal, kind: ShareKind): boolean {
  return hasPermission(principal, kind === 'share' ? 'share.shareMedia' : 'share.requestUpload');
}

/** My shares: the owner manages their own; administrators every share of the tenant. */
export function canManageShare(principal: Principal, ownerId: string | null, userId: string): boolean {
  return isAdmin(principal) || ownerId === userId;
}

/** §9: the tenant's limits, each default applying where the tenant set none. */
export function shareLimitsOf(tenant: { maxValidDays: number | null; maxViews: number | null }): ShareLimits {
  return {
    maxValidDays: tenant.maxValidDays ?? SHARE_LIMITS.defaults.maxValidDays,
    maxViews: tenant.maxViews ?? SHARE_LIMITS.defaults.maxViews,
  };
}

/** The latest expiry a share made (or extended) at `now` may have. */
export function latestExpiry(limits: ShareLimits, now: Date): Date {
  return new Date(now.getTime() + limits.maxValidDays * DAY_MS);
}

export interface ShareStatus {
  expiresAt: string;
  maxUses: number;
  used: number;
  revokedAt: string | null;
}

/** §4: revoked wins, then expiry by date, then by views (or files, for an upload request). */
export function shareState(share: ShareStatus, now: Date): ShareState {
  if (share.revokedAt !== null) return 'revoked';
  if (Date.parse(share.expiresAt) <= now.getTime()) return 'expired';
  if (share.used >= share.maxUses) return 'viewsUsed';
  return 'active';
}

export interface QualityAvailability {
  proxy: boolean;
  original: boolean;
}

const otherQuality = (quality: ShareQuality): ShareQuality => (quality === 'proxy' ? 'original' : 'proxy');

/**
 * §8: what a shared download of several items fetches when some lack the selected quality.
 * skip leaves those out; continue fetches the rest and lists those as missing; another tries the
 * other quality for them (and leaves out those that have neither).
 */
export function sharedDownloadPlan<T extends { available: QualityAvailability }>(
  items: readonly T[],
  selected: ShareQuality,
  choice: 'skip' | 'continue' | 'another',
): { downloads: { item: T; quality: ShareQuality }[]; missing: T[] } {
  const downloads: { item: T; quality: ShareQuality }[] = [];
  const missing: T[] = [];
  for (const item of items) {
    if (item.available[selected]) downloads.push({ item, quality: selected });
    else if (choice === 'another' && item.available[otherQuality(selected)])
      downloads.push({ item, quality: otherQuality(selected) });
    else if (choice === 'continue') missing.push(item);
  }
  return { downloads, missing };
}

/** Which items of a shared download lack the selected quality (the §8 question is asked when any do). */
export const missingQuality = <T extends { available: QualityAvailability }>(
  items: readonly T[],
  selected: ShareQuality,
): T[] => items.filter((item) => !item.available[selected]);

/** My shares is there for whoever may share or request uploads, and for administrators. */
export function canListShares(principal: Principal): boolean {
  return (
    canCreateShare(principal, 'share') || canCreateShare(principal, 'uploadRequest') || isAdmin(principal)
  );
}
