import { Button, CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import { COMMENT_LIMITS, type CommentRegion } from '@skald/domain';
import { IconClockPin, IconFocus2 } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentInput } from '../../api/comments.ts';
import { PlayerLinkContext } from '../player/playerLink.ts';
import { formatTime } from '../player/timeFormat.ts';
import { MentionTextarea } from './MentionTextarea.tsx';
import { RegionModal } from './RegionModal.tsx';
import { useAssignees } from './useComments.ts';

interface Range {
  startMs: number;
  endMs: number | null;
}

/** A picture's preview, to pin a comment to a region of it. */
export interface Picture {
  url: string;
  title: string;
}

interface CommentComposerProps {
  /** Video and audio: the comment can be pinned to the player's time. */
  timed: boolean;
  picture: Picture | null;
  /** item.commentStatus: the comment can be assigned as it is made. */
  canAssign: boolean;
  pending: boolean;
  onSubmit: (input: CommentInput, done: () => void) => void;
}

const nowMs = (seconds: number | null) => Math.round((seconds ?? 0) * 1000);

/** A new comment: its text, the time (or range) of the media it is about, and whom it is for. */
export function CommentComposer({ timed, picture, canAssign, pending, onSubmit }: CommentComposerProps) {
  const { t } = useTranslation('comments');
  const link = useContext(PlayerLinkContext);
  const [text, setText] = useState('');
  const [range, setRange] = useState<Range | null>(null);
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const [region, setRegion] = useState<CommentRegion | null>(null);
  const [choosing, setChoosing] = useState(false);
  const assignees = useAssignees(canAssign);

  const submit = () => {
    if (text.trim() === '') return;
    onSubmit(
      { text, ...(range ?? {}), ...(region ? { region } : {}), ...(assigneeId ? { assigneeId } : {}) },
      () => {
        setText('');
        setRange(null);
        setRegion(null);
        setAssigneeId(null);
      },
    );
  };

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <MentionTextarea
        label={t('composer.label')}
        placeholder={t('composer.placeholder')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={COMMENT_LIMITS.textMax}
        value={text}
        onChange={setText}
      />
      <Group gap="xs" wrap="wrap">
        {timed && (
          <>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconClockPin size={14} />}
              onClick={() => {
                setRange({ startMs: nowMs(link?.currentTime() ?? null), endMs: null });
              }}
            >
              {t('composer.pinStart')}
            </Button>
            {range && (
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  const end = nowMs(link?.currentTime() ?? null);
                  setRange({ ...range, endMs: end > range.startMs ? end : null });
                }}
              >
                {t('composer.pinEnd')}
              </Button>
            )}
            {range && (
              <Group gap={4} data-testid="composer-time">
                <Text size="sm">
                  {range.endMs === null
                    ? t('composer.at', { time: formatTime(range.startMs / 1000) })
                    : t('composer.range', {
                        start: formatTime(range.startMs / 1000),
                        end: formatTime(range.endMs / 1000),
                      })}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('composer.unpin')}
                  onClick={() => {
                    setRange(null);
                  }}
                />
              </Group>
            )}
          </>
        )}
        {picture && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFocus2 size={14} />}
            onClick={() => {
              setChoosing(true);
            }}
          >
            {region ? t('region.change') : t('region.choose')}
          </Button>
        )}
        {region && (
          <Group gap={4} data-testid="composer-region">
            <Text size="sm">{t('region.pinned')}</Text>
            <CloseButton
              size="sm"
              aria-label={t('region.unpin')}
              onClick={() => {
                setRegion(null);
              }}
            />
          </Group>
        )}
        {canAssign && (
          <Select
            size="xs"
            aria-label={t('composer.assignee')}
            placeholder={t('composer.assignee')}
            searchable
            clearable
            data={(assignees.data?.items ?? []).map((u) => ({ value: u.id, label: u.name }))}
            value={assigneeId}
            onChange={setAssigneeId}
            w={220}
          />
        )}
        <Button type="submit" size="xs" loading={pending} disabled={text.trim() === ''} ml="auto">
          {t('composer.submit')}
        </Button>
      </Group>
      {picture && (
        <RegionModal
          opened={choosing}
          onClose={() => {
            setChoosing(false);
          }}
          title={picture.title}
          previewUrl={picture.url}
          region={region}
          onChoose={setRegion}
        />
      )}
    </Stack>
  );
}
