import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { MESSAGES, sequenceRefusal, type FrameRate, type ItemType, type SequenceClip } from '@skald/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { sequencesApi } from '../../api/sequences.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';
import { SequenceExport } from './SequenceExport.tsx';
import { SequencePreview } from './SequencePreview.tsx';
import { SequenceTimeline } from './SequenceTimeline.tsx';
import { rangesOf, type OpenSequence, type SequenceDraft } from './useSequenceDraft.ts';

/** The item loaded in the source player, and its marks. */
export interface CutterSourceState {
  id: string;
  title: string;
  itemType: ItemType;
  frameRate: FrameRate;
  frames: number;
  inFrame: number | null;
  outFrame: number | null;
}

interface SequencePanelProps {
  draft: SequenceDraft;
  /** Null while no video is in the source player. */
  source: CutterSourceState | null;
  /** A new sequence item was saved: the draft now edits it. */
  onSaved: (sequenceId: string) => void;
  /** Closes the sequence open in the draft and empties it. */
  onClose: () => void;
}

/**
 * Spec §1 clip list: marked ranges of video items on a timeline, previewed, saved as a sequence
 * item, edited again (its clips added, removed, reordered, trimmed and saved back into the same
 * item), exported.
 */
export function SequencePanel({ draft, source, onSaved, onClose }: SequencePanelProps) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const specMessage = useSpecMessage();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [title, setTitle] = useState('');
  const create = useMutation({
    mutationFn: (clips: SequenceClip[]) => sequencesApi.create({ title: title.trim(), clips }),
    onSuccess: (item, clips) => {
      draft.savedAs({ id: item.id, title: item.title, canUpdate: true }, clips);
      onSaved(item.id);
    },
  });
  const update = useMutation({
    mutationFn: ({ sequence, clips }: { sequence: OpenSequence; clips: SequenceClip[] }) =>
      sequencesApi.edit(sequence.id, { clips }),
    onSuccess: (saved, { sequence, clips }) => {
      draft.savedAs(sequence, clips);
      queryClient.setQueryData(queryKeys.sequenceClips(sequence.id), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.itemHistory(sequence.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sequenceDependencies(sequence.id) });
    },
  });
  const marked =
    source !== null &&
    source.inFrame !== null &&
    source.outFrame !== null &&
    source.outFrame > source.inFrame;
  const add = () => {
    if (source === null) return;
    // Spec §5: adding items to a sequence requires all items to be video.
    const refused = sequenceRefusal([source.itemType]);
    if (refused !== null) {
      setRefusal(specMessage(MESSAGES[refused]));
      return;
    }
    setRefusal(null);
    if (source.inFrame === null || source.outFrame === null || !marked) return;
    create.reset();
    update.reset();
    draft.add({
      sourceItemId: source.id,
      title: source.title,
      inFrame: source.inFrame,
      outFrame: source.outFrame,
      frameRate: source.frameRate,
      sourceFrames: source.frames,
    });
  };
  const { sequence } = draft;
  const empty = draft.clips.length === 0;
  const saved = (create.isSuccess || update.isSuccess) && !draft.dirty;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('sequence.title')}
        </Title>
        {sequence !== null && (
          <Group justify="space-between" data-testid="sequence-open">
            <Text size="sm">
              {t('sequence.editing')}{' '}
              <Anchor component={Link} to={itemDetailsPath(sequence.id)}>
                {sequence.title}
              </Anchor>
            </Text>
            <Button variant="subtle" onClick={onClose}>
              {t('sequence.close')}
            </Button>
          </Group>
        )}
        <Group>
          <Button variant="default" disabled={!marked} onClick={add}>
            {t('sequence.add')}
          </Button>
          <Button
            variant="default"
            disabled={empty}
            onClick={() => {
              setPreviewing((p) => !p);
            }}
          >
            {previewing ? t('sequence.stopPreview') : t('sequence.previewButton')}
          </Button>
        </Group>
        {refusal !== null && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        {empty ? (
          <Text size="sm" c="dimmed">
            {t('sequence.empty')}
          </Text>
        ) : (
          <SequenceTimeline draft={draft} />
        )}
        {previewing && !empty && <SequencePreview clips={draft.clips} />}
        {sequence !== null && (
          <Group>
            <Button
              disabled={!draft.dirty || empty || !sequence.canUpdate}
              loading={update.isPending}
              onClick={() => {
                update.mutate({ sequence, clips: rangesOf(draft.clips) });
              }}
            >
              {t('sequence.saveChanges')}
            </Button>
            {!sequence.canUpdate && (
              <Text size="sm" c="dimmed">
                {t('sequence.readOnly')}
              </Text>
            )}
          </Group>
        )}
        <Group align="flex-end">
          <TextInput
            label={t('sequence.name')}
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
            }}
            w={320}
          />
          <Button
            variant={sequence === null ? 'filled' : 'default'}
            disabled={empty || title.trim() === ''}
            loading={create.isPending}
            onClick={() => {
              create.mutate(rangesOf(draft.clips));
            }}
          >
            {sequence === null ? t('sequence.save') : t('sequence.saveAsNew')}
          </Button>
        </Group>
        {create.isError && <ErrorAlert>{describe(create.error)}</ErrorAlert>}
        {update.isError && <ErrorAlert>{describe(update.error)}</ErrorAlert>}
        <Text size="sm" fw={600} role="status" data-testid="sequence-saved">
          {saved ? t('sequence.saved') : ''}
        </Text>
        {sequence !== null && (
          <Stack gap="xs">
            {draft.dirty && (
              <Text size="sm" c="dimmed">
                {t('sequence.exportSaved')}
              </Text>
            )}
            <SequenceExport key={sequence.id} sequenceId={sequence.id} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
