import { Badge, Button, CloseButton, Group, Loader, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListSort } from '../../components/items/collection.ts';
import { SortControls, ViewModeToggle, type SortOption } from '../../components/items/ViewControls.tsx';
import type { ViewMode } from '../../components/items/viewMode.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import type { SortKey } from './searchState.ts';

interface ResultsToolbarProps {
  /** The filter sidebar's toggle; none for users without the sidebar (ui.searchFilter). */
  filters: { open: boolean; active: number; onToggle: () => void } | null;
  /** Null before there is anything to count (no search yet, loading, an error). */
  total: { count: number; atLeast: boolean } | null;
  /** The search is narrowed to these many selected items; × widens it again. */
  refined: number;
  onClearRefine: () => void;
  busy: boolean;
  sort: ListSort<SortKey>;
  sortOptions: readonly SortOption<SortKey>[];
  onSort: (sort: ListSort<SortKey>) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
}

/** Above the results: the filters' toggle, how many, the refine in force, the order and the view. */
export function ResultsToolbar(props: ResultsToolbarProps) {
  const { t } = useTranslation('search');
  const format = useFormatters();
  const { total } = props;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" mih={38}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {props.filters && (
          <Button
            size="compact-sm"
            variant={props.filters.open ? 'light' : 'default'}
            leftSection={<IconFilter size={14} />}
            rightSection={
              props.filters.active > 0 && (
                <Badge size="xs" circle>
                  {props.filters.active}
                </Badge>
              )
            }
            // A disclosure of the criteria panel, named apart from it and from the navigation's Filters (saved searches).
            aria-expanded={props.filters.open}
            aria-controls="search-filters"
            onClick={props.filters.onToggle}
          >
            {props.filters.open ? t('filters.hide') : t('filters.show')}
          </Button>
        )}
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="search-count">
          {total === null
            ? ''
            : total.atLeast
              ? t('count.atLeast', { formatted: format.number(total.count) })
              : t('count.exact', { count: total.count, formatted: format.number(total.count) })}
        </Text>
        {props.refined > 0 && (
          <Badge
            variant="light"
            size="lg"
            tt="none"
            fw={500}
            pr={2}
            rightSection={
              <CloseButton size="xs" aria-label={t('refine.clear')} onClick={props.onClearRefine} />
            }
            data-testid="refine-chip"
          >
            {t('refine.active', { count: props.refined })}
          </Badge>
        )}
        {props.busy && <Loader size={14} aria-label={t('searching')} />}
      </Group>
      <Group gap="md" wrap="wrap">
        <SortControls
          sort={props.sort}
          options={props.sortOptions}
          onChange={props.onSort}
          orderless={props.sort.sort === 'relevance'}
        />
        <ViewModeToggle mode={props.view} onChange={props.onView} />
      </Group>
    </Group>
  );
}
