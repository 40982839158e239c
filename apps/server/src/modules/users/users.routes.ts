import { z } from 'zod';
import type { App } from '../../app.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { permissionListSchema, roleListSchema } from '../../lib/permission-schema.ts';
import { emailSchema, idParams, nameSchema, passwordSchema } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import { userSchema } from './users.presenter.ts';
import type { UsersService } from './users.service.ts';
import { accepted, noContent } from '../../lib/answers.ts';

const tags = ['users'];
const access = { access: 'tenantAdmin' } as const;

export function registerUserRoutes(app: App, s: { usersAdmin: UsersService }): void {
  app.get(
    '/api/v1/users',
    {
      config: access,
      schema: {
        tags,
        summary: "List the tenant's users",
        querystring: z.object({
          ...pagingQuery,
          search: z.string().trim().max(200).optional(),
          includeHidden: z.stringbool().default(false),
        }),
        response: { 200: pageSchema(userSchema) },
      },
    },
    (request) => s.usersAdmin.list(authOf(request), request.query),
  );

  app.get(
    '/api/v1/users/directory',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The tenant's active, not hidden users by name (id and name only), for any signed-in user",
        querystring: z.object({ ...pagingQuery, search: z.string().trim().max(200).optional() }),
        response: { 200: pageSchema(z.object({ id: z.string(), name: z.string() })) },
      },
    },
    (request) => s.usersAdmin.directory(authOf(request), request.query),
  );

  app.post(
    '/api/v1/users',
    {
      config: access,
      schema: {
        tags,
        summary: 'Create a user (optionally e-mailing a one-time sign-in link)',
        body: z.object({
          email: emailSchema,
          name: nameSchema,
          password: passwordSchema.optional(),
          groupIds: z.array(z.uuid()).max(200).optional(),
          permissions: permissionListSchema.optional(),
          roles: roleListSchema.optional(),
          invite: z.boolean().optional(),
        }),
        errors: [409],
        response: { 201: userSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await s.usersAdmin.create(authOf(request), request.body)),
  );

  app.get(
    '/api/v1/users/:id',
    {
      config: access,
      schema: { tags, summary: 'One user', params: idParams, response: { 200: userSchema } },
    },
    (request) => s.usersAdmin.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/users/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Edit groups, permissions, roles; activate or deactivate; hide or show',
        params: idParams,
        body: z.object({
          name: nameSchema.optional(),
          groupIds: z.array(z.uuid()).max(200).optional(),
          permissions: permissionListSchema.optional(),
          roles: roleListSchema.optional(),
          active: z.boolean().optional(),
          hidden: z.boolean().optional(),
        }),
        response: { 200: userSchema },
      },
    },
    (request) => s.usersAdmin.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/users/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Delete a user (not external users)',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.usersAdmin.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/users/:id/logout',
    {
      config: access,
      schema: {
        tags,
        summary: 'End every session of a user (not external users)',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.usersAdmin.logout(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/users/:id/invite',
    {
      config: access,
      schema: {
        tags,
        summary: 'E-mail a fresh one-time sign-in link',
        params: idParams,
        response: { 202: accepted },
      },
    },
    async (request, reply) => {
      await s.usersAdmin.invite(authOf(request), request.params.id);
      return reply.status(202).send({ status: 'accepted' });
    },
  );
}
