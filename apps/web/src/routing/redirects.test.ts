import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirects.ts';

describe('route redirects (spec §2)', () => {
  it.each([
    ['/index.html', '/'],
    ['/search-person', '/'],
    ['/search-person/', '/'],
    ['/my-account', '/my-organisation'],
  ])('%s leads to %s', (from, to) => {
    expect(redirectTarget(from)).toBe(to);
  });

  it('keeps the query string and hash', () => {
    expect(redirectTarget('/my-account', '?tab=billing', '#top')).toBe('/my-organisation?tab=billing#top');
  });

  it.each(['/', '/user-settings', '/my-organisation', '/search-person/x'])('%s is no redirect', (path) => {
    expect(redirectTarget(path)).toBeUndefined();
  });
});
