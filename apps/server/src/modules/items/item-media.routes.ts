import { z } from 'zod';
import type { App } from '../../app.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { authOf } from '../../plugins/auth.ts';
import { sendBlob } from './blob-reply.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ItemMediaService } from './item-media.service.ts';
import { fileAnswer } from '../../lib/answers.ts';

const tags = ['media'];

export function registerItemMediaRoutes(
  app: App,
  s: { itemMedia: ItemMediaService; blobs: BlobStore },
): void {
  app.get(
    '/api/v1/items/:id/media/*',
    {
      config: { access: 'authenticated' },
      // Media is compressed already, and ranges count bytes of the stored file.
      compress: false,
      schema: {
        tags,
        summary:
          "A rendition of the item's leading version (HLS playlist and segments, proxy, poster, strip, waveform)",
        params: z.object({
          id: z.uuid(),
          '*': z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/, 'not a rendition name'),
        }),
        errors: [416],
        response: { 200: fileAnswer('The rendition'), 206: fileAnswer('The requested range of it') },
      },
    },
    async (request, reply) => {
      const answer = await s.itemMedia.rendition(authOf(request), request.params.id, request.params['*']);
      return sendBlob(request, reply, s.blobs, answer.key, answer);
    },
  );

  app.get(
    '/api/v1/items/:id/download',
    {
      config: { access: { permission: 'item.downloadMedia' } },
      // The original as stored: byte ranges resume it, and most media would not shrink.
      compress: false,
      schema: {
        tags,
        summary: 'Download the original or the proxy of the leading (or a given) version',
        params: z.object({ id: z.uuid() }),
        querystring: z.object({
          kind: z.enum(['original', 'proxy']).default('original'),
          versionId: z.uuid().optional(),
        }),
        errors: [416],
        response: {
          200: fileAnswer('The file, as an attachment'),
          206: fileAnswer('The requested range of it'),
        },
      },
    },
    async (request, reply) => {
      const { kind, versionId } = request.query;
      const answer = await s.itemMedia.download(authOf(request), request.params.id, kind, versionId);
      return sendBlob(request, reply, s.blobs, answer.key, answer);
    },
  );

  app.get(
    '/api/v1/downloads',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's downloads, newest first (the activity monitor's download tab)",
        querystring: z.object(pagingQuery),
        response: {
          200: pageSchema(
            z
              .object({
                id: z.string(),
                itemId: z.string(),
                title: z.string(),
                kind: z.enum(['original', 'proxy']),
                filename: z.string(),
                size: z.number(),
                createdAt: z.string(),
              })
              .meta({ id: 'Download' }),
          ),
        },
      },
    },
    (request) => s.itemMedia.downloads(authOf(request), request.query),
  );
}
