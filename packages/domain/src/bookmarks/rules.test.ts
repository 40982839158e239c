import { describe, expect, it } from 'vitest';
import type { Permission } from '../permissions/catalogue.ts';
import type { Role } from '../permissions/roles.ts';
import { OTHER, USER, makePrincipal } from '../test-support/principals.ts';
import {
  bookmarkSection,
  canEditBookmark,
  canManageSystemBookmarks,
  canSeeBookmark,
  canUseBookmarks,
  defaultBookmarkIcon,
  type BookmarkView,
} from './rules.ts';
import { BOOKMARK_ICONS, BOOKMARK_KINDS, type BookmarkAudience } from './types.ts';

describe('canUseBookmarks', () => {
  it.each<[string, Permission[], Role[], boolean]>([
    ['nothing granted', [], [], false],
    ['general.bookmarks', ['general.bookmarks'], [], true],
    ['general.getGroups, which implies bookmarks', ['general.getGroups'], [], true],
    ['only the manage permission', ['general.systemBookmarksManage'], [], false],
    ['the super admin role', [], ['superAdmin'], true],
    ['the admin role alone', [], ['admin'], false],
  ])('with %s: %s', (_with, permissions, roles, expected) => {
    expect(canUseBookmarks(makePrincipal({ permissions, roles }))).toBe(expected);
  });
});

describe('canManageSystemBookmarks', () => {
  it.each<[string, Permission[], Role[], boolean]>([
    ['nothing granted', [], [], false],
    ['general.bookmarks alone', ['general.bookmarks'], [], false],
    ['general.getGroups', ['general.getGroups'], [], false],
    ['general.systemBookmarksManage', ['general.systemBookmarksManage'], [], true],
    ['the admin role', [], ['admin'], true],
    ['the super admin role', [], ['superAdmin'], true],
    ['the support role', [], ['support'], false],
  ])('with %s: %s', (_with, permissions, roles, expected) => {
    expect(canManageSystemBookmarks(makePrincipal({ permissions, roles }))).toBe(expected);
  });
});

const mine: BookmarkAudience = { scope: 'private', ownerId: USER, visibility: null };
const theirs: BookmarkAudience = { scope: 'private', ownerId: OTHER, visibility: null };
const everyone: BookmarkAudience = {
  scope: 'system',
  ownerId: null,
  visibility: { level: 'everyone', groupIds: [] },
};
const hidden: BookmarkAudience = {
  scope: 'system',
  ownerId: null,
  visibility: { level: 'hidden', groupIds: [] },
};
const news: BookmarkAudience = {
  scope: 'system',
  ownerId: null,
  visibility: { level: 'selected_groups', groupIds: ['news', 'sport'] },
};

describe('canSeeBookmark', () => {
  const plain = makePrincipal({ permissions: ['general.bookmarks'], groupIds: ['org'] });
  const inNews = makePrincipal({ permissions: ['general.bookmarks'], groupIds: ['org', 'news'] });
  const manager = makePrincipal({ permissions: ['general.bookmarks', 'general.systemBookmarksManage'] });
  const admin = makePrincipal({ roles: ['admin'] });

  it.each<[string, ReturnType<typeof makePrincipal>, BookmarkAudience, BookmarkView, boolean]>([
    ['the owner, their private bookmark', plain, mine, 'navigation', true],
    ['someone else, a private bookmark', plain, theirs, 'navigation', false],
    ['a manager, another user’s private bookmark', manager, theirs, 'manage', false],
    ['an admin, another user’s private bookmark', admin, theirs, 'manage', false],
    ['anyone, a system bookmark for everyone', plain, everyone, 'navigation', true],
    [
      'anyone, a system bookmark without a visibility (everyone)',
      plain,
      { ...everyone, visibility: null },
      'navigation',
      true,
    ],
    ['a member of a selected group', inNews, news, 'navigation', true],
    ['someone in none of the selected groups', plain, news, 'navigation', false],
    ['a manager in none of the selected groups, in navigation', manager, news, 'navigation', false],
    ['a manager in none of the selected groups, managing', manager, news, 'manage', true],
    ['anyone, a hidden system bookmark in navigation', inNews, hidden, 'navigation', false],
    ['a manager, a hidden system bookmark in navigation', manager, hidden, 'navigation', false],
    ['a manager, a hidden system bookmark when managing', manager, hidden, 'manage', true],
    ['an admin, a hidden system bookmark when managing', admin, hidden, 'manage', true],
    ['a user who may not manage, a hidden system bookmark when managing', plain, hidden, 'manage', false],
  ])('%s: %s', (_case, principal, bookmark, view, expected) => {
    expect(canSeeBookmark(principal, bookmark, view)).toBe(expected);
  });
});

describe('canEditBookmark', () => {
  it.each<[string, Permission[], Role[], BookmarkAudience, boolean]>([
    ['the owner of a private bookmark', ['general.bookmarks'], [], mine, true],
    ['the owner without general.bookmarks', [], [], mine, false],
    ['someone else’s private bookmark, even as admin', ['general.bookmarks'], ['admin'], theirs, false],
    ['a system bookmark without the manage permission', ['general.bookmarks'], [], everyone, false],
    [
      'a system bookmark with the manage permission',
      ['general.bookmarks', 'general.systemBookmarksManage'],
      [],
      hidden,
      true,
    ],
    ['a system bookmark as an admin', ['general.bookmarks'], ['admin'], news, true],
    [
      'a system bookmark, managing without general.bookmarks',
      ['general.systemBookmarksManage'],
      [],
      news,
      false,
    ],
  ])('%s: %s', (_case, permissions, roles, bookmark, expected) => {
    expect(canEditBookmark(makePrincipal({ permissions, roles }), bookmark)).toBe(expected);
  });
});

describe('bookmarkSection', () => {
  it.each([
    ['page', 'bookmarks'],
    ['folder', 'bookmarks'],
    ['item', 'bookmarks'],
    ['person', 'bookmarks'],
    ['search', 'filters'],
  ] as const)('puts kind %s under %s', (kind, section) => {
    expect(bookmarkSection(kind)).toBe(section);
  });
});

describe('defaultBookmarkIcon', () => {
  it.each(BOOKMARK_KINDS)('gives kind %s one of the icons', (kind) => {
    expect(BOOKMARK_ICONS).toContain(defaultBookmarkIcon(kind));
  });

  it.each([
    ['folder', 'folder'],
    ['search', 'search'],
    ['person', 'person'],
  ] as const)('draws a %s as %s', (kind, icon) => {
    expect(defaultBookmarkIcon(kind)).toBe(icon);
  });
});
