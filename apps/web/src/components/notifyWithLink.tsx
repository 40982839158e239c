import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { NavigateFunction } from 'react-router';

let shown = 0;

/**
 * A success notification with a link. Notifications show outside the router, so the link is a
 * plain one that a click follows through the router's `navigate` (a modified click opens a tab).
 */
export function notifySuccessWithLink(
  message: string,
  link: { label: string; to: string },
  navigate: NavigateFunction,
): void {
  const id = `with-link-${String(++shown)}`;
  notifications.show({
    id,
    color: 'teal',
    autoClose: 8000,
    message: (
      <Stack gap={2}>
        <Text size="sm">{message}</Text>
        <Anchor
          href={link.to}
          size="sm"
          onClick={(event) => {
            if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            notifications.hide(id);
            void navigate(link.to);
          }}
        >
          {link.label}
        </Anchor>
      </Stack>
    ),
  });
}
