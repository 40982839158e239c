import { Button, Group, Paper, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown while items are selected: how many, what can be done to them all, and a way out. */
export function BulkBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('folders');
  return (
    <Paper
      withBorder
      px="md"
      py={6}
      bg="var(--mantine-color-blue-light)"
      role="toolbar"
      aria-label={t('select.toolbar')}
      data-testid="bulk-bar"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} aria-live="polite">
          {t('select.count', { count })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {children}
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} />}
            onClick={onClear}
          >
            {t('select.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
