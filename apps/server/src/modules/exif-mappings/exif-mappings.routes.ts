import { z } from 'zod';
import type { App } from '../../app.ts';
import { noContent } from '../../lib/answers.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ExifMappingsService } from './exif-mappings.service.ts';

const tags = ['forms'];
// Mappings are part of the metadata form editor, a settings area of the tenant administrator.
const admin = { access: 'tenantAdmin' } as const;

const mappingSchema = z
  .object({
    id: z.string(),
    exifPath: z.string(),
    formId: z.string(),
    fieldId: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ExifMapping' });

const jobSchema = z
  .object({
    jobId: z.string(),
    state: z.enum(['queued', 'active', 'completed', 'failed']),
    progress: z.number(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ExifReapplyJob' });

export function registerExifMappingRoutes(app: App, s: { exif: ExifMappingsService }): void {
  app.get(
    '/api/v1/exif-mappings',
    {
      config: admin,
      schema: {
        tags,
        summary: "The tenant's EXIF mappings: an EXIF path to a form field",
        response: { 200: z.object({ items: z.array(mappingSchema), total: z.number() }) },
      },
    },
    async (request) => {
      const items = await s.exif.list(authOf(request));
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/v1/exif-mappings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Map an EXIF path to a form field; new pictures get its value at ingest',
        body: z.object({
          exifPath: z.string().max(300),
          formId: z.string().max(64),
          fieldId: z.string().max(64),
        }),
        response: { 201: mappingSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await s.exif.create(authOf(request), request.body)),
  );

  app.delete(
    '/api/v1/exif-mappings/:id',
    {
      config: admin,
      schema: { tags, summary: 'Remove an EXIF mapping', params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await s.exif.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/exif-mappings/apply',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Re-apply the mappings to every picture (a job): each mapped field the picture's EXIF has a value for is set",
        response: { 202: jobSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await s.exif.reapply(authOf(request))),
  );

  app.get(
    '/api/v1/exif-mappings/jobs/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The state and progress of a re-apply job',
        params: z.object({ id: z.string().max(200) }),
        response: { 200: jobSchema },
      },
    },
    (request) => s.exif.job(authOf(request), request.params.id),
  );
}
