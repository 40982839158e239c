import { Alert, Anchor, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { itemsApi } from '../../api/items.ts';
import { presetsApi } from '../../api/presets.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { sequencesApi } from '../../api/sequences.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';

/**
 * A saved sequence through a preset into a new video item (spec §6 item.exportSequence): asks first
 * when sources are outside their usage rights, then follows the render's progress to the new item,
 * or says why it failed.
 */
export function SequenceExport({ sequenceId }: { sequenceId: string }) {
  const { t } = useTranslation('cutter');
  const { describe, fieldMessage } = useErrorMessage();
  const specMessage = useSpecMessage();
  const presets = useQuery({
    queryKey: queryKeys.presetChoice(['sequence', 'video']),
    queryFn: ({ signal }) => presetsApi.list(['sequence', 'video'], signal),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [rightsQuestion, setRightsQuestion] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: ({ presetId, confirmRights }: { presetId: string; confirmRights: boolean }) =>
      sequencesApi.export(sequenceId, { presetId, confirmRights }),
    onSuccess: () => {
      setRightsQuestion(null);
    },
    onError: (error) => {
      const question =
        isApiError(error) && error.code === 'conflict' ? fieldMessage(error, 'confirmRights') : null;
      setRightsQuestion(question ?? null);
    },
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

  if (presets.isPending) return null;
  if (presets.isError) return <ErrorAlert>{describe(presets.error)}</ErrorAlert>;
  const { items, message } = presets.data;
  if (message !== null)
    return (
      <Alert color="yellow" title={t('sequence.exportTitle')}>
        {message
          .split('. ')
          .map((part) => specMessage(part))
          .join('. ')}
      </Alert>
    );
  const presetId = chosen ?? (items.find((p) => p.isDefault) ?? items[0])?.id ?? null;
  const state = made.data?.transcoding;
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label={t('sequence.exportPreset')}
          value={presetId}
          data={items.map((p) => ({ value: p.id, label: p.name }))}
          onChange={setChosen}
          allowDeselect={false}
          w={320}
        />
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
      {start.isError && rightsQuestion === null && <ErrorAlert>{describe(start.error)}</ErrorAlert>}
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
      <ConfirmDialog
        opened={rightsQuestion !== null}
        title={t('rights.title')}
        message={`${rightsQuestion ?? ''}. ${t('rights.question')}`}
        confirmLabel={t('rights.confirm')}
        destructive={false}
        loading={start.isPending}
        onConfirm={() => {
          if (presetId) start.mutate({ presetId, confirmRights: true });
        }}
        onClose={() => {
          setRightsQuestion(null);
        }}
      />
    </Stack>
  );
}
