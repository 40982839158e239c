import { Anchor, Box, Breadcrumbs, Button, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type Modifier,
} from '@dnd-kit/core';
import { IconFolderPlus, IconHome } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { useLiveTranscoding } from '../../api/events.ts';
import type { Folder, FolderPathEntry } from '../../api/folders.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { BulkBar, MoveDeleteButtons } from '../../components/items/BulkBar.tsx';
import { BulkAnalysisButton } from '../analysis/BulkAnalysisButton.tsx';
import { BulkMetadataButton } from '../bulk-metadata/BulkMetadataButton.tsx';
import { itemAbilities } from '../../components/items/itemAbilities.ts';
import { ShareFolderMenu, ShareItemsButton } from '../shares/ShareButtons.tsx';
import {
  dragIdsFor,
  dropPlan,
  type DragPayload,
  type DropTarget,
} from '../../components/items/dragAndDrop.ts';
import { ItemCollection } from '../../components/items/ItemCollection.tsx';
import { ItemsDeleteDialog } from '../../components/items/ItemsDeleteDialog.tsx';
import { useStandardItemActions } from '../../components/items/standardItemActions.tsx';
import { useMoveItems, type ItemsInput } from '../../components/items/useItemActions.tsx';
import { selectionProps, useSelection } from '../../components/items/useSelection.ts';
import { useViewMode } from '../../components/items/useViewMode.ts';
import { SortControls, ViewModeToggle } from '../../components/items/ViewControls.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useDialogState } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PATHS, folderPath, itemDetailsPath } from '../../routing/paths.ts';
import { UploadButton, UploadHost } from '../upload/UploadButton.tsx';
import { NewPlaceholderButton } from '../placeholders/NewPlaceholderButton.tsx';
import { FolderAccessModal } from './FolderAccessModal.tsx';
import { FolderDeleteDialog } from './FolderDeleteDialog.tsx';
import { FolderFormModal } from './FolderFormModal.tsx';
import { FolderMenu, type FolderAction } from './FolderMenu.tsx';
import { FolderFormDefaultsModal } from '../metadata-forms/FolderFormDefaultsModal.tsx';
import { FolderAutoAnalysisModal } from '../analysis/FolderAutoAnalysisModal.tsx';
import { FolderTree } from './FolderTree.tsx';
import { FolderPickerModal, MoveItemsDialog } from './lazyDialogs.ts';
import { ITEM_SORTS, readSort, toggleSort, writeSort, type SortState } from './sortParams.ts';
import { useFolder, useFolderChildren, useFolderItems } from './useFolderQueries.ts';
import { useFolderMutations } from './useFolderMutations.ts';

/** The drag preview sits just below and right of the pointer, wherever the tile was grabbed. */
const followPointer: Modifier = ({ activatorEvent, draggingNodeRect, transform }) => {
  if (!draggingNodeRect || !(activatorEvent instanceof MouseEvent)) return transform;
  return {
    ...transform,
    x: transform.x + activatorEvent.clientX - draggingNodeRect.left + 12,
    y: transform.y + activatorEvent.clientY - draggingNodeRect.top + 12,
  };
};

type Dialog =
  | {
      kind: 'folderForm';
      target: { mode: 'create'; parent: FolderPathEntry } | { mode: 'rename'; folder: Folder };
    }
  | { kind: 'folderDelete'; folder: Folder }
  | { kind: 'folderAccess'; folder: Folder }
  | { kind: 'folderDefaults'; folder: Folder }
  | { kind: 'folderAutoAnalysis'; folder: Folder }
  | { kind: 'folderMove'; folder: Folder; start: FolderPathEntry[] }
  | { kind: 'itemsMove'; items: ItemsInput; start: FolderPathEntry[] }
  | { kind: 'itemsDelete'; items: ItemsInput };

/** The screen fills the main area; the tree and the contents scroll on their own. */
const SCREEN_HEIGHT = 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-lg))';

export function FolderView({ folderId }: { folderId: string }) {
  const { t } = useTranslation('folders');
  const folder = useFolder(folderId);
  if (folder.isPending) return <LoadingState />;
  if (folder.isError) {
    return (
      <Stack maw={720}>
        <ErrorState error={folder.error} title={t('loadFailed')} onRetry={() => void folder.refetch()} />
        <Group>
          <Button component={Link} to={PATHS.folders} variant="default" leftSection={<IconHome size={16} />}>
            {t('toRoot')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return <FolderScreen folder={folder.data} />;
}

function FolderScreen({ folder }: { folder: Folder }) {
  const { t } = useTranslation(['folders', 'items']);
  const { describe } = useErrorMessage();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sort = readSort(params);
  const [mode, setMode] = useViewMode();
  const dialogs = useDialogState<Dialog>();
  const children = useFolderChildren(folder.id);
  const contents = useFolderItems(folder.id, sort);
  const order = useMemo(() => contents.items.map((item) => item.id), [contents.items]);
  const selection = useSelection(order, folder.id);
  const moveItems = useMoveItems();
  const standardActions = useStandardItemActions();
  const { update: updateFolder } = useFolderMutations();
  const [dragging, setDragging] = useState<DragPayload | null>(null);
  useLiveTranscoding();

  const titles = useMemo(
    () => new Map(contents.items.map((item) => [item.id, item.title])),
    [contents.items],
  );
  const selected = (): ItemsInput => ({ ids: selection.ids, titles });
  const may = itemAbilities(principalOf(me));
  const selectedIds = new Set(selection.ids);
  const ownersOfSelection = contents.items
    .filter((item) => selectedIds.has(item.id))
    .map((item) => item.owner.id);
  const mayCreateFolder = hasPermission(me, 'folder.create');

  const setSort = (next: SortState) => {
    setParams(writeSort(params, next), { replace: true });
  };

  const onFolderAction = (action: FolderAction, target: Folder) => {
    switch (action) {
      case 'open':
        void navigate(folderPath(target.id));
        break;
      case 'rename':
        dialogs.open({ kind: 'folderForm', target: { mode: 'rename', folder: target } });
        break;
      case 'move':
        // Starts in the folder it is in.
        dialogs.open({
          kind: 'folderMove',
          folder: target,
          start: target.id === folder.id ? folder.path.slice(0, -1) : folder.path,
        });
        break;
      case 'access':
        dialogs.open({ kind: 'folderAccess', folder: target });
        break;
      case 'defaults':
        dialogs.open({ kind: 'folderDefaults', folder: target });
        break;
      case 'autoAnalysis':
        dialogs.open({ kind: 'folderAutoAnalysis', folder: target });
        break;
      case 'delete':
        dialogs.open({ kind: 'folderDelete', folder: target });
        break;
    }
  };

  const moveFolder = (
    target: Folder | { id: string; name: string },
    parent: FolderPathEntry,
    onDone?: () => void,
  ) => {
    updateFolder.mutate(
      { id: target.id, input: { parentId: parent.id } },
      {
        onSuccess: () => {
          notifySuccess(t('folderMoved', { name: target.name, folder: parent.name }));
          onDone?.();
        },
        onError: (error) => {
          notifyError(describe(error), t('folderMoveFailed', { name: target.name }));
        },
      },
    );
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragStart = (event: DragStartEvent) => {
    setDragging((event.active.data.current as DragPayload | undefined) ?? null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const payload = event.active.data.current as DragPayload | undefined;
    const target = event.over?.data.current as DropTarget | undefined;
    if (!payload || !target) return;
    const plan = dropPlan(payload, target, folder.id);
    if (plan?.kind === 'moveItems') {
      moveItems.mutate({ ids: plan.ids, titles, folder: { id: target.folderId, name: target.name } });
    } else if (plan?.kind === 'moveFolder' && payload.kind === 'folder') {
      moveFolder(payload, { id: target.folderId, name: target.name });
    }
  };

  const dragIds = useCallback((item: { id: string }) => dragIdsFor(item.id, selection.ids), [selection.ids]);
  const folderList = children.folders ?? [];
  const loading = contents.query.isPending || children.query.isPending;
  const loadError = contents.query.error ?? children.query.error;
  const root = folder.path[0] ?? { id: folder.id, name: folder.name };
  const onLoadMore = useCallback(() => {
    void contents.query.fetchNextPage();
  }, [contents.query]);

  const form = dialogs.of('folderForm');
  const folderDelete = dialogs.of('folderDelete');
  const access = dialogs.of('folderAccess');
  const formDefaults = dialogs.of('folderDefaults');
  const autoAnalysis = dialogs.of('folderAutoAnalysis');
  const folderMove = dialogs.of('folderMove');
  const itemsMove = dialogs.of('itemsMove');
  const itemsDelete = dialogs.of('itemsDelete');

  const [uploading, setUploading] = useState(false);
  const openUpload = () => {
    setUploading(true);
  };
  const newFolder = () => {
    dialogs.open({
      kind: 'folderForm',
      target: { mode: 'create', parent: { id: folder.id, name: folder.name } },
    });
  };

  return (
    <DndContext
      sensors={sensors}
      // The folder under the pointer takes the drop, not the one the dragged tile overlaps most.
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragging(null);
      }}
    >
      <Stack h={SCREEN_HEIGHT} gap="sm" mih={420}>
        <Stack gap={4}>
          {/* The root has no path above it: its title says where it is. */}
          {folder.path.length > 1 && (
            <Breadcrumbs separatorMargin={6} aria-label={t('breadcrumbs')} style={{ flexWrap: 'wrap' }}>
              {folder.path.map((entry, index) =>
                index === folder.path.length - 1 ? (
                  <Text key={entry.id} size="sm" aria-current="page">
                    {entry.name}
                  </Text>
                ) : (
                  <Anchor key={entry.id} component={Link} to={folderPath(entry.id)} size="sm">
                    {entry.name}
                  </Anchor>
                ),
              )}
            </Breadcrumbs>
          )}
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Title order={1} size="h2" lineClamp={1}>
              {folder.name}
            </Title>
            <Group gap="xs">
              <UploadButton onClick={openUpload} />
              <NewPlaceholderButton folderId={folder.id} />
              {mayCreateFolder && (
                <Button variant="default" leftSection={<IconFolderPlus size={16} />} onClick={newFolder}>
                  {t('actions.newFolder')}
                </Button>
              )}
              <ShareFolderMenu folder={folder} />
              <FolderMenu folder={folder} variant="button" onAction={onFolderAction} />
            </Group>
          </Group>
        </Stack>

        {selection.ids.length > 0 ? (
          <BulkBar count={selection.ids.length} onClear={selection.clear}>
            <ShareItemsButton itemIds={selection.ids} name={folder.name} size="compact-sm" />
            <BulkMetadataButton ids={selection.ids} onDone={selection.clear} />
            <BulkAnalysisButton ids={selection.ids} />
            <MoveDeleteButtons
              onMove={
                may.move
                  ? () => {
                      dialogs.open({ kind: 'itemsMove', items: selected(), start: folder.path });
                    }
                  : undefined
              }
              onDelete={
                may.deleteOf(ownersOfSelection)
                  ? () => {
                      dialogs.open({ kind: 'itemsDelete', items: selected() });
                    }
                  : undefined
              }
            />
          </BulkBar>
        ) : (
          <Group justify="space-between" wrap="wrap" gap="xs" mih={38}>
            <Text size="sm" c="dimmed" aria-live="polite">
              {loading
                ? ''
                : [
                    ...(folderList.length > 0 ? [t('countFolders', { count: folderList.length })] : []),
                    t('countItems', { count: contents.total }),
                  ].join(' · ')}
            </Text>
            <Group gap="sm">
              <SortControls
                sort={sort}
                options={ITEM_SORTS.map((value) => ({ value, label: t(`items:sort.by.${value}`) }))}
                onChange={setSort}
              />
              <ViewModeToggle mode={mode} onChange={setMode} />
            </Group>
          </Group>
        )}

        <Flex gap="md" style={{ flex: 1, minHeight: 0 }}>
          <Paper withBorder w={240} p={6} visibleFrom="sm" style={{ overflow: 'auto', flex: 'none' }}>
            <FolderTree
              root={root}
              path={folder.path.map((entry) => entry.id)}
              selectedId={folder.id}
              onOpen={(target) => void navigate(folderPath(target.id))}
              droppable
              label={t('tree.label')}
            />
          </Paper>
          <Paper withBorder style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
            {loading ? (
              <LoadingState />
            ) : loadError ? (
              <Box p="md">
                <ErrorState
                  error={loadError}
                  onRetry={() => {
                    void contents.query.refetch();
                    void children.query.refetch();
                  }}
                />
              </Box>
            ) : folderList.length === 0 && contents.items.length === 0 ? (
              <EmptyState
                title={t('empty.title')}
                description={t('empty.description')}
                action={
                  <Group gap="xs">
                    <UploadButton onClick={openUpload} />
                    {mayCreateFolder && (
                      <Button
                        variant="default"
                        leftSection={<IconFolderPlus size={16} />}
                        onClick={newFolder}
                      >
                        {t('actions.newFolder')}
                      </Button>
                    )}
                  </Group>
                }
              />
            ) : (
              <ItemCollection
                label={t('contents', { name: folder.name })}
                mode={mode}
                folders={folderList}
                items={contents.items}
                {...selectionProps(selection)}
                itemHref={(item) => itemDetailsPath(item.id)}
                folderHref={(child) => folderPath(child.id)}
                folderMenu={(child) => <FolderMenu folder={child} variant="icon" onAction={onFolderAction} />}
                itemActions={(item) =>
                  standardActions({
                    onOpen: () => void navigate(itemDetailsPath(item.id)),
                    onMove: may.move
                      ? () => {
                          dialogs.open({
                            kind: 'itemsMove',
                            items: { ids: [item.id], titles },
                            start: folder.path,
                          });
                        }
                      : undefined,
                    onDelete: may.deleteOf([item.owner.id])
                      ? () => {
                          dialogs.open({ kind: 'itemsDelete', items: { ids: [item.id], titles } });
                        }
                      : undefined,
                  })
                }
                dragIds={dragIds}
                sort={sort}
                sortable={ITEM_SORTS}
                onSort={(key) => {
                  setSort(toggleSort(sort, key));
                }}
                dateColumn="created"
                hasMore={contents.query.hasNextPage}
                loadingMore={contents.query.isFetchingNextPage}
                onLoadMore={onLoadMore}
              />
            )}
          </Paper>
        </Flex>
      </Stack>

      <DragOverlay dropAnimation={null} modifiers={[followPointer]}>
        {dragging && (
          <Paper shadow="md" px="sm" py={6} withBorder>
            <Text size="sm" fw={600}>
              {dragging.kind === 'items' ? t('dragItems', { count: dragging.ids.length }) : dragging.name}
            </Text>
          </Paper>
        )}
      </DragOverlay>

      <UploadHost
        opened={uploading}
        onClose={() => {
          setUploading(false);
        }}
        folder={folder}
      />
      <FolderFormModal {...form.props} target={form.data?.target ?? null} />
      <FolderAccessModal {...access.props} folder={access.data?.folder ?? null} />
      <FolderFormDefaultsModal {...formDefaults.props} folder={formDefaults.data?.folder ?? null} />
      <FolderAutoAnalysisModal {...autoAnalysis.props} folder={autoAnalysis.data?.folder ?? null} />
      <FolderDeleteDialog
        {...folderDelete.props}
        folder={folderDelete.data?.folder ?? null}
        onDeleted={(deleted) => {
          // Deleting the folder on screen leads to the one it was in.
          if (deleted.id === folder.id)
            void navigate(folderPath(deleted.parentId ?? root.id), { replace: true });
        }}
      />
      <FolderPickerModal
        {...folderMove.props}
        title={t('moveFolder.title', { name: folderMove.data?.folder.name ?? '' })}
        confirmLabel={t('moveFolder.confirm')}
        start={folderMove.data?.start ?? []}
        excludeId={folderMove.data?.folder.id}
        unchangedId={folderMove.data?.folder.parentId ?? undefined}
        pending={updateFolder.isPending}
        error={undefined}
        onConfirm={(parent) => {
          const target = folderMove.data?.folder;
          if (target) moveFolder(target, parent, dialogs.close);
        }}
      />
      <MoveItemsDialog
        {...itemsMove.props}
        items={itemsMove.data?.items ?? null}
        start={itemsMove.data?.start ?? []}
        unchangedId={folder.id}
        onMoved={selection.clear}
      />
      <ItemsDeleteDialog
        {...itemsDelete.props}
        items={itemsDelete.data?.items ?? null}
        onDeleted={selection.clear}
      />
    </DndContext>
  );
}
