import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Item } from '../../api/items.ts';
import { itemDetailsPath } from '../../routing/paths.ts';

/** Relations: the item a virtual clip plays, and the range of it (spec §6 item.createVirtualClip). */
export function ClipSource({ clip }: { clip: NonNullable<Item['virtualClip']> }) {
  const { t } = useTranslation('itemDetails');
  return (
    <Paper withBorder p="md" data-testid="clip-source">
      <Title order={2} size="h4">
        {t('clipSource.title')}
      </Title>
      <Text size="sm">
        {t('clipSource.range', { start: clip.startSeconds.toFixed(2), end: clip.endSeconds.toFixed(2) })}{' '}
        <Anchor component={Link} to={itemDetailsPath(clip.sourceItemId)}>
          {t('clipSource.open')}
        </Anchor>
      </Text>
    </Paper>
  );
}
