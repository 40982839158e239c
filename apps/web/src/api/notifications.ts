import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput, Schema } from './schema.ts';

export type Notification = Schema<'Notification'>;
export type NotificationList = ApiBody<'/api/v1/notifications', 'get'>;
export type MailSetting = ApiInput<'/api/v1/me/notification-settings', 'put'>['settings'][number];

export const notificationsApi = {
  /** The newest notifications, one page: the centre shows these. */
  list: (signal?: AbortSignal) =>
    apiRequest<NotificationList>('/notifications', { query: { from: 0, itemsPerPage: 30 }, signal }),
  /** Marks these read, or all of them (ids undefined). */
  read: (ids?: string[]) =>
    apiRequest<ApiBody<'/api/v1/notifications/read', 'post'>>('/notifications/read', {
      method: 'POST',
      body: ids ? { ids } : { all: true },
    }),
  settings: (signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/me/notification-settings', 'get'>>('/me/notification-settings', { signal }),
  saveSettings: (settings: MailSetting[]) =>
    apiRequest<ApiBody<'/api/v1/me/notification-settings', 'put'>>('/me/notification-settings', {
      method: 'PUT',
      body: { settings },
    }),
};
