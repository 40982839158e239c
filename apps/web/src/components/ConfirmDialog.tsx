import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Called once it has faded out after closing (Mantine's Modal). */
  onExitTransitionEnd?: () => void;
  loading?: boolean;
  destructive?: boolean;
  error?: string | undefined;
}

/** Asks before a destructive action. Escape and Cancel close it; the confirm button is never the default. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    opened,
    title,
    message,
    confirmLabel,
    onConfirm,
    onClose,
    onExitTransitionEnd,
    loading,
    destructive = true,
    error,
  } = props;
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onClose} onExitTransitionEnd={onExitTransitionEnd} title={title} centered>
      <Stack>
        <Text size="sm">{message}</Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color={destructive ? 'red' : undefined} onClick={onConfirm} loading={loading ?? false}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
