import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { MESSAGES, sequenceRefusal, type FrameRate, type ItemType } from '@skald/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sequencesApi } from '../../api/sequences.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { itemDetailsPath } from '../../routing/paths.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';
import { SequenceExport } from './SequenceExport.tsx';
import { SequencePreview } from './SequencePreview.tsx';
import { SequenceTimeline } from './SequenceTimeline.tsx';
import type { SequenceDraft } from './useSequenceDraft.ts';

interface SequencePanelProps {
  draft: SequenceDraft;
  /** The item loaded in the source player, and its marks. */
  source: { id: string; title: string; itemType: ItemType; frameRate: FrameRate; frames: number };
  inFrame: number | null;
  outFrame: number | null;
}

/** Spec §1 clip list: marked ranges of video items on a timeline, previewed, saved as a sequence item, exported. */
export function SequencePanel({ draft, source, inFrame, outFrame }: SequencePanelProps) {
  const { t } = useTranslation('cutter');
  const { describe } = useErrorMessage();
  const specMessage = useSpecMessage();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [title, setTitle] = useState('');
  const save = useMutation({
    mutationFn: () =>
      sequencesApi.create({
        title: title.trim(),
        clips: draft.clips.map(({ sourceItemId, inFrame: from, outFrame: to }) => ({
          sourceItemId,
          inFrame: from,
          outFrame: to,
        })),
      }),
  });
  const marked = inFrame !== null && outFrame !== null && outFrame > inFrame;
  const add = () => {
    // Spec §5: adding items to a sequence requires all items to be video.
    const refused = sequenceRefusal([source.itemType]);
    if (refused !== null) {
      setRefusal(specMessage(MESSAGES[refused]));
      return;
    }
    setRefusal(null);
    if (!marked) return;
    save.reset();
    draft.add({
      sourceItemId: source.id,
      title: source.title,
      inFrame,
      outFrame,
      frameRate: source.frameRate,
      sourceFrames: source.frames,
    });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('sequence.title')}
        </Title>
        <Group>
          <Button variant="default" disabled={!marked} onClick={add}>
            {t('sequence.add')}
          </Button>
          <Button
            variant="default"
            disabled={draft.clips.length === 0}
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
        {draft.clips.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('sequence.empty')}
          </Text>
        ) : (
          <SequenceTimeline draft={draft} />
        )}
        {previewing && draft.clips.length > 0 && <SequencePreview clips={draft.clips} />}
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
            disabled={draft.clips.length === 0 || title.trim() === ''}
            loading={save.isPending}
            onClick={() => {
              save.mutate();
            }}
          >
            {t('sequence.save')}
          </Button>
        </Group>
        {save.isError && <ErrorAlert>{describe(save.error)}</ErrorAlert>}
        {save.isSuccess && (
          <Stack gap="sm">
            <Alert color="green" title={t('sequence.saved')}>
              <Anchor component={Link} to={itemDetailsPath(save.data.id)}>
                {save.data.title}
              </Anchor>
            </Alert>
            <SequenceExport sequenceId={save.data.id} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
