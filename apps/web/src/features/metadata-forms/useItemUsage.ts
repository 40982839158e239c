import { usageRows } from '@skald/domain';
import { useQuery } from '@tanstack/react-query';
import { itemMetadataApi } from '../../api/forms.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useFormSchema } from './useFormSchema.ts';

/** The item's usage rules judged now; empty until the forms and the item's values are loaded. */
export function useItemUsage(itemId: string, ingestedAt: string) {
  const schema = useFormSchema();
  const metadata = useQuery({
    queryKey: queryKeys.itemMetadata(itemId),
    queryFn: ({ signal }) => itemMetadataApi.get(itemId, signal),
  });
  const rows = metadata.data ? usageRows(schema.forms, metadata.data.values, ingestedAt, new Date()) : [];
  return { rows, isPending: schema.isPending || metadata.isPending };
}
