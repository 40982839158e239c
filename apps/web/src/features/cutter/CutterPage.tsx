import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  framesToTimecode,
  hasPermission,
  secondsToFrame,
  SOUND_FRAME_RATE,
  sourceTimecode,
} from '@skald/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/currentUser.ts';
import { itemsApi, type TechnicalMetadata } from '../../api/items.ts';
import { principalOf } from '../../api/principal.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { MediaPlayer, type PlayerItem } from '../player/MediaPlayer.tsx';
import { PlayerLink, PlayerLinkContext } from '../player/playerLink.ts';
import { NoAccess } from '../tenant-admin/NoAccess.tsx';
import { mark, type CutterCommand, type Marks } from './cutterKeys.ts';
import { SequencePanel } from './SequencePanel.tsx';
import { SubclipPanel } from './SubclipPanel.tsx';
import { useSequenceDraft, type SequenceDraft } from './useSequenceDraft.ts';
import { VirtualClipPanel } from './VirtualClipPanel.tsx';
import { useFrameClock } from './useFrameClock.ts';
import { useCutterKeys } from './useCutterKeys.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * Spec §2 /cutter (general.mimirCutter): a source player (video, or sound with its waveform), marks
 * in and out by keyboard, subclips; timecode counted from the source's own start timecode.
 */
export function CutterPage() {
  const { t } = useTranslation('cutter');
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const itemId = params.get('item');
  // The clip list outlives the item in the source player: ranges of several items join it.
  const draft = useSequenceDraft();
  if (!hasPermission(principalOf(me), 'general.mimirCutter')) return <NoAccess description={t('noAccess')} />;
  return (
    <Stack maw={1200}>
      <PageHeading title={t('title')} description={t('subtitle')} />
      <ItemChooser
        onChoose={(id) => {
          setParams({ item: id });
        }}
      />
      {itemId === null ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <CutterSource key={itemId} itemId={itemId} draft={draft} />
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

function CutterSource({ itemId, draft }: { itemId: string; draft: SequenceDraft }) {
  const item = useQuery({
    queryKey: queryKeys.item(itemId),
    queryFn: ({ signal }) => itemsApi.get(itemId, signal),
  });
  if (item.isPending) return <LoadingState />;
  if (item.isError) return <ErrorState error={item.error} onRetry={() => void item.refetch()} />;
  return <Cutter item={item.data} draft={draft} />;
}

/** The item in the source player: what it plays, and what its timecode counts from. */
type CutterItem = PlayerItem & {
  id: string;
  technicalMetadata: Pick<TechnicalMetadata, 'durationSeconds' | 'frameRate' | 'startTimecode'> | null;
};

function Cutter({ item, draft }: { item: CutterItem; draft: SequenceDraft }) {
  const { t } = useTranslation('cutter');
  const canClip = hasPermission(principalOf(useCurrentUser()), 'item.createVirtualClip');
  const [link] = useState(() => new PlayerLink());
  // Sound has no frames: it is counted at the house rate, as the server counts its subclips.
  const rate = item.technicalMetadata?.frameRate ?? SOUND_FRAME_RATE;
  const start = item.technicalMetadata?.startTimecode ?? null;
  const isVideo = item.itemType === 'video';
  const { frame, seekFrame } = useFrameClock(link, rate);
  const [marks, setMarks] = useState<Marks>({ inFrame: null, outFrame: null });
  // The frame last asked for until the player shows it: keys pressed faster than the player seeks
  // each step on from there, so none is lost.
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (asked.current === frame) asked.current = null;
  }, [frame]);
  const here = () => asked.current ?? frame;
  const lastFrame = Math.max(0, secondsToFrame(item.technicalMetadata?.durationSeconds ?? 0, rate) - 1);
  const goTo = (target: number) => {
    asked.current = Math.min(lastFrame, Math.max(0, target));
    seekFrame(asked.current);
  };
  const run = (command: CutterCommand) => {
    switch (command) {
      case 'markIn':
      case 'markOut':
        setMarks((m) => mark(m, command, here()));
        return;
      case 'previousFrame':
        goTo(here() - 1);
        return;
      case 'nextFrame':
        goTo(here() + 1);
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
  const tc = (f: number | null) => (f === null ? '--:--:--:--' : sourceTimecode(f, rate, start));
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
            <Readout
              label={t('out')}
              value={tc(marks.outFrame === null ? null : marks.outFrame - 1)}
              testId="cutter-out"
            />
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
        {canClip && isVideo && (
          <VirtualClipPanel itemId={item.id} inFrame={marks.inFrame} outFrame={marks.outFrame} />
        )}
        <SequencePanel
          draft={draft}
          source={{
            id: item.id,
            title: item.title,
            itemType: item.itemType,
            frameRate: rate,
            frames: lastFrame + 1,
          }}
          inFrame={marks.inFrame}
          outFrame={marks.outFrame}
        />
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
