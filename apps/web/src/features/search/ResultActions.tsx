import { Button } from '@mantine/core';
import { IconExternalLink, IconFilter, IconRestore, IconTrashX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import type { ItemSummary } from '../../api/items.ts';
import { principalOf } from '../../api/principal.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MoveDeleteButtons } from '../../components/items/BulkBar.tsx';
import type { ItemAction } from '../../components/items/ItemActionsMenu.tsx';
import { useStandardItemActions } from '../../components/items/standardItemActions.tsx';
import { ItemsDeleteDialog } from '../../components/items/ItemsDeleteDialog.tsx';
import { itemAbilities } from '../../components/items/itemAbilities.ts';
import { useRestoreItems, type ItemsInput } from '../../components/items/useItemActions.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { BulkAnalysisButton } from '../analysis/BulkAnalysisButton.tsx';
import { BulkMetadataButton } from '../bulk-metadata/BulkMetadataButton.tsx';
import { MoveItemsDialog } from '../folders/lazyDialogs.ts';
import { useDeletePermanently } from '../recycle-bin/useDeletePermanently.ts';
import { isFolderResult, resultHref } from './results.ts';
import type { SearchMode } from './searchState.ts';

/** `bulk`: on the selection, which is cleared once done; else on one item from its menu. */
type Dialog =
  | { kind: 'move'; items: ItemsInput; bulk: boolean }
  | { kind: 'delete'; items: ItemsInput; bulk: boolean }
  | { kind: 'purge'; items: ItemsInput; bulk: boolean };

interface ResultActionsOptions {
  mode: SearchMode;
  /** The results' titles by id, for the dialogs and messages. */
  titles: ReadonlyMap<string, string>;
  /** The results' owners by id: who may delete which. */
  owners: ReadonlyMap<string, string>;
  /** The selected ids, in list order. */
  selected: readonly string[];
  /** Called once an action on the selection is done: the selection is cleared. */
  onDone: () => void;
  onRefine: () => void;
}

interface ResultActions {
  /** What an item's ⋯ menu and context menu offer. */
  itemActions: (item: ItemSummary) => ItemAction[];
  /** The bulk bar's buttons for the selection. */
  bulkActions: ReactNode;
  /** The dialogs the actions open: render them once, anywhere on the screen. */
  dialogs: ReactNode;
}

/**
 * What can be done to search results, one at a time or to the selection: open, move, delete (to
 * the recycle bin) and refine; in the recycle bin, restore and delete permanently.
 */
export function useResultActions({
  mode,
  titles,
  owners,
  selected,
  onDone,
  onRefine,
}: ResultActionsOptions): ResultActions {
  const { t } = useTranslation(['search', 'items', 'recycleBin']);
  const may = itemAbilities(principalOf(useCurrentUser()));
  const { describe } = useErrorMessage();
  const navigate = useNavigate();
  const dialogs = useDialogState<Dialog>();
  const restore = useRestoreItems();
  const purge = useDeletePermanently();
  const itemsOf = (ids: readonly string[]): ItemsInput => ({ ids, titles });
  const open = (kind: Dialog['kind'], bulk: boolean, ids: readonly string[]) => {
    dialogs.open({ kind, bulk, items: itemsOf(ids) });
  };

  const standardActions = useStandardItemActions();

  const itemActions = (item: ItemSummary): ItemAction[] => {
    const onOpen = () => void navigate(resultHref(item));
    // A folder found by the search is only opened: moving and deleting it belong to the folder view.
    if (isFolderResult(item)) {
      return [
        { key: 'open', label: t('items:bulk.open'), icon: <IconExternalLink size={16} />, onClick: onOpen },
      ];
    }
    return mode === 'deleted'
      ? [
          {
            key: 'restore',
            label: t('recycleBin:restore'),
            icon: <IconRestore size={16} />,
            onClick: () => {
              restore.mutate(itemsOf([item.id]));
            },
          },
          {
            key: 'purge',
            label: t('recycleBin:deletePermanently'),
            icon: <IconTrashX size={16} />,
            danger: true,
            onClick: () => {
              open('purge', false, [item.id]);
            },
          },
        ]
      : standardActions({
          onOpen,
          onMove: may.move
            ? () => {
                open('move', false, [item.id]);
              }
            : undefined,
          onDelete: may.deleteOf([item.owner.id])
            ? () => {
                open('delete', false, [item.id]);
              }
            : undefined,
        });
  };

  const bulkActions =
    mode === 'deleted' ? (
      <>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconRestore size={14} />}
          loading={restore.isPending}
          onClick={() => {
            restore.mutate(itemsOf(selected), { onSuccess: onDone });
          }}
        >
          {t('recycleBin:restore')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          leftSection={<IconTrashX size={14} />}
          onClick={() => {
            open('purge', true, selected);
          }}
        >
          {t('recycleBin:deletePermanently')}
        </Button>
      </>
    ) : (
      <>
        <Button size="compact-sm" variant="default" leftSection={<IconFilter size={14} />} onClick={onRefine}>
          {t('refine.action')}
        </Button>
        <BulkMetadataButton ids={selected} onDone={onDone} />
        <BulkAnalysisButton ids={selected} />
        <MoveDeleteButtons
          onMove={
            may.move
              ? () => {
                  open('move', true, selected);
                }
              : undefined
          }
          onDelete={
            may.deleteOf(selected.flatMap((id) => owners.get(id) ?? []))
              ? () => {
                  open('delete', true, selected);
                }
              : undefined
          }
        />
      </>
    );

  const purgeDialog = dialogs.of('purge');
  const moveDialog = dialogs.of('move');
  const deleteDialog = dialogs.of('delete');
  const purgeCount = purgeDialog.data?.items.ids.length ?? 0;
  const doneWith = (dialog: Dialog | null) => {
    if (dialog?.bulk) onDone();
  };
  const dialogsElement = (
    <>
      <MoveItemsDialog
        {...moveDialog.props}
        items={moveDialog.data?.items ?? null}
        start={[]}
        onMoved={() => {
          doneWith(moveDialog.data);
        }}
      />
      <ItemsDeleteDialog
        {...deleteDialog.props}
        items={deleteDialog.data?.items ?? null}
        onDeleted={() => {
          doneWith(deleteDialog.data);
        }}
      />
      <ConfirmDialog
        opened={purgeDialog.props.opened}
        title={t('recycleBin:confirm.title', { count: purgeCount })}
        message={t('recycleBin:confirm.message', { count: purgeCount })}
        confirmLabel={t('recycleBin:confirm.confirm', { count: purgeCount })}
        loading={purge.isPending}
        error={purge.isError ? describe(purge.error) : undefined}
        onClose={purgeDialog.props.onClose}
        onExitTransitionEnd={() => {
          purge.reset();
          purgeDialog.props.onExitTransitionEnd();
        }}
        onConfirm={() => {
          const items = purgeDialog.data?.items;
          if (!items) return;
          purge.mutate(items, {
            onSuccess: () => {
              doneWith(purgeDialog.data);
              dialogs.close();
            },
          });
        }}
      />
    </>
  );

  return { itemActions, bulkActions, dialogs: dialogsElement };
}
