import { Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { framesToTimecode } from '@skald/domain';
import { IconCut } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { sequencesApi } from '../../api/sequences.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { cutterSequencePath, itemDetailsPath } from '../../routing/paths.ts';

/**
 * A sequence item's page: its clips, "Edit in cutter" (general.mimirCutter), and what an export of
 * it depends on — each source with the parts used (spec §6 item.dependenciesOnExportSequence).
 */
export function SequenceItemPanel({ item }: { item: Item }) {
  const { t } = useTranslation('cutter');
  const me = useCurrentUser();
  if (item.itemType !== 'sequence' || item.isDeleted) return null;
  return (
    <Paper withBorder p="md" data-testid="sequence-item">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('sequence.title')}
        </Title>
        {hasPermission(me, 'general.mimirCutter') && (
          <Button
            component={Link}
            to={cutterSequencePath(item.id)}
            variant="default"
            leftSection={<IconCut size={16} />}
            w="fit-content"
          >
            {t('sequence.editInCutter')}
          </Button>
        )}
        {hasPermission(me, 'item.dependenciesOnExportSequence') && <Dependencies sequenceId={item.id} />}
      </Stack>
    </Paper>
  );
}

function Dependencies({ sequenceId }: { sequenceId: string }) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const dependencies = useQuery({
    queryKey: queryKeys.sequenceDependencies(sequenceId),
    queryFn: ({ signal }) => sequencesApi.dependencies(sequenceId, signal),
  });
  if (dependencies.isPending) return null;
  if (dependencies.isError) return <ErrorAlert>{describe(dependencies.error)}</ErrorAlert>;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('sequence.dependencies')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sequence.dependenciesHint')}
      </Text>
      <List data-testid="sequence-dependencies">
        {dependencies.data.dependencies.map((d) => (
          <List.Item key={d.sourceItemId}>
            <Anchor component={Link} to={itemDetailsPath(d.sourceItemId)}>
              {d.title}
            </Anchor>{' '}
            <Text span size="sm" c="dimmed" ff="monospace">
              {d.parts
                .map(
                  (p) =>
                    `${framesToTimecode(p.inFrame, d.frameRate)}–${framesToTimecode(p.outFrame - 1, d.frameRate)}`,
                )
                .join(', ')}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
