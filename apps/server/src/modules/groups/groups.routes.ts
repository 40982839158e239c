import { z } from 'zod';
import type { App } from '../../app.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { permissionListSchema, permissionSchema } from '../../lib/permission-schema.ts';
import { idParams, nameSchema } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import type { GroupsService } from './groups.service.ts';
import { noContent } from '../../lib/answers.ts';

const tags = ['groups'];
const access = { access: 'tenantAdmin' } as const;
const groupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    permissions: z.array(permissionSchema),
    isOrganisation: z.boolean(),
    memberCount: z.number(),
  })
  .meta({ id: 'Group' });

export function registerGroupRoutes(app: App, s: { groupsAdmin: GroupsService }): void {
  app.get(
    '/api/v1/groups',
    {
      config: access,
      schema: {
        tags,
        summary: "List the tenant's groups",
        querystring: z.object({ ...pagingQuery, search: z.string().trim().max(200).optional() }),
        response: { 200: pageSchema(groupSchema) },
      },
    },
    (request) => s.groupsAdmin.list(authOf(request), request.query),
  );

  app.post(
    '/api/v1/groups',
    {
      config: access,
      schema: {
        tags,
        summary: 'Create a group',
        body: z.object({ name: nameSchema, permissions: permissionListSchema.optional() }),
        errors: [409],
        response: { 201: groupSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await s.groupsAdmin.create(authOf(request), request.body)),
  );

  app.get(
    '/api/v1/groups/:id',
    {
      config: access,
      schema: { tags, summary: 'One group', params: idParams, response: { 200: groupSchema } },
    },
    (request) => s.groupsAdmin.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/groups/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Rename a group, set its permissions or its members',
        params: idParams,
        body: z.object({
          name: nameSchema.optional(),
          permissions: permissionListSchema.optional(),
          memberIds: z.array(z.uuid()).max(10_000).optional(),
        }),
        errors: [409],
        response: { 200: groupSchema },
      },
    },
    (request) => s.groupsAdmin.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/groups/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Delete a group (not the organisation group)',
        params: idParams,
        errors: [409],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.groupsAdmin.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
