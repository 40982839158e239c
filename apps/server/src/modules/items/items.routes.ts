import { z } from 'zod';
import type { App } from '../../app.ts';
import { accessInput } from '../../lib/access-schema.ts';
import { noContent } from '../../lib/answers.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { idParams } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import {
  bulkDeleteSchema,
  bulkMoveSchema,
  historyEntrySchema,
  itemIdsSchema,
  itemSchema,
  itemSummarySchema,
} from './items.schemas.ts';
import type { ItemsService } from './items.service.ts';

const tags = ['items'];
const authenticated = { access: 'authenticated' } as const;
const titleSchema = userText({ max: 500 });

export function registerItemRoutes(app: App, s: { items: ItemsService }): void {
  app.get(
    '/api/v1/items',
    {
      config: authenticated,
      schema: {
        tags,
        summary: 'The items of a folder that the caller can see',
        querystring: z.object({
          folderId: z.uuid(),
          ...pagingQuery,
          sort: z.enum(['title', 'created', 'duration', 'type']).default('title'),
          order: z.enum(['asc', 'desc']).default('asc'),
        }),
        errors: [404],
        response: { 200: pageSchema(itemSummarySchema) },
      },
    },
    (request) => {
      const { folderId, ...q } = request.query;
      return s.items.list(authOf(request), folderId, q);
    },
  );

  app.get(
    '/api/v1/items/:id',
    {
      config: authenticated,
      schema: { tags, summary: 'One item', params: idParams, response: { 200: itemSchema } },
    },
    (request) => s.items.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/items/:id',
    {
      config: authenticated,
      schema: {
        tags,
        summary: 'Rename or describe an item, move it to another folder or change its access',
        params: idParams,
        body: z.object({
          title: titleSchema.optional(),
          description: userText({ max: 10_000, min: 0, multiline: true }).optional(),
          folderId: z.uuid().optional(),
          visibleTo: accessInput,
          updatableBy: accessInput,
        }),
        response: { 200: itemSchema },
      },
    },
    (request) => s.items.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/items/:id',
    {
      // Spec §6: the owner may delete without item.delete; the service checks.
      config: authenticated,
      schema: {
        tags,
        summary: 'Move an item to the recycle bin',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.items.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/items/move',
    {
      // Without item.move nothing can be moved: the whole request is refused, not each item.
      config: { access: { permission: 'item.move' } },
      schema: {
        tags,
        summary: 'Move several items to a folder; each failure is reported by id',
        body: z.object({ itemIds: itemIdsSchema, folderId: z.uuid() }),
        errors: [404],
        response: { 200: bulkMoveSchema },
      },
    },
    (request) => s.items.move(authOf(request), request.body.itemIds, request.body.folderId),
  );

  app.post(
    '/api/v1/items/delete',
    {
      config: authenticated,
      schema: {
        tags,
        summary: 'Move several items to the recycle bin; each failure is reported by id',
        body: z.object({ itemIds: itemIdsSchema }),
        response: { 200: bulkDeleteSchema },
      },
    },
    (request) => s.items.deleteMany(authOf(request), request.body.itemIds),
  );

  app.get(
    '/api/v1/recycle-bin',
    {
      config: authenticated,
      schema: {
        tags,
        summary: 'Deleted items the caller can see, most recently deleted first',
        querystring: z.object(pagingQuery),
        response: { 200: pageSchema(itemSummarySchema) },
      },
    },
    (request) => s.items.recycleBin(authOf(request), request.query),
  );

  app.post(
    '/api/v1/items/:id/restore',
    {
      // Spec §6: recoverDeleted, or the owner; the service checks.
      config: authenticated,
      schema: {
        tags,
        summary: 'Restore an item from the recycle bin',
        params: idParams,
        response: { 200: itemSchema },
      },
    },
    (request) => s.items.restore(authOf(request), request.params.id),
  );

  app.delete(
    '/api/v1/items/:id/permanent',
    {
      config: authenticated,
      schema: {
        tags,
        summary: 'Delete an item of the recycle bin and its media for good',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.items.deletePermanently(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/items/:id/versions/:versionId/promote',
    {
      config: { access: { permission: 'item.promote' } },
      schema: {
        tags,
        summary: 'Make an older version the leading one again',
        params: z.object({ id: z.uuid(), versionId: z.uuid() }),
        response: { 200: itemSchema },
      },
    },
    (request) => s.items.promote(authOf(request), request.params.id, request.params.versionId),
  );

  app.post(
    '/api/v1/items/:id/reprocess',
    {
      config: { access: { permission: 'item.reprocess' } },
      schema: {
        tags,
        summary: 'Run the media pipeline again',
        params: idParams,
        response: { 202: itemSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await s.items.reprocess(authOf(request), request.params.id)),
  );

  app.get(
    '/api/v1/items/:id/history',
    {
      config: { access: { permission: 'item.history' } },
      schema: {
        tags,
        summary: 'Who did what to the item, newest first',
        params: idParams,
        querystring: z.object(pagingQuery),
        response: { 200: pageSchema(historyEntrySchema) },
      },
    },
    (request) => s.items.history(authOf(request), request.params.id, request.query),
  );
}
