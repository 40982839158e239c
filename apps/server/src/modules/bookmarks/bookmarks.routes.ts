import {
  BOOKMARK_ICONS,
  BOOKMARK_KINDS,
  BOOKMARK_SCOPES,
  BOOKMARK_VISIBILITY_LEVELS,
  MESSAGES,
  SEARCH_FILTER_TYPES,
} from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { idParams } from '../../lib/schemas.ts';
import { lineText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import type { BookmarksService } from './bookmarks.service.ts';
import { noContent } from '../../lib/answers.ts';

const tags = ['bookmarks'];
// Spec §6: every bookmark route needs general.bookmarks; system bookmarks also need the manage
// permission, which the service checks per bookmark.
const access = {
  access: { permission: 'general.bookmarks', message: MESSAGES.noBookmarksPermission },
} as const;

const visibilitySchema = z.object({
  level: z.enum(BOOKMARK_VISIBILITY_LEVELS),
  groupIds: z.array(z.string()).max(200).readonly(),
});

const bookmarkSchema = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    ownerId: z.string().nullable(),
    title: z.string(),
    kind: z.enum(BOOKMARK_KINDS),
    target: z.string(),
    icon: z.enum(BOOKMARK_ICONS).nullable(),
    scope: z.enum(BOOKMARK_SCOPES),
    visibility: visibilitySchema.nullable(),
    filterType: z.enum(SEARCH_FILTER_TYPES).nullable(),
    position: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    canEdit: z.boolean(),
  })
  .meta({ id: 'Bookmark' });

// Titles and targets are checked by the domain's validateBookmark, which words the spec's messages.
const bookmarkInput = z.object({
  title: lineText,
  kind: z.enum(BOOKMARK_KINDS),
  target: lineText,
  icon: z.enum(BOOKMARK_ICONS).nullable(),
  scope: z.enum(BOOKMARK_SCOPES),
  visibility: visibilitySchema.nullable(),
});

export function registerBookmarkRoutes(app: App, s: { bookmarks: BookmarksService }): void {
  app.get(
    '/api/v1/bookmarks',
    {
      config: access,
      schema: {
        tags,
        summary:
          'The bookmarks the caller sees: system ones first, then their own, each by position and title. ' +
          'view=manage (system bookmark managers) adds the hidden system bookmarks and those of other groups',
        querystring: z.object({
          ...pagingQuery,
          view: z.enum(['navigation', 'manage']).default('navigation'),
        }),
        response: { 200: pageSchema(bookmarkSchema) },
      },
    },
    (request) => {
      const { view, ...q } = request.query;
      return s.bookmarks.list(authOf(request), view, q);
    },
  );

  app.post(
    '/api/v1/bookmarks',
    {
      config: access,
      schema: {
        tags,
        summary: 'Bookmark a page, folder, item or person, or save a search as a filter',
        body: bookmarkInput.partial({ icon: true, scope: true, visibility: true }),
        response: { 201: bookmarkSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await s.bookmarks.create(authOf(request), request.body)),
  );

  app.post(
    '/api/v1/bookmarks/reorder',
    {
      config: access,
      schema: {
        tags,
        summary: 'Order bookmarks of one list (the caller’s own, or the system ones) as given',
        body: z.object({ ids: z.array(z.uuid()).min(1).max(500) }),
        errors: [404],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.bookmarks.reorder(authOf(request), request.body.ids);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/v1/bookmarks/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Rename a bookmark, change what it points at, its icon, scope or visibility',
        params: idParams,
        body: bookmarkInput.partial(),
        response: { 200: bookmarkSchema },
      },
    },
    (request) => s.bookmarks.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/bookmarks/:id',
    {
      config: access,
      schema: { tags, summary: 'Delete a bookmark', params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await s.bookmarks.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
