import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../i18n/useErrorMessage.ts';

interface ErrorStateProps {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}

export function ErrorState({ error, title, onRetry }: ErrorStateProps) {
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
      <Group justify="space-between" align="center" wrap="nowrap">
        <Text size="sm">{describe(error)}</Text>
        {onRetry && (
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            {t('retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
