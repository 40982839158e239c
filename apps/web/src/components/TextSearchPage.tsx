import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '../config.ts';
import type { Namespace } from '../i18n/namespaces.ts';
import { EmptyState } from './EmptyState.tsx';
import { ErrorState } from './ErrorState.tsx';
import { ListFooter } from './ListFooter.tsx';
import { LoadingState } from './LoadingState.tsx';
import { PageHeading } from './PageHeading.tsx';
import { SearchField } from './SearchField.tsx';

const MIN_LENGTH = 2;

export interface TextQuery {
  q: string;
  from: number;
  itemsPerPage: number;
}

interface TextSearchPageProps<H extends { id: string }> {
  /** The namespace whose `search.title`, `.description`, `.label`, `.start`, `.none` and `.count` it shows. */
  ns: Namespace;
  queryKey: (query: TextQuery) => QueryKey;
  search: (query: TextQuery, signal: AbortSignal) => Promise<{ items: H[]; total: number }>;
  /** The list's test id. */
  listId: string;
  renderHit: (hit: H) => ReactNode;
}

/**
 * A page that finds things by the words of their text (?q= in the address), at least two letters,
 * a page at a time: comment search, log event search.
 */
export function TextSearchPage<H extends { id: string }>(props: TextSearchPageProps<H>) {
  const { t } = useTranslation(props.ns, { keyPrefix: 'search' });
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const query = { q, from: (page - 1) * PAGE_SIZE, itemsPerPage: PAGE_SIZE };
  const searching = q.length >= MIN_LENGTH;
  const hits = useQuery({
    queryKey: props.queryKey(query),
    queryFn: ({ signal }) => props.search(query, signal),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((hits.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="md" maw={960}>
      <PageHeading title={t('title')} description={t('description')} />
      <SearchField
        label={t('label')}
        value={text}
        onChange={(value) => {
          setText(value);
          setPage(1);
          setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
        }}
      />
      {!searching && <EmptyState title={t('start')} />}
      {searching && hits.isPending && <LoadingState />}
      {hits.isError && (
        <ErrorState
          error={hits.error}
          onRetry={() => {
            void hits.refetch();
          }}
        />
      )}
      {searching && hits.data?.items.length === 0 && <EmptyState title={t('none')} />}
      {searching && hits.data && hits.data.items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-testid={props.listId}
        >
          {hits.data.items.map((hit) => (
            <li key={hit.id}>{props.renderHit(hit)}</li>
          ))}
        </Stack>
      )}
      {searching && (
        <ListFooter
          page={page}
          pages={pages}
          setPage={setPage}
          count={hits.data ? t('count', { count: hits.data.total }) : undefined}
        />
      )}
    </Stack>
  );
}
