import { z } from 'zod';
import type { App } from '../../app.ts';
import { accessInput, accessSchema, userRefSchema } from '../../lib/access-schema.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { idParams, nameSchema } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import type { FoldersService } from './folders.service.ts';
import { noContent } from '../../lib/answers.ts';

const tags = ['folders'];
const folderSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    isRoot: z.boolean(),
    path: z.array(z.object({ id: z.string(), name: z.string() })),
    owner: userRefSchema,
    visibleTo: accessSchema,
    updatableBy: accessSchema,
    createdAt: z.string(),
    canUpdate: z.boolean(),
    canDelete: z.boolean(),
  })
  .meta({ id: 'Folder' });

export function registerFolderRoutes(app: App, s: { folders: FoldersService }): void {
  app.get(
    '/api/v1/folders/root',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: "The tenant's root folder", response: { 200: folderSchema } },
    },
    (request) => s.folders.root(authOf(request)),
  );

  app.get(
    '/api/v1/folders/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'One folder, with its path from the root',
        params: idParams,
        response: { 200: folderSchema },
      },
    },
    (request) => s.folders.get(authOf(request), request.params.id),
  );

  app.get(
    '/api/v1/folders/:id/children',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The subfolders the caller can see, by name',
        params: idParams,
        querystring: z.object(pagingQuery),
        response: { 200: pageSchema(folderSchema) },
      },
    },
    (request) => s.folders.children(authOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/v1/folders',
    {
      config: { access: { permission: 'folder.create' } },
      schema: {
        tags,
        summary: 'Create a folder',
        body: z.object({
          name: nameSchema,
          parentId: z.uuid(),
          visibleTo: accessInput,
          updatableBy: accessInput,
        }),
        errors: [404, 409],
        response: { 201: folderSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await s.folders.create(authOf(request), request.body)),
  );

  app.patch(
    '/api/v1/folders/:id',
    {
      config: { access: { permission: 'folder.update' } },
      schema: {
        tags,
        summary: 'Rename, move or change the access of a folder',
        params: idParams,
        body: z.object({
          name: nameSchema.optional(),
          parentId: z.uuid().optional(),
          visibleTo: accessInput,
          updatableBy: accessInput,
        }),
        errors: [409],
        response: { 200: folderSchema },
      },
    },
    (request) => s.folders.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/folders/:id',
    {
      // Spec §6: the owner may delete a folder without folder.delete; the service checks.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Delete a folder; its items go to the recycle bin',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.folders.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
