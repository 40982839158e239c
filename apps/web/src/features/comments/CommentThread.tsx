import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconClock,
  IconFocus2,
  IconMessageReply,
  IconPencil,
  IconRotate,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment, CommentReply } from '../../api/comments.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { formatTime } from '../player/timeFormat.ts';
import { CommentTextForm } from './CommentTextForm.tsx';
import type { Picture } from './CommentComposer.tsx';
import { RegionModal } from './RegionModal.tsx';
import { useAssignees, type CommentMutations } from './useComments.ts';

interface ThreadProps {
  comment: Comment;
  mutations: CommentMutations;
  canWrite: boolean;
  canStatus: boolean;
  highlighted: boolean;
  onSeek: (ms: number) => void;
  picture: Picture | null;
}

/** A comment with its replies and what the user may do with it. */
export function CommentThread(props: ThreadProps) {
  const { comment, mutations, canWrite, canStatus, highlighted, onSeek, picture } = props;
  const { t } = useTranslation('comments');
  const { describe } = useErrorMessage();
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const assignees = useAssignees(canStatus);
  const failed = (error: unknown) => {
    notifyError(describe(error));
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="comment"
      data-comment-id={comment.id}
      data-resolved={comment.resolved || undefined}
      bg={highlighted ? 'var(--mantine-color-yellow-light)' : undefined}
    >
      <Stack gap="xs">
        <CommentBody comment={comment} mutations={mutations} onSeek={onSeek} picture={picture}>
          {comment.resolved && (
            <Badge color="teal" variant="light" size="sm">
              {t('resolved')}
            </Badge>
          )}
        </CommentBody>
        <Group gap="xs" wrap="wrap">
          {canStatus && (
            <Select
              size="xs"
              w={200}
              aria-label={t('assignee')}
              placeholder={t('unassigned')}
              searchable
              clearable
              data={assigneeOptions(assignees.data?.items ?? [], comment.assignee)}
              value={comment.assignee?.id ?? null}
              onChange={(userId) => {
                mutations.assign.mutate({ id: comment.id, userId }, { onError: failed });
              }}
            />
          )}
          {!canStatus && comment.assignee && (
            <Badge variant="outline" size="sm" tt="none">
              {t('assignedTo', { name: comment.assignee.name })}
            </Badge>
          )}
          {canStatus && (
            <Button
              size="xs"
              variant="light"
              color={comment.resolved ? 'gray' : 'teal'}
              leftSection={comment.resolved ? <IconRotate size={14} /> : <IconCheck size={14} />}
              onClick={() => {
                mutations.setResolved.mutate(
                  { id: comment.id, resolved: !comment.resolved },
                  { onError: failed },
                );
              }}
            >
              {comment.resolved ? t('reopen') : t('resolve')}
            </Button>
          )}
          {canWrite && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconMessageReply size={14} />}
              onClick={() => {
                setReplying((open) => !open);
              }}
            >
              {t('reply')}
            </Button>
          )}
        </Group>
        {comment.replies.length > 0 && (
          <Stack gap="xs" pl="lg" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
            {comment.replies.map((r) => (
              <div key={r.id} data-testid="comment-reply" data-comment-id={r.id}>
                <CommentBody comment={r} mutations={mutations} onSeek={onSeek} picture={picture} />
              </div>
            ))}
          </Stack>
        )}
        {replying && (
          <CommentTextForm
            indent
            label={t('replyLabel')}
            submitLabel={t('sendReply')}
            value={reply}
            onChange={setReply}
            pending={mutations.create.isPending}
            onCancel={() => {
              setReplying(false);
            }}
            onSubmit={() => {
              mutations.create.mutate(
                { text: reply, parentId: comment.id },
                {
                  onSuccess: () => {
                    setReply('');
                    setReplying(false);
                  },
                  onError: failed,
                },
              );
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** The list of assignees, keeping the current one even when the directory no longer lists them. */
function assigneeOptions(
  users: { id: string; name: string }[],
  current: { id: string; name: string } | null,
) {
  const options = users.map((u) => ({ value: u.id, label: u.name }));
  if (current && !users.some((u) => u.id === current.id))
    options.push({ value: current.id, label: current.name });
  return options;
}

interface BodyProps {
  comment: CommentReply;
  mutations: CommentMutations;
  onSeek: (ms: number) => void;
  picture: Picture | null;
  children?: React.ReactNode;
}

/** Who wrote what when, where in the media, and (theirs) edit and delete. */
function CommentBody({ comment, mutations, onSeek, picture, children }: BodyProps) {
  const { t } = useTranslation('comments');
  const format = useFormatters();
  const { describe } = useErrorMessage();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [showRegion, setShowRegion] = useState(false);

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {comment.author?.name ?? t('deletedUser')}
        </Text>
        <Text size="xs" c="dimmed">
          {format.dateTime(comment.createdAt)}
        </Text>
        {comment.startMs !== null && comment.parentId === null && (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconClock size={12} />}
            aria-label={t('seekTo', { time: formatTime(comment.startMs / 1000) })}
            onClick={() => {
              onSeek(comment.startMs ?? 0);
            }}
          >
            {comment.endMs === null
              ? formatTime(comment.startMs / 1000)
              : `${formatTime(comment.startMs / 1000)}–${formatTime(comment.endMs / 1000)}`}
          </Button>
        )}
        {comment.region && picture && comment.parentId === null && (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconFocus2 size={12} />}
            onClick={() => {
              setShowRegion(true);
            }}
          >
            {t('region.show')}
          </Button>
        )}
        {comment.edited && (
          <Tooltip label={comment.editedAt ? format.dateTime(comment.editedAt) : ''}>
            <Text size="xs" c="dimmed" fs="italic">
              {t('edited')}
            </Text>
          </Tooltip>
        )}
        {children}
        <Group gap={2} ml="auto">
          {comment.canEdit && (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('edit')}
              onClick={() => {
                setEditing(comment.text);
              }}
            >
              <IconPencil size={14} />
            </ActionIcon>
          )}
          {comment.canDelete && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('delete')}
              onClick={() => {
                setDeleting(true);
              }}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {editing === null ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.text}
        </Text>
      ) : (
        <CommentTextForm
          label={t('editLabel')}
          submitLabel={t('save')}
          value={editing}
          onChange={setEditing}
          pending={mutations.update.isPending}
          onCancel={() => {
            setEditing(null);
          }}
          onSubmit={() => {
            mutations.update.mutate(
              { id: comment.id, patch: { text: editing } },
              {
                onSuccess: () => {
                  setEditing(null);
                },
                onError: (error) => {
                  notifyError(describe(error));
                },
              },
            );
          }}
        />
      )}
      {comment.region && picture && (
        <RegionModal
          opened={showRegion}
          onClose={() => {
            setShowRegion(false);
          }}
          title={picture.title}
          previewUrl={picture.url}
          region={comment.region}
        />
      )}
      <ConfirmDialog
        opened={deleting}
        title={t('deleteTitle')}
        message={t('deleteMessage')}
        confirmLabel={t('delete')}
        loading={mutations.remove.isPending}
        onClose={() => {
          setDeleting(false);
        }}
        onConfirm={() => {
          mutations.remove.mutate(comment.id, {
            onSuccess: () => {
              setDeleting(false);
            },
            onError: (error) => {
              notifyError(describe(error));
            },
          });
        }}
      />
    </Stack>
  );
}
