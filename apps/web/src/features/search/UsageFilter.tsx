import { NumberInput, Select, Stack } from '@mantine/core';
import { USAGE_FILTERS, USAGE_FILTER_DAYS, type UsageFilterState } from '@skald/domain';
import { useTranslation } from 'react-i18next';

interface UsageFilterProps {
  usage: UsageFilterState | null;
  days: number;
  onChange: (usage: UsageFilterState | null, days: number) => void;
}

/** Spec §4: items by usage-rule state now: valid, expiring within N days, or expired. */
export function UsageFilter({ usage, days, onChange }: UsageFilterProps) {
  const { t } = useTranslation('search');
  return (
    <Stack gap={6}>
      <Select
        label={t('filters.usage')}
        placeholder={t('filters.usageAny')}
        data={USAGE_FILTERS.map((state) => ({ value: state, label: t(`filters.usageStates.${state}`) }))}
        value={usage}
        clearable
        onChange={(value) => {
          onChange(USAGE_FILTERS.find((state) => state === value) ?? null, days);
        }}
        data-testid="usage-filter"
      />
      {usage === 'expiring' && (
        <NumberInput
          label={t('filters.usageDays')}
          min={1}
          max={USAGE_FILTER_DAYS.max}
          allowDecimal={false}
          value={days}
          onChange={(value) => {
            if (typeof value === 'number' && value >= 1)
              onChange(usage, Math.min(value, USAGE_FILTER_DAYS.max));
          }}
        />
      )}
    </Stack>
  );
}
