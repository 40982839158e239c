import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { itemsApi } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { sequencesApi } from '../../api/sequences.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';
import { PresetPicker } from './PresetPicker.tsx';
import { RightsDialog, useRightsQuestion } from './RightsDialog.tsx';

/**
 * A saved sequence through a preset into a new video item (spec §6 item.exportSequence): asks first
 * when sources are outside their usage rights, then follows the render's progress to the new item,
 * or says why it failed.
 */
export function SequenceExport({ sequenceId }: { sequenceId: string }) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const specMessage = useSpecMessage();
  const rights = useRightsQuestion();
  const start = useMutation({
    mutationFn: ({ presetId, confirmRights }: { presetId: string; confirmRights: boolean }) =>
      sequencesApi.export(sequenceId, { presetId, confirmRights }),
    onSuccess: rights.clear,
    onError: rights.ask,
  });
  const madeId = start.data?.item.id ?? null;
  const made = useQuery({
    queryKey: queryKeys.item(madeId ?? ''),
    queryFn: ({ signal }) => itemsApi.get(madeId ?? '', signal),
    enabled: madeId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.transcoding.state;
      return state === 'complete' || state === 'error' ? false : 1000;
    },
  });
  const state = made.data?.transcoding;

  return (
    <PresetPicker
      needs={['sequence', 'video']}
      title={t('sequence.exportTitle')}
      label={t('sequence.exportPreset')}
    >
      {({ presetId, select }) => (
        <Stack gap="sm">
          <Group align="flex-end">
            {select}
            <Button
              disabled={presetId === null}
              loading={start.isPending}
              onClick={() => {
                if (presetId) start.mutate({ presetId, confirmRights: false });
              }}
            >
              {t('sequence.export')}
            </Button>
          </Group>
          {start.isError && rights.question === null && <ErrorAlert>{describe(start.error)}</ErrorAlert>}
          {start.data && (
            <Stack gap={4} data-testid="sequence-export-progress">
              <Anchor component={Link} to={itemDetailsPath(start.data.item.id)}>
                {start.data.item.title}
              </Anchor>
              {state?.state === 'error' ? (
                <Alert color="red" title={t('sequence.exportFailed')}>
                  {specMessage(state.errorMessage ?? '')}
                </Alert>
              ) : state?.state === 'complete' ? (
                <Text size="sm" fw={600} data-testid="sequence-export-done">
                  {t('sequence.exportDone')}
                </Text>
              ) : (
                <Progress
                  value={state?.progress ?? 0}
                  animated
                  aria-label={t('sequence.exportProgress', { percent: state?.progress ?? 0 })}
                />
              )}
            </Stack>
          )}
          <RightsDialog
            question={rights.question}
            loading={start.isPending}
            onConfirm={() => {
              if (presetId) start.mutate({ presetId, confirmRights: true });
            }}
            onClose={rights.clear}
          />
        </Stack>
      )}
    </PresetPicker>
  );
}
