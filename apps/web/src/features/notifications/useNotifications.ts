import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccountEvents } from '../../api/events.ts';
import { notificationsApi, type MailSetting } from '../../api/notifications.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/**
 * The newest notifications and the unread count, kept current by the event stream (no polling):
 * a notification refreshes them, and My tasks and comments with them (it may be an assignment).
 */
export function useNotifications() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...queryKeys.notifications, 'list'],
    queryFn: ({ signal }) => notificationsApi.list(signal),
  });
  useAccountEvents(() => {
    void client.invalidateQueries({ queryKey: queryKeys.notifications });
    void client.invalidateQueries({ queryKey: queryKeys.comments });
  });
  const read = useMutation({
    mutationFn: (ids?: string[]) => notificationsApi.read(ids),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
  return { list, read };
}

export function useMailSettings() {
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: ({ signal }) => notificationsApi.settings(signal),
  });
  const save = useMutation({
    mutationFn: (changed: MailSetting[]) => notificationsApi.saveSettings(changed),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.notificationSettings, saved);
    },
  });
  return { settings, save };
}
