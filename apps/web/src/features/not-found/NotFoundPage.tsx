import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../routing/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  return (
    <Stack align="center" py="xl" ta="center">
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={480}>
        {t('notFound.descriptionPath', { path: pathname })}
      </Text>
      <Button component={Link} to={PATHS.searchItem}>
        {t('goHome')}
      </Button>
    </Stack>
  );
}
