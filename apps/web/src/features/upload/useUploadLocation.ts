import { useQuery } from '@tanstack/react-query';
import { tenantApi } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** The tenant's default upload location, as the caller sees it (GET /tenant/upload-location). */
export function useUploadLocation(enabled = true) {
  return useQuery({
    queryKey: queryKeys.uploadLocation,
    queryFn: ({ signal }) => tenantApi.uploadLocation(signal),
    enabled,
  });
}
