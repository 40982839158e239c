import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';
import { collectPaths } from './routing/collectPaths.ts';
import { REDIRECTS } from './routing/redirects.ts';

describe('route table', () => {
  const paths = collectPaths(routes);

  it.each([
    '/',
    '/search-item',
    '/login',
    '/user-settings',
    '/change-password',
    '/settings/users',
    '/settings/groups',
    '/settings/system',
    '/my-organisation',
    '/public/forgot-password',
    '/public/forgot-password/verify',
    '/public/forgot-password/reset',
    '/sign-in-code',
    '/folders',
    '/recycle-bin',
    '/item-details/:id',
    '/activity',
    '/bookmarks',
    '/share',
    '/share/:token',
  ])('has %s', (path) => {
    expect(paths.has(path)).toBe(true);
  });

  it('routes every spec redirect, /my-account among them', () => {
    for (const redirect of REDIRECTS) expect(paths.has(redirect.from)).toBe(true);
    expect(REDIRECTS.map((r) => r.from)).toEqual(['/index.html', '/search-person', '/my-account']);
  });

  it('has no screen for Support or Admin yet, so their menu entries stay hidden', () => {
    expect(paths.has('/support')).toBe(false);
    expect(paths.has('/admin')).toBe(false);
  });
});
