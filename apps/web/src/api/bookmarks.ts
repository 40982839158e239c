import type { BookmarkDraft, BookmarkView } from '@skald/domain';
import { apiRequest, postTo } from './client.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type Bookmark = Schema<'Bookmark'>;

/**
 * What the forms send: a draft, unchecked (the server checks it with the same domain rules). The
 * domain's draft must stay something the server reads.
 */
export type BookmarkInput = BookmarkDraft & ApiInput<'/api/v1/bookmarks', 'post'>;

// A navigation shows every bookmark the user sees, in one page.
const ALL = { from: 0, itemsPerPage: 500 };
const bookmarkPath = (id: string) => `/bookmarks/${encodeURIComponent(id)}`;

export const bookmarksApi = {
  list: (view: BookmarkView, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/bookmarks', 'get'>>('/bookmarks', { query: { ...ALL, view }, signal }),
  create: (input: BookmarkInput) =>
    apiRequest<ApiBody<'/api/v1/bookmarks', 'post'>>('/bookmarks', { method: 'POST', body: input }),
  update: (id: string, input: Partial<BookmarkInput>) =>
    apiRequest<ApiBody<'/api/v1/bookmarks/{id}', 'patch'>>(bookmarkPath(id), {
      method: 'PATCH',
      body: input,
    }),
  remove: (id: string) =>
    apiRequest<ApiBody<'/api/v1/bookmarks/{id}', 'delete'>>(bookmarkPath(id), { method: 'DELETE' }),
  /** Orders bookmarks of one list (the user's own, or the system ones) as given. */
  reorder: (ids: string[]) => postTo('/api/v1/bookmarks/reorder', { ids }),
};
