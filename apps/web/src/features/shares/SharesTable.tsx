import { ActionIcon, Badge, CopyButton, Table, Text, Tooltip } from '@mantine/core';
import { IconBan, IconCheck, IconLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryKeys.ts';
import { sharesApi, type Share } from '../../api/shares.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { EditAction, RowActions } from '../../components/RowActions.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { ShareFormModal } from './ShareFormModal.tsx';

const STATE_COLOURS: Record<Share['state'], string> = {
  active: 'teal',
  expired: 'gray',
  viewsUsed: 'orange',
  revoked: 'red',
};

/** The table with its edit and revoke dialogs: what My shares and an item's Shares tab show. */
export function ManagedSharesTable({ shares, showOwner }: { shares: Share[]; showOwner: boolean }) {
  const [editing, setEditing] = useState<Share | null>(null);
  const [revoking, setRevoking] = useState<Share | null>(null);
  return (
    <>
      <SharesTable shares={shares} showOwner={showOwner} onEdit={setEditing} onRevoke={setRevoking} />
      <ShareFormModal
        opened={editing !== null}
        share={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <RevokeDialog
        share={revoking}
        onClose={() => {
          setRevoking(null);
        }}
      />
    </>
  );
}

interface TableProps {
  shares: Share[];
  showOwner: boolean;
  onEdit: (share: Share) => void;
  onRevoke: (share: Share) => void;
}

/** Shares with their state, use and expiry, and copying the link, editing and revoking. */
function SharesTable({ shares, showOwner, onEdit, onRevoke }: TableProps) {
  const { t } = useTranslation('shares');
  const format = useFormatters();
  const columns = [
    t('page.columns.title'),
    t('page.columns.kind'),
    t('page.columns.state'),
    t('page.columns.used'),
    t('page.columns.expires'),
    ...(showOwner ? [t('page.columns.owner')] : []),
  ];
  return (
    <DataTable
      label={t('page.title')}
      testId="shares-table"
      minWidth={760}
      columns={columns}
      actionsLabel={t('page.columns.actions')}
    >
      {shares.map((share) => (
        <Table.Tr key={share.id} data-share-id={share.id}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {share.title}
            </Text>
            <Text size="xs" c="dimmed">
              {t('page.items', { count: share.itemCount })}
              {share.passwordProtected ? ` · ${t('page.password')}` : ''}
            </Text>
          </Table.Td>
          <Table.Td>{t(`kinds.${share.kind}`)}</Table.Td>
          <Table.Td>
            <Badge color={STATE_COLOURS[share.state]} variant="light">
              {t(`states.${share.state}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{t(`page.usedOf.${share.kind}`, { used: share.used, max: share.maxUses })}</Table.Td>
          <Table.Td>{format.dateTime(share.expiresAt)}</Table.Td>
          {showOwner && <Table.Td>{share.owner?.name ?? '—'}</Table.Td>}
          <Table.Td>
            <RowActions>
              <CopyButton value={share.link}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('copied') : t('copyLink')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('page.copy', { title: share.title })}
                      onClick={copy}
                    >
                      {copied ? <IconCheck size={16} /> : <IconLink size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
              {share.state !== 'revoked' && (
                <>
                  <EditAction
                    label={t('page.edit', { title: share.title })}
                    onClick={() => {
                      onEdit(share);
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('page.revoke', { title: share.title })}
                    onClick={() => {
                      onRevoke(share);
                    }}
                  >
                    <IconBan size={16} />
                  </ActionIcon>
                </>
              )}
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** Asks before a link stops working for good. */
function RevokeDialog({ share, onClose }: { share: Share | null; onClose: () => void }) {
  const { t } = useTranslation('shares');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const revoke = useMutation({
    mutationFn: (id: string) => sharesApi.revoke(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.shares });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      opened={share !== null}
      title={t('revoke.title')}
      message={t('revoke.message', { title: share?.title ?? '' })}
      confirmLabel={t('revoke.confirm')}
      onConfirm={() => {
        if (share) revoke.mutate(share.id);
      }}
      onClose={onClose}
      loading={revoke.isPending}
      error={revoke.isError ? describe(revoke.error) : undefined}
    />
  );
}
