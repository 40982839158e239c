import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where notifications appear: a chunk of its own, as the first paint shows none. */
export function NotificationsContainer() {
  return <Notifications position="bottom-right" />;
}
