import { Anchor, Badge, Chip, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { TASK_STATUSES, canListAllTasks, commentLink, type TaskStatus } from '@skald/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { commentsApi, type RequestTask, type Task, type TaskScope } from '../../api/comments.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { useAccountEvents } from '../../api/events.ts';
import { principalOf } from '../../api/principal.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { PAGE_SIZE } from '../../config.ts';
import { PATHS } from '../../routing/paths.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { formatTime } from '../player/timeFormat.ts';

const STATUS_COLORS: Record<TaskStatus, string> = {
  pending: 'yellow',
  queued: 'gray',
  inProgress: 'blue',
  done: 'teal',
  cancelled: 'gray',
  error: 'red',
};

type TaskKind = 'comments' | 'requests';
interface TaskPage {
  items: (Task | RequestTask)[];
  total: number;
  counts: Record<TaskStatus, number>;
}

/**
 * Spec §2 /userTasks: the comments assigned to me and the upload requests I own (with task.listAll,
 * everyone's), by status (§4).
 */
export function MyTasksPage() {
  const { t } = useTranslation('tasks');
  const me = useCurrentUser();
  const format = useFormatters();
  const client = useQueryClient();
  const mayListAll = canListAllTasks(principalOf(me));
  const [kind, setKind] = useState<TaskKind>('comments');
  const [scope, setScope] = useState<TaskScope>('mine');
  const [status, setStatus] = useState<TaskStatus | null>(null);
  const [page, setPage] = useState(1);
  const params = { scope, status, from: (page - 1) * PAGE_SIZE, itemsPerPage: PAGE_SIZE };
  const list = useQuery({
    queryKey: queryKeys.tasks({ ...params, kind }),
    queryFn: ({ signal }): Promise<TaskPage> =>
      kind === 'comments' ? commentsApi.tasks(params, signal) : commentsApi.requestTasks(params, signal),
    placeholderData: keepPreviousData,
  });
  const paging = { page, setPage, pages: Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)) };
  // A new assignment arrives as a notification: the list follows without a reload.
  useAccountEvents(() => {
    void client.invalidateQueries({ queryKey: queryKeys.comments });
  });
  const counts = list.data?.counts;
  const all = counts ? TASK_STATUSES.reduce((sum, s) => sum + counts[s], 0) : 0;
  const choose = (next: () => void) => {
    next();
    paging.setPage(1);
  };

  return (
    <Stack gap="md" maw={1200}>
      <PageHeading title={t('title')} description={t('description')} />
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          aria-label={t('kind.label')}
          value={kind}
          onChange={(value) => {
            choose(() => {
              setKind(value === 'requests' ? 'requests' : 'comments');
              setStatus(null);
            });
          }}
          data={[
            { value: 'comments', label: t('kind.comments') },
            { value: 'requests', label: t('kind.requests') },
          ]}
        />
        {mayListAll && (
          <SegmentedControl
            aria-label={t('scope.label')}
            value={scope}
            onChange={(value) => {
              choose(() => {
                setScope(value);
              });
            }}
            data={[
              { value: 'mine', label: t('scope.mine') },
              { value: 'all', label: t('scope.all') },
            ]}
          />
        )}
        <Chip.Group
          value={status ?? 'any'}
          onChange={(value) => {
            choose(() => {
              setStatus(value === 'any' ? null : value);
            });
          }}
        >
          <Group gap={6} role="group" aria-label={t('status.label')}>
            <Chip value="any" size="sm">
              {t('status.any', { count: all })}
            </Chip>
            {TASK_STATUSES.map((s) => (
              <Chip key={s} value={s} size="sm" data-testid={`task-filter-${s}`}>
                {t(`status.${s}`)} ({counts?.[s] ?? 0})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>
      {list.isPending && <LoadingState />}
      {list.isError && (
        <ErrorState
          error={list.error}
          onRetry={() => {
            void list.refetch();
          }}
        />
      )}
      {list.data?.items.length === 0 && (
        <EmptyState
          title={t('empty')}
          description={kind === 'comments' ? t('emptyHint') : t('emptyRequestsHint')}
        />
      )}
      {list.data && list.data.items.length > 0 && (
        <DataTable
          label={t('title')}
          testId="tasks-table"
          minWidth={760}
          columns={
            kind === 'comments'
              ? [
                  t('columns.status'),
                  t('columns.task'),
                  t('columns.item'),
                  t('columns.people'),
                  t('columns.created'),
                ]
              : [
                  t('columns.status'),
                  t('columns.request'),
                  t('columns.files'),
                  t('columns.owner'),
                  t('columns.created'),
                ]
          }
          actionsLabel={t('columns.actions')}
        >
          {list.data.items.map((task) =>
            task.kind === 'comment' ? (
              <TaskRow key={task.id} task={task} date={format.dateTime(task.createdAt)} />
            ) : (
              <RequestRow
                key={task.id}
                request={task}
                date={format.dateTime(task.createdAt)}
                expires={format.date(task.expiresAt)}
              />
            ),
          )}
        </DataTable>
      )}
      <ListFooter {...paging} count={list.data ? t('count', { count: list.data.total }) : undefined} />
    </Stack>
  );
}

function StatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** An upload request I own: how many files arrived of those it allows, until when. */
function RequestRow({ request, date, expires }: { request: RequestTask; date: string; expires: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Table.Tr data-testid="task-row" data-task-id={request.id}>
      <Table.Td miw={130}>
        <StatusBadge status={request.status} />
      </Table.Td>
      <Table.Td maw={360}>
        <Anchor component={Link} to={PATHS.myShares} size="sm" lineClamp={2}>
          {request.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t('expires', { date: expires })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t('files', { received: request.received, max: request.maxUses })}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{request.owner?.name ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {date}
        </Text>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}

function TaskRow({ task, date }: { task: Task; date: string }) {
  const { t } = useTranslation('tasks');
  const to = commentLink(task.item.id, task.id, task.startMs);
  return (
    <Table.Tr data-testid="task-row" data-task-id={task.id}>
      <Table.Td miw={130}>
        <StatusBadge status={task.status} />
      </Table.Td>
      <Table.Td maw={360}>
        <Anchor component={Link} to={to} size="sm" lineClamp={2}>
          {task.startMs !== null && `${formatTime(task.startMs / 1000)} · `}
          {task.text}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{task.item.title}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {t('people', { author: task.author?.name ?? '—', assignee: task.assignee?.name ?? '—' })}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {date}
        </Text>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}
