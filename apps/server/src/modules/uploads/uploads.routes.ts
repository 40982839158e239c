import { z } from 'zod';
import type { App } from '../../app.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { authOf } from '../../plugins/auth.ts';
import { UPLOADS_PATH, type UploadServer } from './upload-server.ts';
import type { UploadsRepository } from './uploads.repository.ts';
import { TUS_OPERATIONS } from './tus.schemas.ts';

const uploadSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    size: z.number(),
    offset: z.number(),
    state: z.enum(['uploading', 'complete', 'rejected', 'failed']),
    error: z.string().nullable(),
    folderId: z.string(),
    itemId: z.string().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'Upload' });

export function registerUploadRoutes(
  app: App,
  s: { uploadServer: UploadServer; uploadRows: UploadsRepository },
): void {
  void app.register((scope, _options, done) => {
    // tus streams the PATCH body into its store itself; Fastify must leave it unread.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, next) => {
      next(null);
    });
    for (const operation of TUS_OPERATIONS) {
      scope.route({
        ...operation,
        // Upload permissions (spec §5) are checked by the tus hooks, which know what is uploaded.
        config: { access: 'authenticated', swagger: { exposeHeadRoute: true } },
        handler: async (request, reply) => {
          const caller = authOf(request);
          reply.hijack();
          await s.uploadServer.handle(caller, request.raw, reply.raw);
        },
      });
    }
    done();
  });

  app.get(
    UPLOADS_PATH,
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['uploads'],
        summary: "The caller's uploads, newest first (the activity monitor's upload tab)",
        querystring: z.object(pagingQuery),
        response: { 200: pageSchema(uploadSchema) },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const page = await s.uploadRows.ofUser(caller.tenant.id, caller.user.id, request.query);
      return {
        ...page,
        items: page.items.map((u) => ({
          id: u.id,
          filename: u.filename,
          size: u.size,
          offset: u.received,
          state: u.state,
          error: u.error,
          folderId: u.folder_id,
          itemId: u.state === 'complete' ? u.item_id : null,
          createdAt: u.created_at,
          completedAt: u.completed_at,
        })),
      };
    },
  );
}
