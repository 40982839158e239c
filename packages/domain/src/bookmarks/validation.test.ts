import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  BOOKMARK_RULE_TEXTS,
  isAppUrl,
  searchFilterTypeOf,
  validateBookmark,
  type BookmarkDraft,
  type BookmarkField,
} from './validation.ts';

const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const draft = (overrides: Partial<BookmarkDraft> = {}): BookmarkDraft => ({
  title: 'News',
  kind: 'page',
  target: '/activity?tab=upload',
  icon: null,
  scope: 'private',
  visibility: null,
  ...overrides,
});

describe('isAppUrl', () => {
  it.each<[string, boolean]>([
    ['/', true],
    ['/?q=news&type=video', true],
    ['/recycle-bin?q=p%C3%A5ske', true],
    ['/item-details/abc?tab=history#top', true],
    ['', false],
    ['activity', false],
    ['//evil.example/path', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['/?q=two words', false],
    ['/?q=line\nbreak', false],
    [`/${'a'.repeat(1999)}`, true],
    [`/${'a'.repeat(2000)}`, false],
  ])('%j: %s', (target, expected) => {
    expect(isAppUrl(target)).toBe(expected);
  });
});

describe('searchFilterTypeOf', () => {
  it.each<[string, 'search' | 'recycleBin' | null]>([
    ['/', 'search'],
    ['/?q=news&type=video', 'search'],
    ['/search-item?q=x', 'search'],
    ['/#results', 'search'],
    ['/recycle-bin', 'recycleBin'],
    ['/recycle-bin?q=x&sort=deleted', 'recycleBin'],
    ['/recycle-bin/more', null],
    ['/folders?folderId=x', null],
    ['/search-items', null],
    ['//recycle-bin', null],
  ])('%j reopens %s', (target, expected) => {
    expect(searchFilterTypeOf(target)).toBe(expected);
  });
});

describe('validateBookmark', () => {
  it('accepts a private page bookmark, trimming its title', () => {
    expect(validateBookmark(draft({ title: '  News desk  ', icon: 'star' }))).toEqual({
      ok: true,
      bookmark: {
        title: 'News desk',
        kind: 'page',
        target: '/activity?tab=upload',
        icon: 'star',
        scope: 'private',
        visibility: null,
        filterType: null,
      },
    });
  });

  it.each<[string, Partial<BookmarkDraft>, string | null]>([
    ['a search of the search screen', { target: '/?q=news&type=video' }, 'search'],
    ['a search of the alias', { target: '/search-item?q=news' }, 'search'],
    ['a search of the recycle bin', { target: '/recycle-bin?q=x' }, 'recycleBin'],
  ])('derives the filter type of %s', (_case, overrides, filterType) => {
    const result = validateBookmark(draft({ kind: 'search', ...overrides }));
    expect(result.ok && result.bookmark.filterType).toBe(filterType);
  });

  it.each<[string, Partial<BookmarkDraft>]>([
    ['a folder by id', { kind: 'folder', target: ID }],
    ['an item by id', { kind: 'item', target: ID.toUpperCase() }],
    ['a person by id', { kind: 'person', target: ID }],
    ['a page at the root', { target: '/' }],
    ['a system bookmark for everyone', { scope: 'system', visibility: { level: 'everyone', groupIds: [] } }],
    ['a system bookmark without a visibility', { scope: 'system' }],
    ['a hidden system bookmark', { scope: 'system', visibility: { level: 'hidden', groupIds: [] } }],
    ['a title of 200 characters', { title: 'x'.repeat(200) }],
  ])('accepts %s', (_case, overrides) => {
    expect(validateBookmark(draft(overrides)).ok).toBe(true);
  });

  it.each<[string, Partial<BookmarkDraft>, BookmarkField, string]>([
    ['an empty title', { title: '' }, 'title', MESSAGES.bookmarkTitleRequired],
    ['a title of spaces', { title: '   ' }, 'title', MESSAGES.bookmarkTitleRequired],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title', BOOKMARK_RULE_TEXTS.titleTooLong],
    ['an unknown kind', { kind: 'playlist' }, 'kind', BOOKMARK_RULE_TEXTS.unknownKind],
    ['a page outside the app', { target: 'https://example.com/' }, 'target', BOOKMARK_RULE_TEXTS.pageTarget],
    ['a protocol-relative page', { target: '//example.com/' }, 'target', BOOKMARK_RULE_TEXTS.pageTarget],
    [
      'a search of a screen that is not a search',
      { kind: 'search', target: '/folders?folderId=x' },
      'target',
      BOOKMARK_RULE_TEXTS.searchTarget,
    ],
    [
      'a folder by path',
      { kind: 'folder', target: '/folders?folderId=x' },
      'target',
      'Target must be the id of the folder',
    ],
    ['an item by a name', { kind: 'item', target: 'clip' }, 'target', 'Target must be the id of the item'],
    ['an unknown icon', { icon: 'rocket' }, 'icon', BOOKMARK_RULE_TEXTS.unknownIcon],
    ['an unknown scope', { scope: 'public' }, 'scope', BOOKMARK_RULE_TEXTS.unknownScope],
    [
      'a private bookmark with a visibility',
      { visibility: { level: 'everyone', groupIds: [] } },
      'visibility',
      BOOKMARK_RULE_TEXTS.privateVisibility,
    ],
    [
      'an unknown visibility level',
      { scope: 'system', visibility: { level: 'tenant', groupIds: [] } },
      'visibility',
      BOOKMARK_RULE_TEXTS.unknownLevel,
    ],
    [
      'selected groups without a group',
      { scope: 'system', visibility: { level: 'selected_groups', groupIds: [] } },
      'visibility.groupIds',
      MESSAGES.selectedGroupsEmpty,
    ],
  ])('refuses %s, naming the field', (_case, overrides, field, message) => {
    expect(validateBookmark(draft(overrides))).toEqual({ ok: false, errors: [{ field, message }] });
  });

  it('names every bad field at once', () => {
    const result = validateBookmark(draft({ title: '', kind: 'folder', target: 'x', icon: 'rocket' }));
    expect(result.ok ? [] : result.errors.map((e) => e.field)).toEqual(['title', 'target', 'icon']);
  });

  it('keeps the groups of selected groups once each, and drops groups of the other levels', () => {
    const selected = validateBookmark(
      draft({ scope: 'system', visibility: { level: 'selected_groups', groupIds: ['a', 'b', 'a'] } }),
    );
    expect(selected.ok && selected.bookmark.visibility).toEqual({
      level: 'selected_groups',
      groupIds: ['a', 'b'],
    });
    const everyone = validateBookmark(
      draft({ scope: 'system', visibility: { level: 'everyone', groupIds: ['a'] } }),
    );
    expect(everyone.ok && everyone.bookmark.visibility).toEqual({ level: 'everyone', groupIds: [] });
  });
});
