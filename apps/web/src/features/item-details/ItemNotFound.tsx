import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../routing/paths.ts';

/** An item that does not exist, or that the user may not see (the server answers both with 404). */
export function ItemNotFound() {
  const { t } = useTranslation('itemDetails');
  return (
    <Stack align="center" py="xl" ta="center" data-testid="item-not-found">
      <ThemeIcon variant="light" color="gray" size={56} radius="xl">
        <IconFileUnknown size={30} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={480}>
        {t('notFound.description')}
      </Text>
      <Button component={Link} to={PATHS.searchItem}>
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
