import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LoadingState } from '../LoadingState.tsx';
import { entriesOf, entryKey, type CollectionProps, type ColumnSort, type Entry } from './collection.ts';
import { FolderTile, ItemTile, MOMENTS_HEIGHT } from './CollectionTiles.tsx';
import { itemEntryProps } from './entryParts.tsx';
import { columnsFor, nearEnd, rowCount, rowSpan } from './gridLayout.ts';
import { useCollectionKeys } from './useCollectionKeys.ts';
import { useElementWidth } from './useElementWidth.ts';
import { useUsageWarnings } from './useUsageWarnings.ts';
import classes from './collection.module.css';

const MIN_TILE = 200;
const GAP = 16;
const TILE_HEIGHT = 184;
/** The line under the title, when the screen shows one (the search's description). */
const DETAIL_HEIGHT = 18;

/** Tiles, as many per row as fit, rendered only where they are on screen (TanStack Virtual). */
export function ItemGrid<S extends ColumnSort>(props: CollectionProps<S>) {
  const { label, folders, items, selectedIds, hasMore, loadingMore, onLoadMore } = props;
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef);
  const columns = columnsFor(width, MIN_TILE, GAP);
  const tileHeight =
    TILE_HEIGHT + (props.itemDetail ? DETAIL_HEIGHT : 0) + (props.itemMoments ? MOMENTS_HEIGHT : 0);
  const entries = useMemo(() => entriesOf(folders, items), [folders, items]);
  const usage = useUsageWarnings(items);
  const rows = rowCount(entries.length, columns);
  // TanStack Virtual's instance changes under the same reference as the list scrolls: fine without
  // the React Compiler's memoization, which this build does not use.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => tileHeight + GAP,
    overscan: 3,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index;
  const keys = useCollectionKeys(props, entries, {
    columns,
    scrollRef,
    scrollToIndex: (index) => {
      virtualizer.scrollToIndex(Math.floor(index / columns));
    },
  });

  useEffect(() => {
    if (hasMore && !loadingMore && nearEnd(lastRow, rows, 2)) onLoadMore();
  }, [hasMore, loadingMore, lastRow, rows, onLoadMore]);

  const selecting = selectedIds.size > 0;
  const renderEntry = (entry: Entry, index: number) => {
    const position = { role: 'listitem', 'aria-posinset': index + 1, 'aria-setsize': entries.length };
    const key = entryKey(entry);
    if (entry.kind === 'folder') {
      const { folder } = entry;
      const href = props.folderHref?.(folder);
      return (
        <div key={key} {...position}>
          <FolderTile
            folder={folder}
            focus={keys.entryProps(key)}
            href={href}
            menu={props.folderMenu?.(folder)}
            draggable={props.dragIds !== undefined}
            onOpen={href ? () => void navigate(href) : undefined}
          />
        </div>
      );
    }
    return (
      <div key={key} {...position}>
        <ItemTile
          {...itemEntryProps(props, entry.item, navigate)}
          focus={keys.entryProps(key)}
          selecting={selecting}
          usage={usage.get(entry.item.id)}
        />
      </div>
    );
  };

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={{ padding: GAP }}
      data-testid="item-grid"
      {...keys.containerProps}
    >
      <div
        role="list"
        aria-label={label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualRows.map((row) => {
          const [start, end] = rowSpan(row.index, columns, entries.length);
          return (
            <Box
              key={row.key}
              role="none"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: tileHeight,
                transform: `translateY(${row.start}px)`,
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: GAP,
              }}
            >
              {entries.slice(start, end).map((entry, offset) => renderEntry(entry, start + offset))}
            </Box>
          );
        })}
      </div>
      {loadingMore && <LoadingState />}
    </div>
  );
}
