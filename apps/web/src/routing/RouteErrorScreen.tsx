import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PATHS } from './paths.ts';
import { isChunkLoadError } from './preloadRecovery.ts';
import { reloadPage } from './reloadPage.ts';

/** The router's error element: a screen that failed to load (after the one automatic reload) or threw. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  const title = chunk ? t('chunk.title') : notFound ? t('notFound.title') : t('crash.title');
  const description = chunk
    ? t('chunk.description')
    : notFound
      ? t('notFound.description')
      : t('crash.description');

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={520} role="alert">
        <Stack align="center" ta="center">
          <ThemeIcon size={48} radius="xl" color="orange" variant="light">
            <IconAlertTriangle />
          </ThemeIcon>
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{description}</Text>
          <Group>
            <Button leftSection={<IconRefresh size={16} />} onClick={reloadPage}>
              {t('reload')}
            </Button>
            <Button variant="default" component="a" href={PATHS.searchItem}>
              {t('goHome')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
