import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { fileAnswer, noContent } from '../../lib/answers.ts';
import { pageSchema, pagingQuery } from '../../lib/paging.ts';
import { idParams } from '../../lib/schemas.ts';
import { authOf } from '../../plugins/auth.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { sendBlob } from '../items/blob-reply.ts';
import { faceSettingsSchema } from './face-settings.ts';
import type { PersonsService } from './persons.service.ts';

const tags = ['persons'];

const personSchema = z
  .object({
    id: z.string(),
    itemType: z.literal('person'),
    name: z.string().nullable(),
    unknown: z.boolean(),
    publicFigure: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Person' });
const personImageSchema = z
  .object({
    id: z.string(),
    personId: z.string(),
    url: z.string(),
    itemId: z.string().nullable().describe('Where the face was found; null for an uploaded picture'),
    startMs: z.number().nullable(),
    source: z.enum(['detected', 'uploaded']),
  })
  .meta({ id: 'PersonImage' });
const personDetailsSchema = personSchema
  .extend({ imageIds: z.array(z.string()), images: z.array(personImageSchema) })
  .meta({ id: 'PersonDetails' });
const appearanceSchema = z
  .object({
    item: z.object({ id: z.string(), title: z.string(), itemType: z.string() }),
    moments: z.array(z.object({ id: z.string(), kind: z.enum(['face', 'celebrity']), startMs: z.number() })),
  })
  .meta({ id: 'PersonAppearance' });
const personName = z.string().trim().min(1).max(200);

/** The picture types an uploaded person image may have, and its largest size. */
export const PERSON_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const PERSON_PICTURE_MAX_BYTES = 10 * 1024 * 1024;

export function registerPersonsRoutes(app: App, s: { persons: PersonsService; blobs: BlobStore }): void {
  app.post(
    '/api/v1/persons',
    {
      config: { access: { permission: 'person.create' } },
      schema: {
        tags,
        summary: 'Create a person by hand (spec §6 person.create): named, and an item of type person',
        body: z.object({ name: personName, publicFigure: z.boolean().default(false) }),
        response: { 201: personDetailsSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await s.persons.create(authOf(request), request.body)),
  );

  void app.register((plain, _options, done) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The picture is the body, as its own content type (no multipart).
    scope.addContentTypeParser(
      [...PERSON_PICTURE_TYPES],
      { parseAs: 'buffer', bodyLimit: PERSON_PICTURE_MAX_BYTES },
      (_request, body, next) => {
        next(null, body);
      },
    );
    scope.post(
      '/api/v1/persons/:id/images',
      {
        config: { access: { permission: 'person.update' } },
        bodyLimit: PERSON_PICTURE_MAX_BYTES,
        schema: {
          tags,
          summary:
            'Add a picture of the person (JPEG, PNG or WebP, at most 10 MB): its largest face becomes a person image that detection matches against (400 naming image when none is found)',
          params: idParams,
          consumes: [...PERSON_PICTURE_TYPES],
          body: z
            .custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, { message: 'a picture is required' })
            .meta({
              type: 'string',
              format: 'binary',
            }),
          response: { 201: personImageSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await s.persons.addImage(authOf(request), request.params.id, request.body)),
    );
    done();
  });

  app.delete(
    '/api/v1/persons/:id/images/:imageId',
    {
      config: { access: { permission: 'person.update' } },
      schema: {
        tags,
        summary:
          'Take an image from the person: an uploaded picture is removed; a face found in an item stays there but no longer shows or matches the person',
        params: idParams.extend({ imageId: z.uuid() }),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.persons.removeImage(authOf(request), request.params.id, request.params.imageId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/persons',
    {
      config: { access: { permission: 'ui.persons' } },
      schema: {
        tags,
        summary: 'Persons whose name holds q (case and accents ignored), named first, then unknown',
        querystring: z.object({ q: z.string().trim().max(200).optional(), ...pagingQuery }),
        response: { 200: pageSchema(personSchema) },
      },
    },
    (request) => {
      const { q, ...paging } = request.query;
      return s.persons.list(authOf(request), q || undefined, paging);
    },
  );

  app.get(
    '/api/v1/persons/:id',
    {
      config: { access: { permission: 'ui.persons' } },
      schema: {
        tags,
        summary: 'A person with their images (faces cut out of the items they appear in)',
        params: idParams,
        response: { 200: personDetailsSchema },
      },
    },
    (request) => s.persons.get(authOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/persons/:id',
    {
      config: { access: { permission: 'person.update' } },
      schema: {
        tags,
        summary: 'Name a person (every appearance takes the name) or mark them as a public figure',
        params: idParams,
        body: z
          .object({ name: personName.optional(), publicFigure: z.boolean().optional() })
          .refine((b) => b.name !== undefined || b.publicFigure !== undefined, {
            message: 'name or publicFigure is required',
            path: ['name'],
          }),
        response: { 200: personSchema },
      },
    },
    (request) => {
      const { name, publicFigure } = request.body;
      return s.persons.update(authOf(request), request.params.id, {
        ...(name === undefined ? {} : { name }),
        ...(publicFigure === undefined ? {} : { publicFigure }),
      });
    },
  );

  app.post(
    '/api/v1/persons/:id/merge',
    {
      config: { access: { permission: 'person.merge' } },
      schema: {
        tags,
        summary: "Merge another person into this one: their faces become this person's, the other is removed",
        params: idParams,
        body: z.object({ personId: z.uuid() }),
        response: { 200: personSchema },
      },
    },
    (request) => s.persons.merge(authOf(request), request.params.id, request.body.personId),
  );

  app.delete(
    '/api/v1/persons/:id',
    {
      config: { access: { permission: 'person.delete' } },
      schema: {
        tags,
        summary: "Delete a person; their faces stay as no one's",
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await s.persons.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/persons/:id/appearances',
    {
      config: { access: { permission: 'ui.persons' } },
      schema: {
        tags,
        summary: 'The items the caller can see where the person appears, each with its face moments',
        params: idParams,
        response: { 200: z.object({ items: z.array(appearanceSchema) }) },
      },
    },
    async (request) => ({ items: await s.persons.appearances(authOf(request), request.params.id) }),
  );

  app.get(
    '/api/v1/persons/:id/images/:imageId',
    {
      config: { access: { permission: 'ui.persons' } },
      schema: {
        tags,
        summary: 'A person image (JPEG)',
        params: idParams.extend({ imageId: z.uuid() }),
        response: { 200: fileAnswer('The face cut out') },
      },
    },
    async (request, reply) => {
      const key = await s.persons.image(authOf(request), request.params.id, request.params.imageId);
      return sendBlob(request, reply, s.blobs, key, { contentType: 'image/jpeg' });
    },
  );

  app.get(
    '/api/v1/tenant/face-settings',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary: 'Face-match confidence and unknown-person registration (spec §3 tenant config), in percent',
        response: { 200: faceSettingsSchema },
      },
    },
    (request) => s.persons.settings(authOf(request)),
  );

  app.put(
    '/api/v1/tenant/face-settings',
    {
      config: { access: 'tenantAdmin' },
      schema: {
        tags,
        summary: 'Set face-match confidence and unknown-person registration, in percent',
        body: faceSettingsSchema,
        response: { 200: faceSettingsSchema },
      },
    },
    (request) => s.persons.setSettings(authOf(request), request.body),
  );
}
