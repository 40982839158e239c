import { Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/useFormatters.ts';

interface AutoRefreshControlProps {
  /** The user's choice. */
  autoRefresh: boolean;
  onChange: (on: boolean) => void;
  /** Refreshing now: chosen, and the tab is in view. */
  refreshing: boolean;
  /** When the results on screen were fetched (ms since the epoch); 0 before the first answer. */
  refreshedAt: number;
}

/** Spec §9's 30-second refresh: on or paused, and when the results on screen were fetched. */
export function AutoRefreshControl({
  autoRefresh,
  onChange,
  refreshing,
  refreshedAt,
}: AutoRefreshControlProps) {
  const { t } = useTranslation('search');
  const format = useFormatters();
  return (
    <Group gap={8} wrap="nowrap">
      <Switch
        size="xs"
        label={t('refresh.label')}
        checked={autoRefresh}
        onChange={(event) => {
          onChange(event.currentTarget.checked);
        }}
      />
      <Text size="xs" c="dimmed" data-testid="refresh-status">
        {refreshing ? t('refresh.on') : t('refresh.paused')}
        {refreshedAt > 0 && ` · ${t('refresh.at', { time: format.time(refreshedAt) })}`}
      </Text>
    </Group>
  );
}
