import { Box, Checkbox, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconFolder } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Folder } from '../../api/folders.ts';
import { LoadingState } from '../LoadingState.tsx';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { entriesOf, entryKey, type CollectionProps, type ColumnSort } from './collection.ts';
import { Thumbnail } from './CollectionTiles.tsx';
import { formatDuration } from './duration.ts';
import {
  EntryCheckbox,
  EntryTitle,
  fromControl,
  itemEntryProps,
  useFolderEntry,
  useItemEntry,
  type ItemEntryProps,
} from './entryParts.tsx';
import { nearEnd } from './gridLayout.ts';
import { useCollectionKeys } from './useCollectionKeys.ts';
import { useElementWidth } from './useElementWidth.ts';
import { ItemActionsMenu } from './ItemActionsMenu.tsx';
import { ItemTypeIcon } from './ItemTypeIcon.tsx';
import { TranscodingBadge } from './TranscodingBadge.tsx';
import { UsageBadge } from './UsageBadge.tsx';
import type { EntryFocusProps } from './useRovingFocus.ts';
import { useUsageWarnings } from './useUsageWarnings.ts';
import type { ItemUsage } from '../../api/usage.ts';
import classes from './collection.module.css';

const ROW_HEIGHT = 53;
/** Below this width the owner column goes and the type shows as its icon alone. */
const COMPACT_BELOW = 960;

/** The list view: one row per subfolder and item, only the rows on screen rendered. */
export function ItemTable<S extends ColumnSort>(props: CollectionProps<S>) {
  const { t } = useTranslation('items');
  const { label, folders, items, selectedIds, hasMore, loadingMore, onLoadMore, sort, sortable, onSort } =
    props;
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const compact = useElementWidth(scrollRef) < COMPACT_BELOW;
  const columns = compact ? 8 : 9;
  const entries = useMemo(() => entriesOf(folders, items), [folders, items]);
  const usage = useUsageWarnings(items);
  // TanStack Virtual's instance changes under the same reference as the list scrolls: fine without
  // the React Compiler's memoization, which this build does not use.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index;
  const keys = useCollectionKeys(props, entries, {
    columns: 1,
    scrollRef,
    scrollToIndex: (index) => {
      virtualizer.scrollToIndex(index);
    },
  });

  useEffect(() => {
    if (hasMore && !loadingMore && nearEnd(lastRow, entries.length, 10)) onLoadMore();
  }, [hasMore, loadingMore, lastRow, entries.length, onLoadMore]);

  const paddingTop = virtualRows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0);
  const selectable = props.isSelectable ? items.filter(props.isSelectable) : items;
  const allSelected = selectable.length > 0 && selectable.every((item) => selectedIds.has(item.id));

  const header = (column: ColumnSort | null, text: string, width?: number | string): ReactNode => {
    const active = column !== null && sort?.sort === column;
    const ariaSort = active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
    const key = sortable?.find((candidate) => candidate === column);
    return (
      <Table.Th w={width} aria-sort={ariaSort}>
        {key !== undefined && onSort ? (
          <UnstyledButton
            className={classes.sortButton}
            onClick={() => {
              onSort(key);
            }}
          >
            {text}
            {active && (sort.order === 'asc' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />)}
          </UnstyledButton>
        ) : (
          text
        )}
      </Table.Th>
    );
  };

  return (
    <div ref={scrollRef} className={classes.scroller} data-testid="item-list" {...keys.containerProps}>
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={6}
        aria-label={label}
        aria-rowcount={entries.length + 1}
        miw={640}
        style={{ tableLayout: 'fixed' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                size="xs"
                aria-label={t('select.all')}
                checked={allSelected}
                indeterminate={!allSelected && selectable.some((item) => selectedIds.has(item.id))}
                disabled={selectable.length === 0}
                onChange={() => undefined}
                onClick={() => {
                  if (allSelected) props.onClearSelection();
                  else props.onSelectAll();
                }}
              />
            </Table.Th>
            <Table.Th w={76}>
              <VisuallyHidden>{t('columns.thumbnail')}</VisuallyHidden>
            </Table.Th>
            {header('title', t('columns.title'))}
            {header('type', t('columns.type'), compact ? 56 : 110)}
            {header('duration', t('columns.duration'), 88)}
            {header(null, t('columns.state'), compact ? 108 : 136)}
            {!compact && header(null, t('columns.owner'), 140)}
            {header(props.dateColumn, t(`columns.${props.dateColumn}`), compact ? 116 : 128)}
            <Table.Th w={44}>
              <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={columns} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {virtualRows.map((row) => {
            const entry = entries[row.index];
            if (!entry) return null;
            const rowIndex = row.index + 2;
            if (entry.kind === 'folder') {
              const href = props.folderHref?.(entry.folder);
              return (
                <FolderRow
                  key={entryKey(entry)}
                  focus={keys.entryProps(entryKey(entry))}
                  folder={entry.folder}
                  rowIndex={rowIndex}
                  href={href}
                  menu={props.folderMenu?.(entry.folder)}
                  draggable={props.dragIds !== undefined}
                  compact={compact}
                  created={entry.folder.createdAt}
                  onOpen={href ? () => void navigate(href) : undefined}
                />
              );
            }
            const { item } = entry;
            const date = props.dateColumn === 'created' ? item.createdAt : item.deletedAt;
            return (
              <ItemRow
                key={entryKey(entry)}
                {...itemEntryProps(props, item, navigate)}
                focus={keys.entryProps(entryKey(entry))}
                rowIndex={rowIndex}
                compact={compact}
                date={date}
                usage={usage.get(item.id)}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={columns} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
      {loadingMore && <LoadingState />}
    </div>
  );
}

interface ItemRowProps extends ItemEntryProps {
  focus: EntryFocusProps;
  rowIndex: number;
  /** When the item was created or deleted. */
  date: string | null;
  compact: boolean;
  usage: ItemUsage | undefined;
}

function ItemRow({ focus, rowIndex, date, compact, usage, ...entry }: ItemRowProps) {
  const { item, href, title, detail, moments, actions, selected, selectable, onCheck } = entry;
  const { t } = useTranslation('items');
  const { setNodeRef, isDragging, handlers, context } = useItemEntry(entry);
  return (
    <Table.Tr
      ref={setNodeRef}
      {...handlers}
      {...focus}
      aria-rowindex={rowIndex}
      aria-selected={selected}
      className={classes.row}
      data-item-id={item.id}
      data-selected={selected || undefined}
      data-dragging={isDragging || undefined}
      style={{ height: ROW_HEIGHT }}
    >
      <Table.Td>
        {selectable && <EntryCheckbox size="xs" title={item.title} selected={selected} onCheck={onCheck} />}
      </Table.Td>
      <Table.Td>
        <Thumbnail item={item} className={classes.rowThumb} />
      </Table.Td>
      <Table.Td>
        <EntryTitle href={href} title={item.title} hint={false}>
          {title}
        </EntryTitle>
        {moments ? (
          // The search's moments take the detail's line.
          <Box className={classes.moments}>{moments}</Box>
        ) : (
          detail && (
            <Text size="xs" truncate="end" className={classes.detail}>
              {detail}
            </Text>
          )
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" title={t(`types.${item.itemType}`)}>
          <ItemTypeIcon type={item.itemType} />
          {!compact && (
            <Text size="sm" truncate="end">
              {t(`types.${item.itemType}`)}
            </Text>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" className={classes.numeric}>
          {formatDuration(item.durationSeconds) ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <TranscodingBadge transcoding={item.transcoding} withBar />
          <UsageBadge usage={usage} />
        </Stack>
      </Table.Td>
      {!compact && (
        <Table.Td>
          <Text size="sm" truncate="end">
            {item.owner.name}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <DateText iso={date} />
      </Table.Td>
      <Table.Td>
        <ItemActionsMenu title={item.title} actions={actions} context={context} />
      </Table.Td>
    </Table.Tr>
  );
}

interface FolderRowProps {
  folder: Folder;
  focus: EntryFocusProps;
  rowIndex: number;
  href: string | undefined;
  menu: ReactNode;
  draggable: boolean;
  compact: boolean;
  created: string;
  onOpen: (() => void) | undefined;
}

function FolderRow({
  folder,
  focus,
  rowIndex,
  href,
  menu,
  draggable,
  compact,
  created,
  onOpen,
}: FolderRowProps) {
  const { t } = useTranslation('items');
  const { setNodeRef, listeners, isOver, isDragging } = useFolderEntry(folder, draggable);
  return (
    <Table.Tr
      ref={setNodeRef}
      {...listeners}
      {...focus}
      aria-rowindex={rowIndex}
      className={classes.row}
      data-folder-id={folder.id}
      data-drop-over={isOver || undefined}
      data-dragging={isDragging || undefined}
      style={{ height: ROW_HEIGHT }}
      onClick={(event) => {
        if (!fromControl(event)) onOpen?.();
      }}
    >
      <Table.Td />
      <Table.Td>
        <Box className={classes.rowFolderThumb}>
          <IconFolder size={24} stroke={1.4} />
        </Box>
      </Table.Td>
      <Table.Td>
        <EntryTitle href={href} title={folder.name} hint={false} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" title={t('types.folder')}>
          <IconFolder
            size={16}
            stroke={1.6}
            style={{ flex: 'none' }}
            role="img"
            aria-label={t('types.folder')}
          />
          {!compact && <Text size="sm">{t('types.folder')}</Text>}
        </Group>
      </Table.Td>
      <Table.Td>—</Table.Td>
      <Table.Td />
      {!compact && (
        <Table.Td>
          <Text size="sm" truncate="end">
            {folder.owner.name}
          </Text>
        </Table.Td>
      )}
      <Table.Td>
        <DateText iso={created} />
      </Table.Td>
      <Table.Td>{menu}</Table.Td>
    </Table.Tr>
  );
}

/** The day in the column, the day and time on hover. */
function DateText({ iso }: { iso: string | null }) {
  const format = useFormatters();
  if (!iso) return null;
  return (
    <Text size="sm" truncate="end" title={format.dateTime(iso)} className={classes.numeric}>
      {format.date(iso)}
    </Text>
  );
}
