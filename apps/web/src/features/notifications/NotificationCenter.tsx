import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notificationLink } from '@skald/domain';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '../../api/notifications.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { useNotifications } from './useNotifications.ts';

/** The header's notification centre (spec §3): the unread count, the newest, read one or all (§4). */
export function NotificationCenter() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const { list, read } = useNotifications();
  const unread = list.data?.unreadCount ?? 0;
  const items = list.data?.items ?? [];

  const open = (n: Notification) => {
    if (!n.read) read.mutate([n.id]);
    setOpened(false);
    void navigate(notificationLink(n.kind, n.payload));
  };

  return (
    // The count sits on the bell, outside the popover's target: the ARIA of the popover goes on the button.
    <Indicator label={unread} size={16} disabled={unread === 0} offset={4} data-testid="notification-count">
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withArrow>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? t('openUnread', { count: unread }) : t('open')}
            onClick={() => {
              setOpened((o) => !o);
            }}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} data-testid="notification-center">
          <Group justify="space-between" px="md" py="xs">
            <Text fw={600} size="sm" component="h2">
              {t('title')}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={unread === 0}
              loading={read.isPending}
              onClick={() => {
                read.mutate(undefined);
              }}
            >
              {t('markAll')}
            </Button>
          </Group>
          <ScrollArea.Autosize mah={420}>
            {items.length === 0 ? (
              <Text size="sm" c="dimmed" px="md" pb="md">
                {t('empty')}
              </Text>
            ) : (
              <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {items.map((n) => (
                  <li key={n.id}>
                    <NotificationEntry notification={n} onOpen={open} />
                  </li>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function NotificationEntry({
  notification: n,
  onOpen,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
}) {
  const { t } = useTranslation('notifications');
  const format = useFormatters();
  const words = t(`kinds.${n.kind}`, {
    actor: n.payload.actorName ?? '',
    item: n.payload.itemTitle ?? '',
  });
  return (
    <UnstyledButton
      w="100%"
      px="md"
      py="xs"
      data-testid="notification"
      data-read={n.read || undefined}
      onClick={() => {
        onOpen(n);
      }}
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        background: n.read ? undefined : 'var(--mantine-primary-color-light)',
      }}
    >
      <Text size="sm" fw={n.read ? 400 : 600}>
        {words}
        {!n.read && <VisuallyHidden> {t('unread')}</VisuallyHidden>}
      </Text>
      {n.payload.excerpt && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {n.payload.excerpt}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {format.dateTime(n.createdAt)}
      </Text>
    </UnstyledButton>
  );
}
