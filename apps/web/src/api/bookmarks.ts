import type { Bookmark, BookmarkDraft, BookmarkView } from '@skald/domain';
import { apiRequest } from './client.ts';
import type { Page } from './types.ts';

export type { Bookmark } from '@skald/domain';

/** What the forms send: a draft, unchecked (the server checks it with the same domain rules). */
export type BookmarkInput = BookmarkDraft;

// A navigation shows every bookmark the user sees, in one page.
const ALL = { from: 0, itemsPerPage: 500 };
const bookmarkPath = (id: string) => `/bookmarks/${encodeURIComponent(id)}`;

export const bookmarksApi = {
  list: (view: BookmarkView, signal?: AbortSignal) =>
    apiRequest<Page<Bookmark>>('/bookmarks', { query: { ...ALL, view }, signal }),
  create: (input: BookmarkInput) => apiRequest<Bookmark>('/bookmarks', { method: 'POST', body: input }),
  update: (id: string, input: Partial<BookmarkInput>) =>
    apiRequest<Bookmark>(bookmarkPath(id), { method: 'PATCH', body: input }),
  remove: (id: string) => apiRequest<undefined>(bookmarkPath(id), { method: 'DELETE' }),
  /** Orders bookmarks of one list (the user's own, or the system ones) as given. */
  reorder: (ids: string[]) => apiRequest<undefined>('/bookmarks/reorder', { method: 'POST', body: { ids } }),
};
