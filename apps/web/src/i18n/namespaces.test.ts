import { describe, expect, it } from 'vitest';
import { INITIAL_NAMESPACES, initialNamespaces } from './namespaces.ts';

describe('the namespaces loaded before the first render', () => {
  it.each([
    ['/login', ['auth']],
    ['/public/forgot-password', ['auth']],
    ['/sign-in-code', ['auth']],
    ['/', ['bookmarks', 'search', 'items', 'recycleBin']],
    ['/search-item', ['bookmarks', 'search', 'items', 'recycleBin']],
    ['/folders', ['bookmarks']],
    ['/publicity', ['bookmarks']],
  ])('on %s are the initial ones and %j', (pathname, extra) => {
    expect(initialNamespaces(pathname)).toEqual([...INITIAL_NAMESPACES, ...extra]);
  });
});
