import { ActionIcon, Group, SegmentedControl, Select, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListSort } from './collection.ts';
import type { ViewMode } from './viewMode.ts';

export function ViewModeToggle({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  const { t } = useTranslation('items');
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('view.label')}
      value={mode}
      onChange={(value) => {
        onChange(value === 'list' ? 'list' : 'grid');
      }}
      data={[
        {
          value: 'grid',
          label: (
            <Group gap={4} wrap="nowrap">
              <IconLayoutGrid size={14} />
              {t('view.grid')}
            </Group>
          ),
        },
        {
          value: 'list',
          label: (
            <Group gap={4} wrap="nowrap">
              <IconList size={14} />
              {t('view.list')}
            </Group>
          ),
        },
      ]}
    />
  );
}

export interface SortOption<S extends string> {
  value: S;
  label: string;
}

/** What a list is sorted by and which way; the way cannot be chosen for orders that have none (relevance). */
export function SortControls<S extends string>({
  sort,
  options,
  onChange,
  orderless = false,
}: {
  sort: ListSort<S>;
  options: readonly SortOption<S>[];
  onChange: (sort: ListSort<S>) => void;
  orderless?: boolean;
}) {
  const { t } = useTranslation('items');
  const flip = sort.order === 'asc' ? 'desc' : 'asc';
  const flipLabel = t(`sort.${flip}`);
  return (
    <Group gap={4} wrap="nowrap">
      <Select
        size="xs"
        w={150}
        aria-label={t('sort.label')}
        value={sort.sort}
        allowDeselect={false}
        data={options}
        onChange={(value) => {
          const option = options.find((candidate) => candidate.value === value);
          if (option) onChange({ ...sort, sort: option.value });
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <Tooltip label={flipLabel}>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={flipLabel}
          disabled={orderless}
          onClick={() => {
            onChange({ ...sort, order: flip });
          }}
        >
          {sort.order === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
