import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS } from '@skald/domain';
import { z } from 'zod';
import type { App } from '../../app.ts';
import { pageSchema } from '../../lib/paging.ts';
import { authOf } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const access = { access: 'authenticated' } as const;

const payloadSchema = z
  .object({
    itemId: z.string().optional(),
    itemTitle: z.string().optional(),
    commentId: z.string().optional(),
    startMs: z.number().nullable().optional(),
    actorName: z.string().optional(),
    excerpt: z.string().optional(),
    shareId: z.string().optional(),
  })
  .meta({ id: 'NotificationPayload' });

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    payload: payloadSchema,
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });

const unreadSchema = z.object({ unreadCount: z.number() });
const mailSettingSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS), mail: z.boolean() });
const mailSettingsSchema = z
  .object({ settings: z.array(mailSettingSchema) })
  .meta({ id: 'NotificationSettings' });

export function registerNotificationRoutes(app: App, s: { notifications: NotificationsService }): void {
  app.get(
    '/api/v1/notifications',
    {
      config: access,
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, and how many are unread',
        querystring: z.object({
          from: z.coerce.number().int().min(0).max(100_000).default(0),
          itemsPerPage: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.pageMax).default(20),
          unread: z.enum(['true', 'false']).default('false'),
        }),
        response: { 200: pageSchema(notificationSchema).extend(unreadSchema.shape) },
      },
    },
    (request) => {
      const { unread, ...q } = request.query;
      return s.notifications.list(authOf(request), unread === 'true', q);
    },
  );

  app.post(
    '/api/v1/notifications/read',
    {
      config: access,
      schema: {
        tags,
        summary: 'Mark notifications read: the ids given, or all of them with { all: true }',
        body: z.union([
          z.object({ ids: z.array(z.uuid()).min(1).max(NOTIFICATION_LIMITS.readMax) }).strict(),
          z.object({ all: z.literal(true) }).strict(),
        ]),
        response: { 200: unreadSchema },
      },
    },
    (request) => {
      const body = request.body;
      return s.notifications.markRead(authOf(request), 'ids' in body ? body.ids : undefined);
    },
  );

  app.get(
    '/api/v1/me/notification-settings',
    {
      config: access,
      schema: {
        tags,
        summary: 'Whether each kind of notification is also e-mailed to the caller',
        response: { 200: mailSettingsSchema },
      },
    },
    async (request) => ({ settings: await s.notifications.mailSettings(authOf(request)) }),
  );

  app.put(
    '/api/v1/me/notification-settings',
    {
      config: access,
      schema: {
        tags,
        summary: 'Turn e-mail on or off per kind of notification (kinds not given keep their setting)',
        body: z.object({ settings: z.array(mailSettingSchema).max(NOTIFICATION_KINDS.length) }),
        response: { 200: mailSettingsSchema },
      },
    },
    async (request) => ({
      settings: await s.notifications.setMailSettings(authOf(request), request.body.settings),
    }),
  );
}
