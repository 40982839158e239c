import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Item } from '../../api/items.ts';
import { itemDetailsPath } from '../../routing/paths.ts';

/** Relations: the item this one is made of, what it is to it, and a link to it. */
function SourcePanel({
  title,
  text,
  sourceItemId,
  testId,
}: {
  title: string;
  text: string;
  sourceItemId: string;
  testId: string;
}) {
  const { t } = useTranslation('itemDetails');
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm">
        {text}{' '}
        <Anchor component={Link} to={itemDetailsPath(sourceItemId)}>
          {t('clipSource.open')}
        </Anchor>
      </Text>
    </Paper>
  );
}

/** Relations: the item a virtual clip plays, and the range of it (spec §6 item.createVirtualClip). */
export function ClipSource({ clip }: { clip: NonNullable<Item['virtualClip']> }) {
  const { t } = useTranslation('itemDetails');
  return (
    <SourcePanel
      title={t('clipSource.title')}
      text={t('clipSource.range', { start: clip.startSeconds.toFixed(2), end: clip.endSeconds.toFixed(2) })}
      sourceItemId={clip.sourceItemId}
      testId="clip-source"
    />
  );
}

/** Relations: the item a render made this one from through a preset (a subclip, a whole render, an export). */
export function RenderSource({ from }: { from: NonNullable<Item['renderedFrom']> }) {
  const { t } = useTranslation('itemDetails');
  return (
    <SourcePanel
      title={t('renderSource.title')}
      text={t('renderSource.text')}
      sourceItemId={from.sourceItemId}
      testId="render-source"
    />
  );
}
