import { IconSearch } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { limitNavigation, showsBookmarks, showsUpload } from './featureSets.ts';
import type { NavSection } from './navigation.ts';

const entry = (key: string) => ({ key, path: `/${key}`, icon: IconSearch });
const RICH: NavSection[] = [
  { key: 'workspace', items: [entry('search'), entry('userSettings'), entry('cutter')] },
  { key: 'activity', items: [entry('activity')] },
  { key: 'bookmarks', items: [], bookmarks: 'bookmarks' },
  { key: 'folders', items: [entry('folders')] },
  { key: 'administration', items: [entry('users')] },
];
const keys = (sections: NavSection[]) => sections.map((s) => [s.key, s.items.map((i) => i.key)]);

describe('feature sets (spec §2 /export and /browse)', () => {
  it('keeps the rich navigation whole', () => {
    expect(limitNavigation(RICH, 'rich')).toBe(RICH);
  });

  it('browses: search, bookmarks and folders, no upload', () => {
    expect(keys(limitNavigation(RICH, 'browse'))).toEqual([
      ['workspace', ['search']],
      ['bookmarks', []],
      ['folders', ['folders']],
    ]);
    expect([showsUpload('browse'), showsBookmarks('browse')]).toEqual([false, true]);
  });

  it('exports: folders to upload into and the activity that follows the uploads', () => {
    expect(keys(limitNavigation(RICH, 'export'))).toEqual([
      ['activity', ['activity']],
      ['folders', ['folders']],
    ]);
    expect([showsUpload('export'), showsBookmarks('export')]).toEqual([true, false]);
  });
});
