import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Translated names of permission groups and permissions (`permissions` namespace). */
export function usePermissionLabels() {
  const { t } = useTranslation('permissions');
  const groupLabel = useCallback((group: string) => t(`groups.${group}`, { defaultValue: group }), [t]);
  const permissionLabel = useCallback(
    (group: string, name: string) => t(`names.${group}.${name}`, { defaultValue: name }),
    [t],
  );
  return { groupLabel, permissionLabel };
}
