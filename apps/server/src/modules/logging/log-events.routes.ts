import { LOG_EVENT_LIMITS } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { noContent } from '../../lib/answers.ts';
import { pageSchema } from '../../lib/paging.ts';
import { idParams } from '../../lib/schemas.ts';
import { userText } from '../../lib/user-text.ts';
import { authOf } from '../../plugins/auth.ts';
import type { LogEventsService } from './log-events.service.ts';

const tags = ['logging'];
// Spec §6 ui.logging shows the Logging tab; writing also asks item.updateMetadata and the item's
// updatable-by list (the service: 403 with the spec's message).
const logging = { access: { permission: 'ui.logging' } } as const;

const millis = z.number().int().min(0).max(LOG_EVENT_LIMITS.timeMaxMs);
// Values are checked against their form's fields by the domain (validateFormValues); here only their size.
const fieldValue = z.union([
  z.string().max(10_000),
  z.boolean(),
  z.array(z.string().max(200)).max(1000),
  z.record(z.string(), z.unknown()),
  z.null(),
]);
const values = z.record(z.string().max(64), fieldValue);
const text = userText({ max: LOG_EVENT_LIMITS.textMax, min: 0, multiline: true });

const logEventSchema = z
  .object({
    id: z.string(),
    itemId: z.string(),
    formId: z.string().meta({ description: 'The metadata form the event was made with: its type' }),
    startMs: z.number(),
    endMs: z.number().nullable(),
    text: z.string(),
    values: z.record(z.string(), z.unknown()).meta({ description: 'field id → value of the form' }),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'LogEvent' });

const logEventHitSchema = z
  .object({
    id: z.string(),
    formId: z.string(),
    text: z.string(),
    startMs: z.number(),
    item: z.object({ id: z.string(), title: z.string(), itemType: z.string() }),
  })
  .meta({ id: 'LogEventHit' });

export function registerLogEventRoutes(app: App, s: { logEvents: LogEventsService }): void {
  app.get(
    '/api/v1/items/:id/log-events',
    {
      config: logging,
      schema: {
        tags,
        summary: `An item's log events in time order (at most ${String(LOG_EVENT_LIMITS.perItem)})`,
        params: idParams,
        response: { 200: z.object({ items: z.array(logEventSchema), total: z.number() }) },
      },
    },
    async (request) => {
      const items = await s.logEvents.list(authOf(request), request.params.id);
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/v1/items/:id/log-events',
    {
      config: logging,
      schema: {
        tags,
        summary:
          'Log an event on the item’s timeline with a form and its values; written to the item’s history',
        params: idParams,
        body: z.object({
          formId: z.string().min(1).max(64),
          startMs: millis,
          endMs: millis.nullable().optional(),
          text: text.optional(),
          values: values.optional(),
        }),
        response: { 201: logEventSchema },
        errors: [403],
      },
    },
    async (request, reply) =>
      reply.status(201).send(await s.logEvents.create(authOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/v1/log-events/search',
    {
      config: logging,
      schema: {
        tags,
        summary:
          'Log events whose text holds q (case and accents ignored) on live items the caller can see, newest first; ' +
          'each opens its item at the event’s time',
        querystring: z.object({
          q: z.string().trim().min(2).max(200),
          from: z.coerce.number().int().min(0).max(100_000).default(0),
          itemsPerPage: z.coerce.number().int().min(1).max(50).default(50),
        }),
        response: { 200: pageSchema(logEventHitSchema) },
      },
    },
    (request) => {
      const { q, ...paging } = request.query;
      return s.logEvents.search(authOf(request), q, paging);
    },
  );

  app.patch(
    '/api/v1/log-events/:id',
    {
      config: logging,
      schema: {
        tags,
        summary: 'Change a log event’s times, text or values (values sent are merged, null clears one)',
        params: idParams,
        body: z.object({
          startMs: millis.optional(),
          endMs: millis.nullable().optional(),
          text: text.optional(),
          values: values.optional(),
        }),
        response: { 200: logEventSchema },
        errors: [403],
      },
    },
    (request) => s.logEvents.update(authOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/log-events/:id',
    {
      config: logging,
      schema: {
        tags,
        summary: 'Delete a log event',
        params: idParams,
        response: { 204: noContent },
        errors: [403],
      },
    },
    async (request, reply) => {
      await s.logEvents.delete(authOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
