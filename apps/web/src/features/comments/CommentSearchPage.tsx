import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { commentLink } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { commentsApi, type CommentHit } from '../../api/comments.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { TextSearchPage } from '../../components/TextSearchPage.tsx';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { formatTime } from '../player/timeFormat.ts';

/** Comments and replies by their words; a hit opens its item at the comment's time. */
export function CommentSearchPage() {
  return (
    <TextSearchPage
      ns="comments"
      queryKey={queryKeys.commentSearch}
      search={commentsApi.search}
      listId="comment-hits"
      renderHit={(hit) => <HitCard hit={hit} />}
    />
  );
}

function HitCard({ hit }: { hit: CommentHit }) {
  const { t } = useTranslation('comments');
  const format = useFormatters();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="comment-hit">
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={commentLink(hit.item.id, hit.id, hit.startMs)} fw={600} size="sm">
          {hit.item.title}
          {hit.startMs !== null && ` · ${formatTime(hit.startMs / 1000)}`}
        </Anchor>
        {hit.parentId !== null && (
          <Badge variant="outline" size="sm" tt="none">
            {t('search.reply')}
          </Badge>
        )}
        {hit.resolved && (
          <Badge color="teal" variant="light" size="sm">
            {t('resolved')}
          </Badge>
        )}
        <Text size="xs" c="dimmed" ml="auto">
          {hit.author?.name ?? t('deletedUser')} · {format.dateTime(hit.createdAt)}
        </Text>
      </Group>
      <Text size="sm" mt={4} lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {hit.text}
      </Text>
    </Paper>
  );
}
