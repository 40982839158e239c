import { Stack, Switch } from '@mantine/core';
import { isAdmin } from '@skald/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { sharesApi, type ShareScope } from '../../api/shares.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { ListPanel } from '../../components/ListPanel.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { usePagedList } from '../../components/usePagedList.ts';
import { ManagedSharesTable } from './SharesTable.tsx';

/** /share (My shares): the user's shares and upload requests; administrators may list everyone's. */
export function SharesPage() {
  const { t } = useTranslation('shares');
  const me = useCurrentUser();
  const admin = isAdmin(principalOf(me));
  const [scope, setScope] = useState<ShareScope>('mine');
  const { list, paging } = usePagedList(
    { scope },
    (params) => queryKeys.shareList(params),
    (params, signal) => sharesApi.list(params, signal),
  );
  return (
    <Stack maw={1100}>
      <PageHeading title={t('page.title')} description={t('page.description')} />
      {admin && (
        <Switch
          label={t('page.everyone')}
          checked={scope === 'all'}
          onChange={(e) => {
            setScope(e.currentTarget.checked ? 'all' : 'mine');
            paging.setPage(1);
          }}
        />
      )}
      <ListPanel list={list} empty={<EmptyState title={t('page.empty')} description={t('page.emptyHint')} />}>
        {(shares) => <ManagedSharesTable shares={shares} showOwner={scope === 'all'} />}
      </ListPanel>
      <ListFooter
        {...paging}
        {...(list.data ? { count: t('page.count', { count: list.data.total }) } : {})}
      />
    </Stack>
  );
}
