import {
  Anchor,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { ANALYSIS_PERMISSIONS, analysisApplies, type AnalysisJobKind } from '@skald/domain';
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Shot, TextLine, TimelineFace, TimelineLabel } from '../../api/analysis.ts';
import { hasPermission, useCurrentUser } from '../../api/currentUser.ts';
import type { Item } from '../../api/items.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PlayerLinkContext } from '../player/playerLink.ts';
import { personDetailsPath } from '../../routing/paths.ts';
import { formatTime } from '../player/timeFormat.ts';
import { AnalysisJobControl } from './AnalysisJobControl.tsx';
import { useFollowRunning, useItemAnalysis, useStartAnalysis } from './useAnalysis.ts';

const KINDS = [
  'sceneDetection',
  'textDetection',
  'personDetection',
  'celebrityDetection',
  'labelDetection',
] as const satisfies readonly AnalysisJobKind[];

/**
 * The item page's Analytics tab (spec §2, issue 14 §3): scene, text, person, celebrity and label
 * detection with their states, and what they found as a timeline under the player — each shot by
 * its keyframe, each line of text read in a frame, each face with its person, each label — where a
 * click seeks the player to that moment.
 */
export function AnalyticsTab({ item }: { item: Item }) {
  const { t } = useTranslation('analysis');
  const me = useCurrentUser();
  const { describe } = useErrorMessage();
  const link = useContext(PlayerLinkContext);
  const results = useItemAnalysis(item.id);
  const start = useStartAnalysis(item.id);
  // Spec §6 ui.labels: without it, label detection and its labels are not shown.
  const showLabels = hasPermission(me, 'ui.labels');
  const kinds = KINDS.filter(
    (kind) => analysisApplies(kind, item.itemType) && (showLabels || kind !== 'labelDetection'),
  );
  useFollowRunning(
    item.id,
    kinds.map((kind) => item[kind]),
  );
  const timed = item.itemType !== 'image';
  const seek = (ms: number) => {
    link?.seek(ms / 1000);
  };

  if (kinds.length === 0) return <EmptyState title={t('notForType')} />;
  return (
    <Stack gap="lg" data-testid="analytics-tab">
      <Paper withBorder p="sm">
        <Stack gap="sm">
          {kinds.map((kind) => (
            <AnalysisJobControl
              key={kind}
              kind={kind}
              state={item[kind]}
              canStart={hasPermission(me, ANALYSIS_PERMISSIONS[kind]) && !item.isDeleted}
              pending={start.isPending && start.variables.kind === kind}
              onStart={() => {
                start.mutate(
                  { kind },
                  {
                    onError: (error) => {
                      notifyError(describe(error));
                    },
                  },
                );
              }}
            />
          ))}
        </Stack>
      </Paper>
      {results.isPending && <LoadingState />}
      {results.isError && (
        <ErrorState
          error={results.error}
          onRetry={() => {
            void results.refetch();
          }}
        />
      )}
      {results.data && (
        <>
          {timed && <Shots shots={results.data.shots} onSeek={seek} />}
          <TextLines lines={results.data.textLines} timed={timed} onSeek={seek} />
          <Faces faces={results.data.faces} timed={timed} onSeek={seek} />
          {showLabels && <Labels labels={results.data.labels} timed={timed} onSeek={seek} />}
        </>
      )}
    </Stack>
  );
}

function Shots({ shots, onSeek }: { shots: Shot[]; onSeek: (ms: number) => void }) {
  const { t } = useTranslation('analysis');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('shots.title', { count: shots.length })}
      </Title>
      {shots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('shots.empty')}
        </Text>
      ) : (
        <Group gap="xs" wrap="nowrap" style={{ overflowX: 'auto' }} pb="xs" data-testid="analysis-shots">
          {shots.map((shot, index) => (
            <UnstyledButton
              key={shot.id}
              onClick={() => {
                onSeek(shot.startMs);
              }}
              data-start-ms={shot.startMs}
              style={{ flex: '0 0 auto' }}
            >
              <Stack gap={2} w={128}>
                {shot.keyframeUrl && (
                  <Image src={shot.keyframeUrl} alt="" w={128} h={72} fit="cover" radius="sm" />
                )}
                <Text size="xs" c="dimmed">
                  <VisuallyHidden>{t('shots.seek', { index: index + 1 })}</VisuallyHidden>
                  {formatTime(shot.startMs / 1000)}–{formatTime(shot.endMs / 1000)}
                </Text>
              </Stack>
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** A titled list of moments, each with its time (a button that seeks) when the item is timed. */
function MomentList<M extends { startMs: number }>(props: {
  title: string;
  empty: string;
  testId: string;
  moments: M[];
  timed: boolean;
  seekLabel: (moment: M, time: string) => string;
  render: (moment: M) => ReactNode;
  onSeek: (ms: number) => void;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {props.title}
      </Title>
      {props.moments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <Stack gap={4} data-testid={props.testId}>
          {props.moments.map((moment, index) => (
            <Group key={`${moment.startMs}-${index}`} gap="sm" wrap="nowrap">
              {props.timed && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    props.onSeek(moment.startMs);
                  }}
                  aria-label={props.seekLabel(moment, formatTime(moment.startMs / 1000))}
                >
                  {formatTime(moment.startMs / 1000)}
                </Anchor>
              )}
              {props.render(moment)}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface TimedProps {
  timed: boolean;
  onSeek: (ms: number) => void;
}

function TextLines({ lines, ...rest }: TimedProps & { lines: TextLine[] }) {
  const { t } = useTranslation('analysis');
  return (
    <MomentList
      {...rest}
      moments={lines}
      title={t('text.title', { count: lines.length })}
      empty={t('text.empty')}
      testId="analysis-text"
      seekLabel={(line, time) => t('text.seek', { text: line.text, time })}
      render={(line) => <Text size="sm">{line.text}</Text>}
    />
  );
}

/** Faces with their persons: a named or unknown person opens their page. */
function Faces({ faces, ...rest }: TimedProps & { faces: TimelineFace[] }) {
  const { t } = useTranslation('analysis');
  const nameOf = (face: TimelineFace) => face.name ?? (face.personId ? t('faces.unknown') : t('faces.noOne'));
  return (
    <MomentList
      {...rest}
      moments={faces}
      title={t('faces.title', { count: faces.length })}
      empty={t('faces.empty')}
      testId="analysis-faces"
      seekLabel={(face, time) => t('faces.seek', { name: nameOf(face), time })}
      render={(face) => (
        <Group gap="xs">
          {face.personId ? (
            <Anchor component={Link} to={personDetailsPath(face.personId)} size="sm">
              {nameOf(face)}
            </Anchor>
          ) : (
            <Text size="sm">{nameOf(face)}</Text>
          )}
          {face.kind === 'celebrity' && (
            <Text size="xs" c="dimmed">
              {t('faces.celebrity')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {face.score}%
          </Text>
        </Group>
      )}
    />
  );
}

function Labels({ labels, ...rest }: TimedProps & { labels: TimelineLabel[] }) {
  const { t } = useTranslation('analysis');
  return (
    <MomentList
      {...rest}
      moments={labels}
      title={t('labels.title', { count: labels.length })}
      empty={t('labels.empty')}
      testId="analysis-labels"
      seekLabel={(label, time) => t('labels.seek', { label: label.label, time })}
      render={(label) => (
        <Text size="sm">
          {label.label}{' '}
          <Text span size="xs" c="dimmed">
            {label.score}%
          </Text>
        </Text>
      )}
    />
  );
}
