import { Badge, Table, Text } from '@mantine/core';
import type { UsageState } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { USAGE_WARNING_STYLE } from '../../components/items/usageWarningStyle.ts';
import { useItemUsage } from './useItemUsage.ts';

const COLOURS: Record<UsageState, string> = { valid: 'teal', notYetValid: 'orange', expired: 'red' };

/** Spec §2 Usage rules tab: each context of the item's rules, its window and whether it is valid now. */
export function UsageRulesTab({ itemId, ingestedAt }: { itemId: string; ingestedAt: string }) {
  const { t, i18n } = useTranslation('forms');
  const me = useCurrentUser();
  const { rows, isPending } = useItemUsage(itemId, ingestedAt);
  if (isPending) return <LoadingState />;
  if (rows.length === 0) return <Text c="dimmed">{t('usage.none')}</Text>;
  // Spec: windows in the tenant's time zone.
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeZone: me.tenant.timezone,
  });
  const end = (date: Date | null) => (date === null ? t('usage.forever') : format.format(date));
  return (
    <Table data-testid="usage-rules" aria-label={t('usage.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('usage.rule')}</Table.Th>
          <Table.Th>{t('usage.context')}</Table.Th>
          <Table.Th>{t('usage.from')}</Table.Th>
          <Table.Th>{t('usage.to')}</Table.Th>
          <Table.Th>{t('usage.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.formId}:${row.group.key}:${row.context.name}`}>
            <Table.Td>{row.group.label}</Table.Td>
            <Table.Td>{row.context.name}</Table.Td>
            <Table.Td>{end(row.verdict.from)}</Table.Td>
            <Table.Td>{end(row.verdict.to)}</Table.Td>
            <Table.Td>
              <Badge color={COLOURS[row.verdict.state]} variant="light">
                {t(`usage.states.${row.verdict.state}`)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Spec §4/§5: a banner on the item page while a usage rule warns (its warning level decides). */
export function UsageWarningBanner({ itemId, ingestedAt }: { itemId: string; ingestedAt: string }) {
  const { t } = useTranslation('forms');
  const { rows } = useItemUsage(itemId, ingestedAt);
  const warnings = rows.filter((r) => r.verdict.warn);
  if (warnings.length === 0) return null;
  return (
    <Text role="alert" {...USAGE_WARNING_STYLE} p="sm" fw={500} data-testid="usage-warning">
      {t('usage.warning', {
        contexts: warnings.map((w) => `${w.group.label}: ${w.context.name}`).join(', '),
      })}
    </Text>
  );
}
