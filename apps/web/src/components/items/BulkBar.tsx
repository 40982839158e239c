import { Button, Group, Paper, Text } from '@mantine/core';
import { IconFolderSymlink, IconTrash, IconX } from '@tabler/icons-react';
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
  const { t } = useTranslation('items');
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

/** The bulk bar's Move… and Delete (to the recycle bin), as the folder view and the search offer them. */
export function MoveDeleteButtons({
  onMove,
  onDelete,
}: {
  /** Left out for a user who may not move (itemAbilities): no button. */
  onMove: (() => void) | undefined;
  /** Left out for a user who may delete none of the selection: no button. */
  onDelete: (() => void) | undefined;
}) {
  const { t } = useTranslation('items');
  return (
    <>
      {onMove && (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconFolderSymlink size={14} />}
          onClick={onMove}
        >
          {t('bulk.move')}
        </Button>
      )}
      {onDelete && (
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
        >
          {t('bulk.delete')}
        </Button>
      )}
    </>
  );
}
