import { Box, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ViewMode } from '../../components/items/viewMode.ts';

const PLACEHOLDERS = Array.from({ length: 12 }, (_, index) => index);

/** The shape of the results while the first page loads, in the view they will appear in. */
export function ResultsSkeleton({ view }: { view: ViewMode }) {
  const { t } = useTranslation('common');
  return (
    <Box p="md" role="status" aria-label={t('loading')} aria-busy data-testid="results-loading">
      {view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4, xl: 5 }} spacing="md">
          {PLACEHOLDERS.map((index) => (
            <Stack key={index} gap={6}>
              <Skeleton h={124} radius="md" />
              <Skeleton h={12} w="70%" />
              <Skeleton h={10} w="45%" />
            </Stack>
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="sm">
          {PLACEHOLDERS.map((index) => (
            <Group key={index} gap="sm" wrap="nowrap">
              <Skeleton h={36} w={64} radius="xs" />
              <Skeleton h={12} style={{ flex: 1 }} />
              <Skeleton h={12} w={90} />
            </Group>
          ))}
        </Stack>
      )}
    </Box>
  );
}
