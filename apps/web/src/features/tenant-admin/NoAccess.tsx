import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';

/** A screen the user may not open; the description says whose it is (the settings' by default). */
export function NoAccess({ description }: { description?: string }) {
  const { t } = useTranslation('errors');
  return (
    <Stack align="center" py="xl" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <IconLock />
      </ThemeIcon>
      <Title order={1} size="h3">
        {t('noAccess.title')}
      </Title>
      <Text c="dimmed" maw={460}>
        {description ?? t('noAccess.description')}
      </Text>
      <Button component={Link} to={PATHS.searchItem} variant="light">
        {t('goHome')}
      </Button>
    </Stack>
  );
}
