import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useLiveTranscoding } from '../../api/events.ts';
import { itemsApi } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { personDetailsPath } from '../../routing/paths.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ItemDetails } from './ItemDetails.tsx';
import { ItemDetailsSkeleton } from './ItemDetailsSkeleton.tsx';
import { ItemNotFound } from './ItemNotFound.tsx';
import { WithPlayerLink } from './WithPlayerLink.tsx';

/** /item-details/:id (route itemDetails; the id is the itemId). */
export function ItemDetailsPage() {
  const { id = '' } = useParams();
  // The events stream keeps the item's transcoding state live and refetches it once it completes.
  useLiveTranscoding();
  const item = useQuery({ queryKey: queryKeys.item(id), queryFn: ({ signal }) => itemsApi.get(id, signal) });

  if (item.isPending) return <ItemDetailsSkeleton />;
  if (item.isError) {
    // A malformed id (400 on the path parameter) names no item either.
    if (isApiError(item.error) && (item.error.code === 'not_found' || item.error.code === 'bad_request'))
      return <ItemNotFound />;
    return (
      <Stack maw={1200}>
        <ErrorState error={item.error} onRetry={() => void item.refetch()} />
      </Stack>
    );
  }
  // Spec §1: a person is an item too; search and bookmarks open it on its own page.
  if (item.data.itemType === 'person') return <Navigate to={personDetailsPath(item.data.id)} replace />;
  // Keyed by id: another item starts with its own dialogs, forms and player link.
  return (
    <WithPlayerLink key={item.data.id}>
      <ItemDetails item={item.data} />
    </WithPlayerLink>
  );
}
