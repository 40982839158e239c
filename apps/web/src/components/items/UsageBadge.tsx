import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemUsage } from '../../api/usage.ts';
import { USAGE_WARNING_STYLE } from './usageWarningStyle.ts';

/** Spec §4: an item's usage-rule warning on its tile or row; nothing when its rules ask for none. */
export function UsageBadge({ usage }: { usage: ItemUsage | undefined }) {
  const { t } = useTranslation('items');
  if (!usage?.warn) return null;
  return (
    <Badge size="sm" tt="none" {...USAGE_WARNING_STYLE} data-testid="usage-badge" data-usage={usage.state}>
      {t(`usage.${usage.state}`)}
    </Badge>
  );
}
