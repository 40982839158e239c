import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useItemUsage } from './useItemUsage.ts';

/**
 * Spec §4: before material is used (downloaded here; later shared, rendered, played out) the user
 * confirms when a usage rule warns, as the domain's usageVerdict says for each context.
 */
export function useUsageConfirmation(
  itemId: string,
  ingestedAt: string,
): { confirm: (action: () => void) => void; dialog: ReactNode } {
  const { t } = useTranslation('forms');
  const { rows } = useItemUsage(itemId, ingestedAt);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const warnings = rows.filter((r) => r.verdict.warn);
  const confirm = (action: () => void) => {
    if (warnings.length === 0) action();
    else setPending(() => action);
  };
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      title={t('usage.confirmTitle')}
      message={t('usage.warning', {
        contexts: warnings.map((w) => `${w.group.label}: ${w.context.name}`).join(', '),
      })}
      confirmLabel={t('usage.confirmUse')}
      destructive={false}
      onConfirm={() => {
        pending?.();
        setPending(null);
      }}
      onClose={() => {
        setPending(null);
      }}
    />
  );
  return { confirm, dialog };
}
