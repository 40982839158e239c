import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { itemsApi } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import type { ItemsInput } from '../../components/items/useItemActions.tsx';

/** Deletes items for good, one request each; says how many went and why the others did not. */
export function useDeletePermanently() {
  const { t } = useTranslation('recycleBin');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids }: ItemsInput) => {
      const results = await Promise.allSettled(ids.map((id) => itemsApi.removePermanently(id)));
      return results.flatMap((result, i) =>
        result.status === 'rejected' ? [{ id: ids[i] ?? '', error: result.reason as unknown }] : [],
      );
    },
    onSuccess: (failures, { ids, titles }) => {
      const removed = ids.length - failures.length;
      if (removed > 0) notifySuccess(t('purged', { count: removed }));
      for (const failure of failures) {
        notifyError(
          describe(failure.error),
          t('purgeFailed', { title: titles.get(failure.id) ?? failure.id }),
        );
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.items }),
  });
}
