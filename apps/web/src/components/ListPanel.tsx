import { Paper, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../api/types.ts';
import { ErrorState } from './ErrorState.tsx';
import { LoadingState } from './LoadingState.tsx';

interface ListPanelProps<T> {
  list: UseQueryResult<Page<T>>;
  /** Shown when the page has no items. */
  empty: ReactNode;
  /** The items, usually as a table. */
  children: (items: T[]) => ReactNode;
}

/** A list's bordered area: loading, a load error with a retry, the empty state, or the items. */
export function ListPanel<T>({ list, empty, children }: ListPanelProps<T>) {
  return (
    <Paper withBorder>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <Stack p="md">
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        </Stack>
      ) : list.data.items.length === 0 ? (
        empty
      ) : (
        children(list.data.items)
      )}
    </Paper>
  );
}
