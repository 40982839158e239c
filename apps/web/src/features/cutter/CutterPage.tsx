import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  framesToTimecode,
  hasPermission,
  secondsToFrame,
  SOUND_FRAME_RATE,
  sourceTimecode,
} from '@skald/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import { itemsApi, type TechnicalMetadata } from '../../api/items.ts';
import { principalOf } from '../../api/principal.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { cutterSequencePath } from '../../routing/paths.ts';
import { MediaPlayer, type PlayerItem } from '../player/MediaPlayer.tsx';
import { PlayerLink, PlayerLinkContext } from '../player/playerLink.ts';
import { NoAccess } from '../tenant-admin/NoAccess.tsx';
import { mark, type CutterCommand, type Marks } from './cutterKeys.ts';
import { RenderIntoPlaceholder } from './RenderIntoPlaceholder.tsx';
import { SequencePanel, type CutterSourceState } from './SequencePanel.tsx';
import { SubclipPanel } from './SubclipPanel.tsx';
import { useOpenSequence } from './useOpenSequence.ts';
import { useSequenceDraft } from './useSequenceDraft.ts';
import { VirtualClipPanel } from './VirtualClipPanel.tsx';
import { useFrameClock } from './useFrameClock.ts';
import { useCutterKeys } from './useCutterKeys.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * Spec §2 /cutter (general.mimirCutter): a source player (video, or sound with its waveform), marks
 * in and out by keyboard, subclips, virtual clips, and a sequence — new, or a saved one opened again
 * (`?sequence=`, or its ID loaded); timecode counted from the source's own start timecode.
 */
export function CutterPage() {
  const { t } = useTranslation('cutter');
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const itemId = params.get('item');
  const sequenceId = params.get('sequence');
  // The clip list outlives the item in the source player: ranges of several items join it.
  const draft = useSequenceDraft();
  const opening = useOpenSequence(sequenceId, draft);
  const [source, setSource] = useState<CutterSourceState | null>(null);
  const setParam = (name: 'item' | 'sequence', value: string | null) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });
  };
  if (!hasPermission(principalOf(me), 'general.mimirCutter')) return <NoAccess description={t('noAccess')} />;
  return (
    <Stack maw={1200}>
      <PageHeading title={t('title')} description={t('subtitle')} />
      <ItemChooser
        onChoose={(id) => {
          setParam('item', id);
        }}
      />
      {itemId === null ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <CutterSource key={itemId} itemId={itemId} onSource={setSource} />
      )}
      {opening.error !== null ? (
        <ErrorState error={opening.error} onRetry={opening.retry} />
      ) : opening.loading ? (
        <LoadingState />
      ) : (
        <SequencePanel
          draft={draft}
          source={itemId === null ? null : source}
          onSaved={(id) => {
            setParam('sequence', id);
          }}
          onClose={() => {
            draft.close();
            setParam('sequence', null);
          }}
        />
      )}
    </Stack>
  );
}

function ItemChooser({ onChoose }: { onChoose: (id: string) => void }) {
  const { t } = useTranslation('cutter');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = UUID.exec(text)?.[0];
    if (!id) {
      setError(t('chooser.invalid'));
      return;
    }
    setError(null);
    onChoose(id.toLowerCase());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start">
        <TextInput
          label={t('chooser.label')}
          description={t('chooser.hint')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
          }}
          error={error}
          w={460}
        />
        <Button type="submit" variant="default" mt={46}>
          {t('chooser.load')}
        </Button>
      </Group>
    </form>
  );
}

type OnSource = (source: CutterSourceState | null) => void;

function CutterSource({ itemId, onSource }: { itemId: string; onSource: OnSource }) {
  const item = useQuery({
    queryKey: queryKeys.item(itemId),
    queryFn: ({ signal }) => itemsApi.get(itemId, signal),
  });
  if (item.isPending) return <LoadingState />;
  if (item.isError) return <ErrorState error={item.error} onRetry={() => void item.refetch()} />;
  // A saved sequence loaded by its ID opens on the timeline, to be edited.
  if (item.data.itemType === 'sequence') return <Navigate to={cutterSequencePath(item.data.id)} replace />;
  return <Cutter item={item.data} onSource={onSource} />;
}

/** The item in the source player: what it plays, and what its timecode counts from. */
type CutterItem = PlayerItem & {
  id: string;
  technicalMetadata: Pick<TechnicalMetadata, 'durationSeconds' | 'frameRate' | 'startTimecode'> | null;
};

function Cutter({ item, onSource }: { item: CutterItem; onSource: OnSource }) {
  const { t } = useTranslation('cutter');
  const canClip = hasPermission(principalOf(useCurrentUser()), 'item.createVirtualClip');
  const [link] = useState(() => new PlayerLink());
  // Sound has no frames: it is counted at the house rate, as the server counts its subclips.
  const rate = item.technicalMetadata?.frameRate ?? SOUND_FRAME_RATE;
  const start = item.technicalMetadata?.startTimecode ?? null;
  const isVideo = item.itemType === 'video';
  const { frame, frameNow, seekFrame } = useFrameClock(link, rate);
  const [marks, setMarks] = useState<Marks>({ inFrame: null, outFrame: null });
  const lastFrame = Math.max(0, secondsToFrame(item.technicalMetadata?.durationSeconds ?? 0, rate) - 1);
  const goTo = (target: number) => {
    seekFrame(Math.min(lastFrame, Math.max(0, target)));
  };
  const run = (command: CutterCommand) => {
    // Read when the key is pressed, not when React next renders: a mark is the frame shown then,
    // and keys pressed faster than the player seeks each step on from the last one.
    const here = frameNow();
    switch (command) {
      case 'markIn':
      case 'markOut':
        setMarks((m) => mark(m, command, here));
        return;
      case 'previousFrame':
        goTo(here - 1);
        return;
      case 'nextFrame':
        goTo(here + 1);
        return;
      case 'goToIn':
        if (marks.inFrame !== null) goTo(marks.inFrame);
        return;
      case 'goToOut':
        if (marks.outFrame !== null) goTo(marks.outFrame - 1);
        return;
    }
  };
  useCutterKeys(run);
  // The sequence panel adds the marked range of this item.
  const { numerator, denominator } = rate;
  useEffect(() => {
    onSource({
      id: item.id,
      title: item.title,
      itemType: item.itemType,
      frameRate: { numerator, denominator },
      frames: lastFrame + 1,
      inFrame: marks.inFrame,
      outFrame: marks.outFrame,
    });
  }, [onSource, item.id, item.title, item.itemType, numerator, denominator, lastFrame, marks]);
  useEffect(
    () => () => {
      onSource(null);
    },
    [onSource],
  );
  const tc = (f: number | null) => (f === null ? '--:--:--:--' : sourceTimecode(f, rate, start));
  // Out is the frame after the range: the readouts show the last frame in it.
  const lastMarked = marks.outFrame === null ? null : marks.outFrame - 1;
  const length = marks.inFrame !== null && marks.outFrame !== null ? marks.outFrame - marks.inFrame : null;

  return (
    <PlayerLinkContext value={link}>
      <Stack>
        <Title order={2} size="h4">
          {item.title}
        </Title>
        <MediaPlayer item={item} />
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Readout label={t('position')} value={tc(frame)} testId="cutter-position" />
            <Readout label={t('in')} value={tc(marks.inFrame)} testId="cutter-in" />
            <Readout label={t('out')} value={tc(lastMarked)} testId="cutter-out" />
            <Readout
              label={t('length')}
              value={length === null ? '--' : framesToTimecode(length, rate)}
              testId="cutter-length"
            />
          </SimpleGrid>
          <Group mt="md" gap="xs">
            <Button
              variant="default"
              onClick={() => {
                run('markIn');
              }}
            >
              {t('markIn')}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                run('markOut');
              }}
            >
              {t('markOut')}
            </Button>
            <Button
              variant="subtle"
              disabled={marks.inFrame === null}
              onClick={() => {
                run('goToIn');
              }}
            >
              {t('goToIn')}
            </Button>
            <Button
              variant="subtle"
              disabled={marks.outFrame === null}
              onClick={() => {
                run('goToOut');
              }}
            >
              {t('goToOut')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" mt="xs">
            {t('keys')}
          </Text>
        </Paper>
        <SubclipPanel
          itemId={item.id}
          sourceType={isVideo ? 'video' : 'audio'}
          inFrame={marks.inFrame}
          outFrame={marks.outFrame}
        />
        <RenderIntoPlaceholder
          marks={{
            ...marks,
            sourceItemId: item.id,
            sourceType: isVideo ? 'video' : 'audio',
            label: `${tc(marks.inFrame)}–${tc(lastMarked)}`,
          }}
        />
        {canClip && isVideo && (
          <VirtualClipPanel itemId={item.id} inFrame={marks.inFrame} outFrame={marks.outFrame} />
        )}
      </Stack>
    </PlayerLinkContext>
  );
}

function Readout({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text ff="monospace" size="lg" data-testid={testId} aria-live="off">
        {value}
      </Text>
    </div>
  );
}
