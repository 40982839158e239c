import { Anchor, Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageMenu } from '../components/LanguageMenu.tsx';
import { LoadingState } from '../components/LoadingState.tsx';
import { SkaldLogo } from '../components/SkaldLogo.tsx';
import { HELP_CENTER_URL } from '../config.ts';
import { NavigationPending } from '../routing/NavigationPending.tsx';
import { useHeadingFocus } from '../routing/useHeadingFocus.ts';

/** Sign-in, password reset and sign-in-code screens: one centred card, language switcher on top. */
export function PublicLayout() {
  const { t } = useTranslation('layout');
  useHeadingFocus();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" p="md">
        <SkaldLogo />
        <Group gap="xs">
          <NavigationPending />
          <LanguageMenu />
        </Group>
      </Group>
      <Center px="md" pb="xl">
        <Stack w="100%" maw={440} gap="md">
          <Paper withBorder shadow="sm" p="xl" component="main">
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </Paper>
          <Text size="sm" c="dimmed" ta="center">
            {t('publicFooter')}{' '}
            <Anchor href={HELP_CENTER_URL} target="_blank" rel="noopener noreferrer" size="sm">
              {t('helpCenter')}
            </Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
