import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '../../api/types.ts';
import type { DialogProps } from '../../components/useDialogState.ts';

interface ApiKeySecretModalProps extends DialogProps {
  /** Kept while the modal closes. */
  apiKey: ApiKey | null;
  secret: string;
}

/** The new key's secret, shown this once. */
export function ApiKeySecretModal(props: ApiKeySecretModalProps) {
  const { opened, apiKey, secret, onClose, onExitTransitionEnd } = props;
  const { t } = useTranslation('apiKeys');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={t('secret.title')}
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      <Stack>
        <Alert color="orange" icon={<IconAlertTriangle />}>
          {t('secret.once')}
        </Alert>
        {apiKey && <Text size="sm">{t('secret.forKey', { label: apiKey.label })}</Text>}
        <Code block data-testid="api-key-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Text size="xs" c="dimmed">
          {t('secret.usage')}
        </Text>
        <Group justify="space-between">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
