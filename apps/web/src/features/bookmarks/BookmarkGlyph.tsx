import { defaultBookmarkIcon, type BookmarkIcon } from '@skald/domain';
import type { Bookmark } from '../../api/bookmarks.ts';
import {
  IconBallFootball,
  IconBookmark,
  IconCalendar,
  IconFile,
  IconFlag,
  IconFolder,
  IconHeart,
  IconMovie,
  IconMusic,
  IconNews,
  IconPhoto,
  IconPin,
  IconSearch,
  IconStar,
  IconTrash,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

const GLYPHS: Readonly<Record<BookmarkIcon, Icon>> = {
  bookmark: IconBookmark,
  star: IconStar,
  heart: IconHeart,
  flag: IconFlag,
  pin: IconPin,
  folder: IconFolder,
  video: IconMovie,
  audio: IconMusic,
  image: IconPhoto,
  file: IconFile,
  person: IconUser,
  search: IconSearch,
  news: IconNews,
  sport: IconBallFootball,
  calendar: IconCalendar,
  trash: IconTrash,
};

/** The icon a bookmark shows: its own, or its kind's. */
export const iconOf = (bookmark: Pick<Bookmark, 'icon' | 'kind'>): BookmarkIcon =>
  bookmark.icon ?? defaultBookmarkIcon(bookmark.kind);

/** One of the bookmark icons, decorative: the bookmark's title names it. */
export function BookmarkGlyph({ icon, size = 18 }: { icon: BookmarkIcon; size?: number }) {
  const Glyph = GLYPHS[icon];
  return <Glyph size={size} stroke={1.6} aria-hidden />;
}
