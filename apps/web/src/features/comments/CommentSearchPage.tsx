import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { commentLink } from '@skald/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { commentsApi, type CommentHit } from '../../api/comments.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { ListFooter } from '../../components/ListFooter.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { PAGE_SIZE } from '../../config.ts';
import { useFormatters } from '../../i18n/useFormatters.ts';
import { formatTime } from '../player/timeFormat.ts';

const MIN_LENGTH = 2;

/** Comments and replies by their words; a hit opens its item at the comment's time. */
export function CommentSearchPage() {
  const { t } = useTranslation('comments');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const query = { q, from: (page - 1) * PAGE_SIZE, itemsPerPage: PAGE_SIZE };
  const hits = useQuery({
    queryKey: queryKeys.commentSearch(query),
    queryFn: ({ signal }) => commentsApi.search(query, signal),
    enabled: q.length >= MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((hits.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack gap="md" maw={960}>
      <PageHeading title={t('search.title')} description={t('search.description')} />
      <SearchField
        label={t('search.label')}
        value={text}
        onChange={(value) => {
          setText(value);
          setPage(1);
          setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
        }}
      />
      {q.length < MIN_LENGTH && <EmptyState title={t('search.start')} />}
      {q.length >= MIN_LENGTH && hits.isPending && <LoadingState />}
      {hits.isError && (
        <ErrorState
          error={hits.error}
          onRetry={() => {
            void hits.refetch();
          }}
        />
      )}
      {q.length >= MIN_LENGTH && hits.data?.items.length === 0 && <EmptyState title={t('search.none')} />}
      {q.length >= MIN_LENGTH && hits.data && hits.data.items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          data-testid="comment-hits"
        >
          {hits.data.items.map((hit) => (
            <li key={hit.id}>
              <HitCard hit={hit} />
            </li>
          ))}
        </Stack>
      )}
      {q.length >= MIN_LENGTH && (
        <ListFooter
          page={page}
          pages={pages}
          setPage={setPage}
          count={hits.data ? t('search.count', { count: hits.data.total }) : undefined}
        />
      )}
    </Stack>
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
