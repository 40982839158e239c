import { Badge, Box, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { MOMENTS_PER_HIT } from '@skald/domain';
import { IconFolder } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder } from '../../api/folders.ts';
import type { ItemSummary } from '../../api/items.ts';
import type { ItemUsage } from '../../api/usage.ts';
import { formatDuration } from './duration.ts';
import {
  EntryCheckbox,
  EntryTitle,
  fromControl,
  useFolderEntry,
  useItemEntry,
  type ItemEntryProps,
} from './entryParts.tsx';
import { ItemActionsMenu } from './ItemActionsMenu.tsx';
import { ItemTypeIcon } from './ItemTypeIcon.tsx';
import { TranscodingBadge } from './TranscodingBadge.tsx';
import type { EntryFocusProps } from './useRovingFocus.ts';
import { UsageBadge } from './UsageBadge.tsx';
import classes from './collection.module.css';

export const MISSING_THUMBNAIL = '/placeholders/missing.svg';
/** Room for the search's moments under a tile: one line each, at most MOMENTS_PER_HIT. */
export const MOMENTS_HEIGHT = MOMENTS_PER_HIT * 18;

/** An item's thumbnail; a broken rendition falls back to the missing-media placeholder. */
export function Thumbnail({ item, className }: { item: ItemSummary; className?: string }) {
  return (
    <img
      src={item.resolvedThumbnailUrl}
      alt=""
      loading="lazy"
      draggable={false}
      className={className}
      onError={(event) => {
        const image = event.currentTarget;
        if (!image.src.endsWith(MISSING_THUMBNAIL)) image.src = MISSING_THUMBNAIL;
      }}
    />
  );
}

export function ItemTile({
  selecting,
  focus,
  usage,
  ...entry
}: ItemEntryProps & { selecting: boolean; focus: EntryFocusProps; usage?: ItemUsage | undefined }) {
  const { item, selected, selectable, href, title, detail, moments, actions, onCheck } = entry;
  const { t } = useTranslation('items');
  const { setNodeRef, isDragging, handlers, context } = useItemEntry(entry);
  const duration = formatDuration(item.durationSeconds);
  return (
    <Card
      ref={setNodeRef}
      {...handlers}
      {...focus}
      withBorder
      padding={0}
      radius="md"
      className={classes.tile}
      data-item-id={item.id}
      data-selected={selected || undefined}
      data-selecting={selecting || undefined}
      data-dragging={isDragging || undefined}
    >
      <Box className={classes.thumb}>
        <Thumbnail item={item} className={classes.thumbImage} />
        {selectable && (
          <EntryCheckbox className={classes.check} title={item.title} selected={selected} onCheck={onCheck} />
        )}
        <Box className={classes.state}>
          <Stack gap={4} align="flex-end">
            <TranscodingBadge transcoding={item.transcoding} />
            <UsageBadge usage={usage} />
          </Stack>
        </Box>
        {duration && (
          <Badge className={classes.duration} size="sm" variant="filled" color="dark" radius="sm">
            {duration}
          </Badge>
        )}
        {item.transcoding.state === 'progressing' && (
          <Box
            className={classes.progress}
            style={{ width: `${Math.max(0, Math.min(100, item.transcoding.progress))}%` }}
          />
        )}
      </Box>
      <Group gap={6} wrap="nowrap" px="sm" pt={8}>
        <ItemTypeIcon type={item.itemType} />
        <EntryTitle href={href} title={item.title} hint>
          {title}
        </EntryTitle>
        {actions.length > 0 && (
          <Box className={classes.itemMenu}>
            <ItemActionsMenu title={item.title} actions={actions} context={context} />
          </Box>
        )}
      </Group>
      {detail !== undefined && (
        // Kept when empty, so that every tile of a grid with the line has its captions at one height.
        <Text size="xs" px="sm" pt={2} truncate="end" className={classes.detail}>
          {detail || '\u00a0'}
        </Text>
      )}
      {moments !== undefined && (
        <Box px="sm" h={MOMENTS_HEIGHT} className={classes.moments}>
          {moments}
        </Box>
      )}
      <Text size="xs" c="dimmed" px="sm" pb={8} truncate="end">
        {[t(`types.${item.itemType}`), item.owner.name].filter(Boolean).join(' · ')}
      </Text>
    </Card>
  );
}

interface FolderTileProps {
  folder: Folder;
  focus: EntryFocusProps;
  href: string | undefined;
  menu: ReactNode;
  draggable: boolean;
  onOpen: (() => void) | undefined;
}

/** A subfolder: opens on click, takes dropped items and folders, can itself be dragged. */
export function FolderTile({ folder, focus, href, menu, draggable, onOpen }: FolderTileProps) {
  const { t } = useTranslation('items');
  const { setNodeRef, listeners, isOver, isDragging } = useFolderEntry(folder, draggable);
  return (
    <Card
      ref={setNodeRef}
      {...listeners}
      {...focus}
      withBorder
      padding={0}
      radius="md"
      className={classes.tile}
      data-folder-id={folder.id}
      data-drop-over={isOver || undefined}
      data-dragging={isDragging || undefined}
      onClick={(event) => {
        if (!fromControl(event)) onOpen?.();
      }}
    >
      <Box className={classes.folderThumb}>
        <ThemeIcon variant="light" size={64} radius="md">
          <IconFolder size={40} stroke={1.4} />
        </ThemeIcon>
        {menu && <Box className={classes.menu}>{menu}</Box>}
      </Box>
      <Group gap={6} wrap="nowrap" px="sm" pt={8}>
        <IconFolder
          size={16}
          stroke={1.6}
          style={{ flex: 'none' }}
          aria-label={t('types.folder')}
          role="img"
        />
        <EntryTitle href={href} title={folder.name} hint />
      </Group>
      <Text size="xs" c="dimmed" px="sm" pb={8} truncate="end">
        {[t('types.folder'), folder.owner.name].filter(Boolean).join(' · ')}
      </Text>
    </Card>
  );
}
