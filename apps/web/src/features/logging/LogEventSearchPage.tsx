import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logEventsApi, type LogEventHit } from '../../api/logEvents.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { TextSearchPage } from '../../components/TextSearchPage.tsx';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useFormSchema } from '../metadata-forms/useFormSchema.ts';
import { formatTime } from '../player/timeFormat.ts';

/** Log events by the words of their text; a hit opens its item's Logging tab at the event's time. */
export function LogEventSearchPage() {
  return (
    <TextSearchPage
      ns="logging"
      queryKey={queryKeys.logEventSearch}
      search={logEventsApi.search}
      listId="log-event-hits"
      renderHit={(hit) => <HitCard hit={hit} />}
    />
  );
}

function HitCard({ hit }: { hit: LogEventHit }) {
  const { t } = useTranslation('logging');
  const { forms } = useFormSchema();
  const form = forms.find((f) => f.id === hit.formId);
  const seconds = hit.startMs / 1000;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="log-event-hit">
      <Group gap="xs" wrap="wrap">
        <Anchor
          component={Link}
          to={`${itemDetailsPath(hit.item.id, 'logging')}&t=${String(seconds)}`}
          fw={600}
          size="sm"
        >
          {t('search.at', { title: hit.item.title, time: formatTime(seconds) })}
        </Anchor>
        <Badge variant="light" size="sm" tt="none">
          {form?.label ?? hit.formId}
        </Badge>
      </Group>
      <Text size="sm" mt={4} lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {hit.text}
      </Text>
    </Paper>
  );
}
