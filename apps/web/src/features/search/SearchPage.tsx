import { Alert, Box, Button, Flex, Group, Paper, Stack, Title } from '@mantine/core';
import { useDocumentVisibility, useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFilter } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import { isApiError } from '../../api/errors.ts';
import { useLiveTranscoding } from '../../api/events.ts';
import type { ItemSummary } from '../../api/items.ts';
import type { SearchSort } from '../../api/search.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { StartUploadButton } from '../upload/UploadLauncher.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { BulkBar } from '../../components/items/BulkBar.tsx';
import type { ColumnSort } from '../../components/items/collection.ts';
import { ItemCollection } from '../../components/items/ItemCollection.tsx';
import { selectionProps, useSelection } from '../../components/items/useSelection.ts';
import { useViewMode } from '../../components/items/useViewMode.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';
import { AutoRefreshControl } from './AutoRefreshControl.tsx';
import { Highlighted } from './Highlighted.tsx';
import { HitMoments } from './HitMoments.tsx';
import { refineTo } from './refine.ts';
import { isFolderResult, resultHref } from './results.ts';
import { useResultActions } from './ResultActions.tsx';
import { ResultsSkeleton } from './ResultsSkeleton.tsx';
import { ResultsToolbar } from './ResultsToolbar.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchFiltersPanel } from './SearchFiltersPanel.tsx';
import {
  NO_FILTERS,
  activeFilters,
  chooseSort,
  hasFilters,
  isSearching,
  searchParamsOf,
  withSort,
  type SearchMode,
} from './searchState.ts';
import { useSearchResults } from './useSearchResults.ts';
import { useSearchSort } from './useSearchSort.ts';
import { useSearchUrl } from './useSearchUrl.ts';

/** `/` and `/search-item` (searchItem): search the items. */
export function SearchPage() {
  return <SearchScreen mode="live" />;
}

/** `/recycle-bin`: the same screen over the deleted items, to restore or delete for good. */
export function RecycleBinPage() {
  return <SearchScreen mode="deleted" />;
}

/** The screen fills the main area; the filters and the results scroll on their own. */
const SCREEN_HEIGHT = 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-lg))';

const NO_IDS: readonly string[] = [];

/** The list's column headers that sort the search: the orders both offer. */
const COLUMN_SORTS: Record<SearchMode, readonly (ColumnSort & SearchSort)[]> = {
  live: ['title', 'duration', 'created'],
  deleted: ['title', 'duration', 'deleted'],
};

function SearchScreen({ mode }: { mode: SearchMode }) {
  const { t } = useTranslation(['search', 'items', 'recycleBin', 'messages']);
  const { fieldMessage } = useErrorMessage();
  const serverMessage = useServerMessage();
  const me = useCurrentUser();
  const mayFilter = hasPermission(me, 'ui.searchFilter');
  const [filtersOpen, setFiltersOpen] = useLocalStorage({
    key: 'skald.search.filtersOpen',
    defaultValue: true,
  });
  const [state, setState] = useSearchUrl(mayFilter);
  const [storedView, storeView] = useViewMode();
  const view = state.view ?? storedView;
  const [autoRefresh, setAutoRefresh] = useState(true);
  // The query pauses by itself while the tab is out of view; the indicator says so too.
  const visibility = useDocumentVisibility();
  const refreshing = autoRefresh && visibility === 'visible';
  const searching = isSearching(state, mode);
  const ordering = useSearchSort(state, mode);
  const { sort, sortable } = ordering;
  const params = useMemo(() => searchParamsOf(state, mode, sortable), [state, mode, sortable]);
  const results = useSearchResults(params, { enabled: searching, autoRefresh });
  const { query } = results;
  useLiveTranscoding();

  const hits = searching ? results.hits : [];
  const byId = useMemo(() => new Map(results.hits.map((hit) => [hit.id, hit])), [results.hits]);
  // Folders found by the search are opened, not selected: the selection's actions are the items'.
  const order = useMemo(
    () => results.hits.filter((hit) => !isFolderResult(hit)).map((hit) => hit.id),
    [results.hits],
  );
  const selection = useSelection(searching ? order : NO_IDS, mode);
  const selecting = selectionProps(selection);
  const titles = useMemo(() => new Map(results.hits.map((hit) => [hit.id, hit.title])), [results.hits]);
  const owners = useMemo(() => new Map(results.hits.map((hit) => [hit.id, hit.owner.id])), [results.hits]);
  const syntaxError = searching && query.isError ? fieldMessage(query.error, 'searchString') : undefined;

  const refine = () => {
    const ids = selection.ids;
    if (!refineTo(state, ids)) {
      notifications.show({ color: 'orange', message: t('messages:refineSelectionLimit') });
      return;
    }
    selection.clear();
    setState((current) => refineTo(current, ids) ?? current, 'push');
  };

  const actions = useResultActions({
    mode,
    titles,
    owners,
    selected: selection.ids,
    onDone: selection.clear,
    onRefine: refine,
  });

  const itemTitle = (item: ItemSummary) => (
    <Highlighted text={item.title} ranges={byId.get(item.id)?.highlights.title} />
  );
  const itemDetail = (item: ItemSummary) =>
    item.description && (
      <Highlighted text={item.description} ranges={byId.get(item.id)?.highlights.description} />
    );
  // Tiles leave room for moments only when the search found some.
  const withMoments = results.hits.some((hit) => hit.moments.length > 0);
  const itemMoments = (item: ItemSummary) => {
    const hit = byId.get(item.id);
    return hit && hit.moments.length > 0 ? <HitMoments hit={hit} /> : null;
  };
  const onLoadMore = useCallback(() => {
    void query.fetchNextPage();
  }, [query]);
  const resultsRef = useRef<HTMLDivElement>(null);
  // The results' one tab stop (a roving tabindex): the entry the arrow keys last reached, else the first.
  const toResults = () => {
    resultsRef.current?.querySelector<HTMLElement>('[data-entry][tabindex="0"]')?.focus();
  };

  const content = () => {
    if (!searching) {
      return (
        <EmptyState
          title={t('empty.start.title')}
          description={t('empty.start.description')}
          action={mode === 'live' && <StartUploadButton />}
        />
      );
    }
    if (syntaxError !== undefined) {
      return <EmptyState title={t('empty.syntax.title')} description={t('empty.syntax.description')} />;
    }
    // A refresh that fails keeps the results on screen (see the notice above them).
    if (query.isError && query.data === undefined) {
      return (
        <Box p="md">
          <ErrorState
            error={query.error}
            title={t('loadFailed')}
            // A refused search (a 400) cannot change by trying again.
            onRetry={
              isApiError(query.error) && query.error.status === 400 ? undefined : () => void query.refetch()
            }
          />
        </Box>
      );
    }
    if (query.isPending) return <ResultsSkeleton view={view} />;
    if (hits.length === 0) {
      const binIsEmpty = mode === 'deleted' && state.q.trim() === '' && !hasFilters(state.filters);
      return binIsEmpty ? (
        <EmptyState title={t('recycleBin:empty.title')} description={t('recycleBin:empty.description')} />
      ) : (
        <EmptyState
          title={t('empty.none.title')}
          description={t('empty.none.description')}
          action={
            hasFilters(state.filters) && (
              <Button
                variant="default"
                leftSection={<IconFilter size={16} />}
                onClick={() => {
                  setState((current) => ({ ...current, filters: NO_FILTERS }), 'push');
                }}
              >
                {t('filters.clear')}
              </Button>
            )
          }
        />
      );
    }
    return (
      <ItemCollection
        label={mode === 'deleted' ? t('recycleBin:title') : t('results')}
        mode={view}
        folders={[]}
        items={hits}
        {...selecting}
        onItemClick={(item, modifiers) => {
          if (!isFolderResult(item)) selecting.onItemClick(item, modifiers);
        }}
        onItemCheck={(item, range) => {
          if (!isFolderResult(item)) selecting.onItemCheck(item, range);
        }}
        isSelectable={(item) => !isFolderResult(item)}
        itemHref={mode === 'live' ? resultHref : undefined}
        itemTitle={itemTitle}
        itemDetail={itemDetail}
        itemMoments={withMoments ? itemMoments : undefined}
        itemActions={actions.itemActions}
        sort={sort}
        sortable={COLUMN_SORTS[mode]}
        onSort={(column) => {
          setState((current) => chooseSort(current, mode, column), 'push');
        }}
        dateColumn={mode === 'deleted' ? 'deleted' : 'created'}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={onLoadMore}
      />
    );
  };

  const showTotal = searching && query.data !== undefined;
  // The last search's results, on screen while the next one runs.
  const stale = searching && query.isPlaceholderData;
  return (
    <Stack h={SCREEN_HEIGHT} gap="sm" mih={480}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        {mode === 'deleted' ? (
          <PageHeading title={t('recycleBin:title')} description={t('recycleBin:description')} />
        ) : (
          <Title order={1} size="h2">
            {t('title')}
          </Title>
        )}
        {searching && (
          <AutoRefreshControl
            autoRefresh={autoRefresh}
            onChange={setAutoRefresh}
            refreshing={refreshing}
            refreshedAt={query.dataUpdatedAt}
          />
        )}
      </Group>
      <SearchBox
        value={state.q}
        label={mode === 'deleted' ? t('box.labelDeleted') : t('box.label')}
        syntaxError={syntaxError}
        onToResults={toResults}
        onSearch={(q, how) => {
          setState((current) => ({ ...current, q }), how === 'typing' ? 'typing' : 'push');
        }}
      />
      {searching &&
        results.warnings.map((warning) => (
          <Alert
            key={warning.code}
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            py={6}
            data-testid="search-warning"
          >
            {serverMessage(warning.message)}
          </Alert>
        ))}
      <Flex gap="md" style={{ flex: 1, minHeight: 0 }}>
        {mayFilter && filtersOpen && (
          <Paper withBorder w={250} visibleFrom="sm" style={{ overflow: 'auto', flex: 'none' }}>
            <SearchFiltersPanel
              filters={state.filters}
              onChange={(filters) => {
                setState((current) => ({ ...current, filters }), 'push');
              }}
              onAddTerms={(terms) => {
                setState((current) => ({ ...current, q: `${current.q.trim()} ${terms}`.trim() }), 'push');
              }}
            />
          </Paper>
        )}
        <Stack gap="sm" style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
          {selection.ids.length > 0 ? (
            <BulkBar count={selection.ids.length} onClear={selection.clear}>
              {actions.bulkActions}
            </BulkBar>
          ) : (
            <ResultsToolbar
              filters={
                mayFilter
                  ? {
                      open: filtersOpen,
                      active: activeFilters(state.filters),
                      onToggle: () => {
                        setFiltersOpen(!filtersOpen);
                      },
                    }
                  : null
              }
              total={showTotal ? { count: results.total, atLeast: results.totalIsLowerBound } : null}
              refined={state.refine.length}
              onClearRefine={() => {
                setState((current) => ({ ...current, refine: [] }), 'push');
              }}
              busy={stale}
              sort={ordering.control}
              sortOptions={ordering.options}
              onSort={(next) => {
                setState((current) => withSort(current, mode, next), 'push');
              }}
              view={view}
              onView={(next) => {
                storeView(next);
                setState((current) => ({ ...current, view: next }), 'replace');
              }}
            />
          )}
          {query.isRefetchError && (
            <ErrorState error={query.error} title={t('refreshFailed')} onRetry={() => void query.refetch()} />
          )}
          <Paper
            ref={resultsRef}
            withBorder
            style={{ flex: 1, minHeight: 0, overflow: 'hidden', opacity: stale ? 0.6 : 1 }}
          >
            {content()}
          </Paper>
        </Stack>
      </Flex>
      {actions.dialogs}
    </Stack>
  );
}
