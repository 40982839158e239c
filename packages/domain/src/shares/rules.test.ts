import { describe, expect, it } from 'vitest';
import { sharedDownloadPlan, shareLimitsOf, shareState } from './rules.ts';

const now = new Date('2026-11-25T12:00:00Z');
const share = { expiresAt: '2026-11-26T00:00:00Z', maxUses: 2, used: 1, revokedAt: null };

describe('shareState', () => {
  it.each([
    [share, 'active'],
    [{ ...share, used: 2 }, 'viewsUsed'],
    [{ ...share, expiresAt: '2026-11-25T12:00:00Z' }, 'expired'],
    [{ ...share, used: 2, revokedAt: '2026-11-25T10:00:00Z' }, 'revoked'],
  ] as const)('%o is %s', (s, state) => {
    expect(shareState(s, now)).toBe(state);
  });
});

describe('shareLimitsOf', () => {
  it('applies the defaults where the tenant set none (§9)', () => {
    expect(shareLimitsOf({ maxValidDays: null, maxViews: 3 })).toEqual({ maxValidDays: 30, maxViews: 3 });
  });
});

describe('sharedDownloadPlan (§8)', () => {
  const both = { id: 'both', available: { proxy: true, original: true } };
  const originalOnly = { id: 'original', available: { proxy: false, original: true } };
  const none = { id: 'none', available: { proxy: false, original: false } };
  const items = [both, originalOnly, none];
  const plan = (choice: 'skip' | 'continue' | 'another') => {
    const p = sharedDownloadPlan(items, 'proxy', choice);
    return {
      downloads: p.downloads.map((d) => `${d.item.id}:${d.quality}`),
      missing: p.missing.map((m) => m.id),
    };
  };

  it('skips, continues listing the missing, or tries the other quality', () => {
    expect(plan('skip')).toEqual({ downloads: ['both:proxy'], missing: [] });
    expect(plan('continue')).toEqual({ downloads: ['both:proxy'], missing: ['original', 'none'] });
    expect(plan('another')).toEqual({ downloads: ['both:proxy', 'original:original'], missing: [] });
  });
});
