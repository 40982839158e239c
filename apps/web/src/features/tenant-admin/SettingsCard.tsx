import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';

/**
 * One card of the system settings: an icon, a title and a description over the form of a setting
 * read by `settings`, with its loading and error states. The form is made anew (`key`) each time
 * the setting is read, so it starts from what is stored.
 */
export function SettingsCard<T>({
  id,
  icon,
  title,
  description,
  settings,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  description: string;
  settings: UseQueryResult<T>;
  children: (current: T) => ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          {icon}
          <Stack gap={2}>
            <Title order={2} size="h5" id={`${id}-title`}>
              {title}
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              {description}
            </Text>
          </Stack>
        </Group>
        {settings.isPending ? (
          <LoadingState />
        ) : settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <Fragment key={settings.dataUpdatedAt}>{children(settings.data)}</Fragment>
        )}
      </Stack>
    </Paper>
  );
}
