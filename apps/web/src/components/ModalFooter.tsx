import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ModalFooterProps {
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}

/** Cancel and submit at the foot of a form in a modal. */
export function ModalFooter({ submitLabel, submitting, onCancel }: ModalFooterProps) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
