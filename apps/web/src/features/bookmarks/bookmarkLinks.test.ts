import { describe, expect, it } from 'vitest';
import { bookmarkHref, pageTargetOf, suggestedTitle, type PageTarget } from './bookmarkLinks.ts';

const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('bookmarkHref', () => {
  it.each<[PageTarget, string]>([
    [{ kind: 'page', target: '/activity?tab=upload' }, '/activity?tab=upload'],
    [{ kind: 'search', target: '/?q=news&type=video' }, '/?q=news&type=video'],
    [{ kind: 'search', target: '/recycle-bin?q=x' }, '/recycle-bin?q=x'],
    [{ kind: 'folder', target: ID }, `/folders?folderId=${ID}`],
    [{ kind: 'item', target: ID }, `/item-details/${ID}`],
    [{ kind: 'person', target: ID }, `/person-details/${ID}`],
  ])('leads %j to %s', (bookmark, href) => {
    expect(bookmarkHref(bookmark)).toBe(href);
  });
});

describe('pageTargetOf', () => {
  it.each<[string, string, PageTarget]>([
    ['/', '', { kind: 'search', target: '/' }],
    ['/', '?q=news&type=video', { kind: 'search', target: '/?q=news&type=video' }],
    ['/search-item', '?q=news', { kind: 'search', target: '/search-item?q=news' }],
    ['/recycle-bin', '?q=news', { kind: 'search', target: '/recycle-bin?q=news' }],
    ['/folders', `?folderId=${ID}&view=list`, { kind: 'folder', target: ID }],
    ['/folders', '', { kind: 'page', target: '/folders' }],
    [`/item-details/${ID}`, '?tab=history', { kind: 'item', target: ID }],
    [`/person-details/${ID}`, '', { kind: 'person', target: ID }],
    ['/item-details/', '', { kind: 'page', target: '/item-details/' }],
    ['/activity', '?tab=download', { kind: 'page', target: '/activity?tab=download' }],
    ['/settings/users', '', { kind: 'page', target: '/settings/users' }],
  ])('bookmarks %s%s as %j', (pathname, search, target) => {
    expect(pageTargetOf({ pathname, search })).toEqual(target);
  });
});

describe('suggestedTitle', () => {
  it.each<[PageTarget, string | null, string]>([
    [{ kind: 'search', target: '/?q=%C3%A5pent+hus&type=video' }, 'Search', 'åpent hus'],
    [{ kind: 'search', target: '/recycle-bin' }, 'Recycle bin', 'Recycle bin'],
    [{ kind: 'search', target: '/?q=%20' }, 'Search', 'Search'],
    [{ kind: 'folder', target: ID }, '  Dailies ', 'Dailies'],
    [{ kind: 'page', target: '/activity' }, null, ''],
    [{ kind: 'page', target: '/activity' }, 'x'.repeat(250), 'x'.repeat(200)],
  ])('titles %j with heading %j as %j', (page, heading, title) => {
    expect(suggestedTitle(page, heading)).toBe(title);
  });
});
