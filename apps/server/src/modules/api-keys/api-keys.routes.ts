import { MESSAGES } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { idParams } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import { noContent } from '../../lib/answers.ts';
import { EXPIRY_PATTERN } from './api-key-expiry.ts';

const tags = ['api keys'];
const access = { access: { permission: 'general.apiKeys', message: MESSAGES.noApiKeyPermission } } as const;
const apiKeySchema = z
  .object({
    id: z.string(),
    label: z.string(),
    identifier: z.string(),
    status: z.enum(['active', 'inactive']),
    expiresAt: z.string().nullable(),
    maxInactiveDays: z.number().nullable(),
    lastUsedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ApiKey' });
const label = userText({ max: 200 });
// Read by parseExpiry, which answers the spec's messages ('Please select a date'); the document says the format.
const expiresAt = z
  .string()
  .max(40)
  .meta({
    description: 'YYYY-MM-DD (valid through that day, UTC) or an ISO-8601 date-time; null for no expiry',
    pattern: EXPIRY_PATTERN.source,
  })
  .nullable();
const maxInactiveDays = z.number().int().min(1).max(3650).nullable();

export function registerApiKeyRoutes(app: App, s: { apiKeys: ApiKeysService }): void {
  app.get(
    '/api/v1/api-keys',
    {
      config: access,
      schema: {
        tags,
        summary: 'Your API keys',
        querystring: z.object(pagingQuery),
        response: { 200: pageSchema(apiKeySchema) },
      },
    },
    (request) => s.apiKeys.list(authOf(request), request.query),
  );

  app.post(
    '/api/v1/api-keys',
    {
      config: access,
      schema: {
        tags,
        summary: 'Create an API key; the secret is in this answer only',
        description:
          'Without expiresAt the key never expires; without maxInactiveDays it has no inactivity limit.',
        // Left out means none (spec §3: "indefinite"), as null does.
        body: z.object({
          label,
          expiresAt: expiresAt.default(null),
          maxInactiveDays: maxInactiveDays.default(null),
        }),
        response: { 201: z.object({ apiKey: apiKeySchema, secret: z.string() }) },
      },
    },
    async (request, reply) => reply.status(201).send(await s.apiKeys.create(authOf(request), request.body)),
  );

  app.patch(
    '/api/v1/api-keys/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Update or toggle an API key (any update resets its unused timer)',
        params: idParams,
        body: z.object({
          label: label.optional(),
          active: z.boolean().optional(),
          expiresAt: expiresAt.optional(),
          maxInactiveDays: maxInactiveDays.optional(),
        }),
        response: { 200: apiKeySchema },
      },
    },
    (request) => s.apiKeys.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/api-keys/:id',
    {
      config: access,
      schema: { tags, summary: 'Delete an API key', params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await s.apiKeys.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
