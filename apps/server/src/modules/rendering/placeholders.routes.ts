import { z } from 'zod';
import type { App } from '../../app.ts';
import { noContent } from '../../lib/answers.ts';
import { idParams } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import { formValuesInput } from '../items/form-values.schema.ts';
import { itemSchema } from '../items/items.schemas.ts';
import type { PlaceholdersService } from './placeholders.service.ts';
import { subclipRange } from './renders.routes.ts';

const tags = ['placeholders'];

const centralRenderSchema = z
  .object({
    renderId: z.string(),
    sourceItemId: z.string(),
    presetId: z.string(),
    inFrame: z.int(),
    outFrame: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'CentralRenderRequest' });

export function registerPlaceholderRoutes(app: App, s: { placeholders: PlaceholdersService }): void {
  app.post(
    '/api/v1/placeholders',
    {
      // Spec §6 item.createPlaceholder.
      config: { access: { permission: 'item.createPlaceholder' } },
      schema: {
        tags,
        summary:
          'Create a placeholder: an item in a folder before its media exists, with the values of the ' +
          'forms’ create placeholder view. Media reaches it later by copyMedia or a central render request',
        body: z.object({
          folderId: z.uuid(),
          itemType: z.enum(['video', 'audio', 'image', 'file']),
          title: userText({ max: 500 }),
          formValues: formValuesInput.optional(),
        }),
        errors: [404],
        response: { 201: itemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await s.placeholders.create(authOf(request), request.body)),
  );

  app.get(
    '/api/v1/items/:id/render-request',
    {
      config: { access: { permission: 'analytics.subclip' } },
      schema: {
        tags,
        summary:
          'The placeholder’s central render request (waiting, running or failed); 404 ‘No central render request found’',
        params: idParams,
        response: { 200: centralRenderSchema },
      },
    },
    (request) => s.placeholders.centralRender(authOf(request), request.params.id),
  );

  app.post(
    '/api/v1/items/:id/render-request',
    {
      config: { access: { permission: 'analytics.subclip' } },
      schema: {
        tags,
        summary:
          'A central render request for a placeholder: a frame range of a video item rendered through a ' +
          'preset, whose file becomes the placeholder’s media. A failed request before it is replaced',
        params: idParams,
        body: subclipRange.extend({ sourceItemId: z.uuid() }),
        errors: [409],
        response: {
          202: z.object({ renderId: z.string(), item: itemSchema }).meta({ id: 'CentralRenderStarted' }),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await s.placeholders.requestRender(authOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/v1/items/:id/render-request',
    {
      config: { access: { permission: 'analytics.subclip' } },
      schema: {
        tags,
        summary:
          'Delete the placeholder’s central render request while it waits or after it failed (spec §4); ' +
          '404 ‘No central render request found’, 409 ‘Error cancelling central render’ while it renders',
        params: idParams,
        errors: [409],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.placeholders.cancelRender(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/items/:id/copy-media',
    {
      // Spec §6 item.copyMedia; §4 a merge copies media from an existing item into a placeholder.
      config: { access: { permission: 'item.copyMedia' } },
      schema: {
        tags,
        summary:
          'Copy the media of an existing item into a placeholder, as a job: the copy becomes the ' +
          'placeholder’s first version and is processed as an upload. 503 ‘Failed to initiate copy of media’',
        params: idParams,
        body: z.object({ sourceItemId: z.uuid() }),
        errors: [409, 503],
        response: { 202: itemSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await s.placeholders.copyMedia(authOf(request), request.params.id, request.body.sourceItemId)),
  );
}
