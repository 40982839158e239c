import { BULK_METADATA_MAX_ITEMS } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import type { BulkMetadataService } from './bulk-metadata.service.ts';

const tags = ['items'];
const target = { form: z.string().max(64), field: z.string().max(64) };
// Values are checked against their field by the domain (validateBulkOperations); here only their size.
const operation = z.discriminatedUnion('op', [
  z.object({
    ...target,
    op: z.literal('set'),
    value: z.union([z.string().max(10_000), z.boolean(), z.array(z.string().max(200)).max(1000), z.null()]),
  }),
  z.object({ ...target, op: z.literal('add'), value: z.array(z.string().max(200)).min(1).max(1000) }),
  z.object({ ...target, op: z.literal('clear') }),
]);

const bulkBody = z.object({
  itemIds: z.array(z.uuid()).min(1).max(BULK_METADATA_MAX_ITEMS).optional(),
  selection: z
    .object({
      searchString: z.string().max(1000).default(''),
      folderId: z.uuid().optional(),
      includeSubfolders: z.boolean().default(false),
    })
    .optional()
    .meta({
      description: 'Instead of itemIds: every live item this search finds (a folder: an empty searchString)',
    }),
  operations: z.array(operation).min(1).max(50),
});

const bulkRunSchema = z
  .object({
    id: z.string(),
    jobId: z.string().nullable(),
    state: z.enum(['queued', 'active', 'completed', 'failed']),
    progress: z.number(),
    total: z.number(),
    processed: z.number(),
    updated: z.number(),
    skipped: z.array(z.object({ id: z.string(), title: z.string().nullable() })),
    message: z
      .string()
      .nullable()
      .meta({ description: "'Failed to update: {list}' naming the skipped items" }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'BulkMetadataRun' });

export function registerBulkMetadataRoutes(app: App, s: { bulkMetadata: BulkMetadataService }): void {
  app.post(
    '/api/v1/items/bulk-metadata',
    {
      // Spec §6 general.bulkMetadataUpdate; each item's own update rights are checked by the job.
      config: { access: { permission: 'general.bulkMetadataUpdate' } },
      schema: {
        tags,
        summary:
          'Set, add to or clear form fields on many items: a job in the worker; items the caller may not update are skipped and listed',
        body: bulkBody,
        response: { 202: bulkRunSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await s.bulkMetadata.start(authOf(request), request.body)),
  );

  app.get(
    '/api/v1/items/bulk-metadata/:id',
    {
      config: { access: { permission: 'general.bulkMetadataUpdate' } },
      schema: {
        tags,
        summary: "A bulk metadata update's progress and the items it skipped",
        params: idParams,
        response: { 200: bulkRunSchema },
        errors: [404],
      },
    },
    (request) => s.bulkMetadata.get(authOf(request), request.params.id),
  );
}
