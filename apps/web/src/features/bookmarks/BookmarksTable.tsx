import { ActionIcon, Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { Bookmark } from '../../api/bookmarks.ts';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { bookmarkHref } from './bookmarkLinks.ts';
import { BookmarkGlyph, iconOf } from './BookmarkGlyph.tsx';
import { movedOrder, type Step } from './reorder.ts';

interface BookmarksTableProps {
  label: string;
  testId: string;
  bookmarks: Bookmark[];
  onMove: (ids: string[]) => void;
  onEdit: (bookmark: Bookmark) => void;
  onDelete: (bookmark: Bookmark) => void;
}

const STEPS: readonly { step: Step; icon: typeof IconArrowUp; key: string }[] = [
  { step: -1, icon: IconArrowUp, key: 'page.moveUp' },
  { step: 1, icon: IconArrowDown, key: 'page.moveDown' },
];

/** Bookmarks of one section in navigation order, with who sees each, and moving, editing and deleting. */
export function BookmarksTable({ label, testId, bookmarks, onMove, onEdit, onDelete }: BookmarksTableProps) {
  const { t } = useTranslation('bookmarks');
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  // The move button pressed last, to keep the focus on it once its row has moved.
  const movedBy = useRef<{ id: string; step: Step } | null>(null);
  useEffect(() => {
    const moved = movedBy.current;
    if (!moved) return;
    movedBy.current = null;
    const same = moveButtons.current.get(`${moved.id}:${moved.step}`);
    // At the end of its list the pressed button is disabled: the other one takes the focus.
    (same?.disabled ? moveButtons.current.get(`${moved.id}:${-moved.step}`) : same)?.focus();
  }, [bookmarks]);

  return (
    <DataTable
      label={label}
      testId={testId}
      minWidth={560}
      columns={[t('page.columns.title'), t('page.columns.audience')]}
      actionsLabel={t('page.columns.actions')}
    >
      {bookmarks.map((bookmark) => (
        <Table.Tr key={bookmark.id} data-bookmark-id={bookmark.id}>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <BookmarkGlyph icon={iconOf(bookmark)} />
              <Anchor component={Link} to={bookmarkHref(bookmark)} size="sm" fw={500}>
                {bookmark.title}
              </Anchor>
            </Group>
          </Table.Td>
          <Table.Td>
            <Audience bookmark={bookmark} />
          </Table.Td>
          <Table.Td>
            {bookmark.canEdit && (
              <RowActions>
                {STEPS.map(({ step, icon: Arrow, key }) => {
                  const order = movedOrder(bookmarks, bookmark.id, step);
                  return (
                    <ActionIcon
                      key={step}
                      ref={(button) => {
                        if (button) moveButtons.current.set(`${bookmark.id}:${step}`, button);
                        else moveButtons.current.delete(`${bookmark.id}:${step}`);
                      }}
                      variant="subtle"
                      color="gray"
                      aria-label={t(key, { title: bookmark.title })}
                      disabled={!order}
                      onClick={() => {
                        if (!order) return;
                        movedBy.current = { id: bookmark.id, step };
                        onMove(order);
                      }}
                    >
                      <Arrow size={16} />
                    </ActionIcon>
                  );
                })}
                <EditAction
                  label={t('page.edit', { title: bookmark.title })}
                  onClick={() => {
                    onEdit(bookmark);
                  }}
                />
                <DeleteAction
                  label={t('page.delete', { title: bookmark.title })}
                  onClick={() => {
                    onDelete(bookmark);
                  }}
                />
              </RowActions>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** Private, or who sees a system bookmark. */
function Audience({ bookmark }: { bookmark: Bookmark }) {
  const { t } = useTranslation('bookmarks');
  if (bookmark.scope === 'private') {
    return (
      <Badge variant="light" color="gray" tt="none">
        {t('page.audience.private')}
      </Badge>
    );
  }
  const visibility = bookmark.visibility ?? { level: 'everyone', groupIds: [] };
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" tt="none">
        {t('page.audience.system')}
      </Badge>
      <Text size="sm" c="dimmed">
        {visibility.level === 'selected_groups'
          ? t('page.audience.groups', { count: visibility.groupIds.length })
          : t(`page.audience.${visibility.level}`)}
      </Text>
    </Group>
  );
}
