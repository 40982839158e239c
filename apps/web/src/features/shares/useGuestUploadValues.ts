import { SHARE_RECIPIENT, guestUploadErrors, type MetadataForm, type OptionList } from '@skald/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { publicSharesApi } from '../../api/shares.ts';
import { useViewValuesOf } from '../metadata-forms/useViewValues.ts';
import type { ViewValues } from '../metadata-forms/viewValues.ts';

const NOTHING_STORED: ViewValues = {};

/**
 * Spec §2 upload view on an upload request's page: the forms its guest may fill (the link answers
 * them), their values, and the domain's errors of them — a required field left empty among them.
 */
export function useGuestUploadValues(token: string) {
  const view = useQuery({
    queryKey: [...queryKeys.sharePage(token), 'upload-view'],
    queryFn: ({ signal }) => publicSharesApi.uploadView(token, signal),
  });
  const schema = useMemo(
    () => ({
      forms: (view.data?.forms ?? []) as MetadataForm[],
      lists: new Map((view.data?.lists ?? []).map((l) => [l.id, l as OptionList])),
      isPending: view.isPending,
      error: view.error,
    }),
    [view.data, view.isPending, view.error],
  );
  const values = useViewValuesOf(schema, SHARE_RECIPIENT, 'upload', NOTHING_STORED);
  const errors = Object.fromEntries(
    guestUploadErrors(schema.forms, values.sendable, schema.lists).map((e) => [
      `${e.formId}.${e.fieldId}`,
      e.message,
    ]),
  );
  return { ...values, errors };
}
