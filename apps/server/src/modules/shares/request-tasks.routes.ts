import { TASK_STATUSES } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { authOf } from '../../plugins/auth.ts';
import { taskCountsSchema } from '../../lib/schemas.ts';
import type { RequestTasksService } from './request-tasks.service.ts';

const userRef = z.object({ id: z.string(), name: z.string() });

export const requestTaskSchema = z
  .object({
    id: z.string().meta({ description: "The upload request's id (GET /api/v1/shares/{id})" }),
    kind: z.enum(['uploadRequest']),
    status: z.enum(TASK_STATUSES),
    title: z.string(),
    owner: userRef.nullable(),
    folderId: z.string().nullable(),
    received: z.number().meta({ description: 'Files that arrived through it' }),
    maxUses: z.number(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'RequestTask' });

export function registerRequestTaskRoutes(app: App, s: { requests: RequestTasksService }): void {
  app.get(
    '/api/v1/tasks/requests',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['tasks'],
        summary:
          "My tasks' requests: the caller's upload requests (scope=all: everyone's, with task.listAll), newest first, " +
          'with the §4 status of each and the count of each status',
        querystring: z.object({
          ...pagingQuery,
          scope: z.enum(['mine', 'all']).default('mine'),
          status: z.enum(TASK_STATUSES).optional(),
        }),
        response: { 200: pageSchema(requestTaskSchema).extend({ counts: taskCountsSchema }) },
      },
    },
    (request) => {
      const { scope, status, ...q } = request.query;
      return s.requests.list(authOf(request), { scope, status }, q);
    },
  );
}
