import { Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label ?? t('loading')}</Text>
      </Group>
    </Center>
  );
}
