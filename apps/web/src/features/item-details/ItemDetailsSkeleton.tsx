import { Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The item page's shape while the item loads. */
export function ItemDetailsSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Stack maw={1200} role="status" aria-live="polite" data-testid="item-details-loading">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <Skeleton height={14} width={220} />
      <Group justify="space-between">
        <Skeleton height={32} width="45%" />
        <Group gap="xs">
          <Skeleton height={36} width={120} />
          <Skeleton height={36} width={90} />
        </Group>
      </Group>
      <Skeleton height={20} width={260} />
      <Skeleton style={{ aspectRatio: '16 / 9' }} maw={960} />
      <Group gap="md">
        <Skeleton height={28} width={100} />
        <Skeleton height={28} width={100} />
        <Skeleton height={28} width={100} />
      </Group>
      <Skeleton height={180} />
    </Stack>
  );
}
