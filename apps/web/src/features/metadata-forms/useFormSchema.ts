import type { MetadataForm, OptionLists } from '@skald/domain';
import { useQuery } from '@tanstack/react-query';
import { formsApi, optionListsApi } from '../../api/forms.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** The tenant's forms the user sees and its option lists, as the domain's rules read them. */
export function useFormSchema() {
  const forms = useQuery({ queryKey: queryKeys.forms, queryFn: ({ signal }) => formsApi.list(signal) });
  const lists = useQuery({
    queryKey: queryKeys.optionLists,
    queryFn: ({ signal }) => optionListsApi.list(signal),
  });
  const optionLists: OptionLists = new Map((lists.data?.items ?? []).map((l) => [l.id, l]));
  return {
    forms: (forms.data?.items ?? []) as MetadataForm[],
    lists: optionLists,
    optionListRows: lists.data?.items ?? [],
    isPending: forms.isPending || lists.isPending,
    error: forms.error ?? lists.error,
  };
}
