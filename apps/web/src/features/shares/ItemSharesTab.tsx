import { Stack, Tabs } from '@mantine/core';
import { canListShares, isAdmin } from '@skald/domain';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import type { Me } from '../../api/types.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { sharesApi } from '../../api/shares.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { usePagedList } from '../../components/usePagedList.ts';
import { ManagedSharesTable } from './SharesTable.tsx';

/** The item page's Shares tab: spec §6 ui.shares, for whoever may share (or, as administrator, see every share). */
export function showsSharesTab(me: Me): boolean {
  return hasPermission(me, 'ui.shares') && canListShares(principalOf(me));
}

export function ItemSharesTabButton() {
  const { t } = useTranslation('shares');
  return (
    <Tabs.Tab value="shares" leftSection={<IconShare size={16} />}>
      {t('itemTab.title')}
    </Tabs.Tab>
  );
}

/** The shares holding this item: the user's own, or every one for an administrator. */
export function ItemSharesTab({ itemId }: { itemId: string }) {
  const { t } = useTranslation('shares');
  const admin = isAdmin(principalOf(useCurrentUser()));
  const { list, paging } = usePagedList(
    { scope: admin ? ('all' as const) : ('mine' as const), itemId },
    (params) => queryKeys.shareList(params),
    (params, signal) => sharesApi.list(params, signal),
  );
  return (
    <Stack>
      <ListPanel
        list={list}
        empty={<EmptyState title={t('itemTab.empty')} description={t('itemTab.emptyHint')} />}
      >
        {(shares) => <ManagedSharesTable shares={shares} showOwner={admin} />}
      </ListPanel>
      <ListFooter {...paging} />
    </Stack>
  );
}
