import { useTranslation } from 'react-i18next';
import type { Availability } from './itemActions.ts';

/** The reason an action is shown disabled, in the UI language; null when it may be used. */
export function useBlockedReason() {
  const { t } = useTranslation(['itemDetails', 'messages']);
  return (availability: Availability): string | null => {
    if (!availability.shown || availability.blocked === null) return null;
    const blocked = availability.blocked;
    return 'message' in blocked
      ? t(`messages:${blocked.message}`)
      : t(`itemDetails:actions.blocked.${blocked.own}`);
  };
}
