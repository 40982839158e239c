import { ActionIcon, Group, SegmentedControl, Select, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ITEM_SORTS, type SortState } from './sortParams.ts';
import type { ViewMode } from './viewMode.ts';

export function ViewModeToggle({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  const { t } = useTranslation('folders');
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

export function SortControls({ sort, onChange }: { sort: SortState; onChange: (sort: SortState) => void }) {
  const { t } = useTranslation('folders');
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
        data={ITEM_SORTS.map((value) => ({ value, label: t(`sort.by.${value}`) }))}
        onChange={(value) => {
          if (value) onChange({ ...sort, sort: value });
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <Tooltip label={flipLabel}>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={flipLabel}
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
