import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadRecord } from '../../api/items.ts';

const COLORS: Record<UploadRecord['state'], string> = {
  uploading: 'blue',
  complete: 'teal',
  rejected: 'orange',
  failed: 'red',
};

export function UploadStateBadge({ state }: { state: UploadRecord['state'] }) {
  const { t } = useTranslation('activity');
  return (
    <Badge size="sm" variant="light" color={COLORS[state]}>
      {t(`uploads.states.${state}`)}
    </Badge>
  );
}
