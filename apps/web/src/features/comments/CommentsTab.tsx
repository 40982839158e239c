import { SegmentedControl, Stack } from '@mantine/core';
import { canChangeCommentStatus, canWriteComments } from '@skald/domain';
import { useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CommentState } from '../../api/comments.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { principalOf } from '../../api/principal.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PlayerLinkContext } from '../player/playerLink.ts';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentThread } from './CommentThread.tsx';
import { useCommentMutations, useItemComments } from './useComments.ts';

const TIMED = new Set(['video', 'audio', 'live']);

/**
 * The item page's Comments tab (spec §2, §3): the comments with their replies, pinned to times of the
 * media (markers on the player's timeline), resolved or open, assigned; ?comment= highlights one.
 */
export function CommentsTab({ item }: { item: Item }) {
  const { t } = useTranslation('comments');
  const me = useCurrentUser();
  const principal = principalOf(me);
  const { describe } = useErrorMessage();
  const link = useContext(PlayerLinkContext);
  const [params] = useSearchParams();
  const [state, setState] = useState<CommentState>('all');
  const [highlighted, setHighlighted] = useState<string | null>(params.get('comment'));
  const comments = useItemComments(item.id, state);
  const mutations = useCommentMutations(item.id);
  const canWrite = canWriteComments(principal) && !item.isDeleted;
  const canStatus = canChangeCommentStatus(principal) && !item.isDeleted;
  const previewUrl = item.itemType === 'image' ? item.playback?.previewUrl : null;
  const picture = previewUrl ? { url: previewUrl, title: item.title } : null;

  const list = comments.data?.items;
  useEffect(() => {
    if (!link || !list) return;
    link.setMarkers(
      list
        .filter((c) => c.startMs !== null)
        .map((c) => ({
          id: c.id,
          startMs: c.startMs ?? 0,
          endMs: c.endMs,
          label: c.text.slice(0, 80),
          resolved: c.resolved,
        })),
      (id) => {
        setHighlighted(id);
        document.querySelector(`[data-comment-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest' });
      },
    );
  }, [link, list]);
  useEffect(() => () => link?.setMarkers([], () => undefined), [link]);

  const seek = (ms: number) => {
    link?.seek(ms / 1000);
  };

  return (
    <Stack gap="md" data-testid="comments-tab">
      {canWrite && (
        <CommentComposer
          timed={TIMED.has(item.itemType)}
          picture={picture}
          canAssign={canStatus}
          pending={mutations.create.isPending}
          onSubmit={(input, done) => {
            mutations.create.mutate(input, {
              onSuccess: done,
              onError: (error) => {
                notifyError(describe(error));
              },
            });
          }}
        />
      )}
      <SegmentedControl
        aria-label={t('filter.label')}
        value={state}
        onChange={(value) => {
          setState(value);
        }}
        data={[
          { value: 'all', label: t('filter.all') },
          { value: 'unresolved', label: t('filter.unresolved') },
          { value: 'resolved', label: t('filter.resolved') },
        ]}
        w="fit-content"
      />
      {comments.isPending && <LoadingState />}
      {comments.isError && (
        <ErrorState
          error={comments.error}
          onRetry={() => {
            void comments.refetch();
          }}
        />
      )}
      {list?.length === 0 && <EmptyState title={t('empty')} />}
      {list?.map((comment) => (
        <CommentThread
          key={comment.id}
          comment={comment}
          mutations={mutations}
          canWrite={canWrite}
          canStatus={canStatus}
          highlighted={highlighted === comment.id || comment.replies.some((r) => r.id === highlighted)}
          onSeek={seek}
          picture={picture}
        />
      ))}
    </Stack>
  );
}
