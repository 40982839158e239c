import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../i18n/useErrorMessage.ts';

interface ErrorStateProps {
  error: unknown;
  title?: string;
  /** In place of the error's own description. */
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorState({ error, title, message, onRetry, retryLabel }: ErrorStateProps) {
  const { t } = useTranslation('common');
  const { describe } = useErrorMessage();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle />}
      title={title ?? t('loadFailed')}
      role="alert"
    >
      {/* The text wraps; the button keeps its label whole. */}
      <Group justify="space-between" align="center" wrap="nowrap" preventGrowOverflow={false}>
        <Text size="sm">{message ?? describe(error)}</Text>
        {onRetry && (
          <Button
            size="xs"
            flex="none"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            {retryLabel ?? t('retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
