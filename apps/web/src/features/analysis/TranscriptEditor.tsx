import { ActionIcon, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { TRANSCRIPTION_LANGUAGES, type TranscriptionLanguage } from '@skald/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranscriptSegment } from '../../api/analysis.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PlayerLinkContext } from '../player/playerLink.ts';
import { formatTime } from '../player/timeFormat.ts';
import { useUpdateTranscript } from './useTranscript.ts';

/** A new utterance lasts this long from where it is added. */
const NEW_UTTERANCE_MS = 5_000;

interface Row {
  key: number;
  startMs: number;
  endMs: number;
  text: string;
}

const isLanguage = (value: string | null): value is TranscriptionLanguage =>
  TRANSCRIPTION_LANGUAGES.some((l) => l === value);

/**
 * Edits the transcript utterance by utterance (item.updateTranscript); saving keeps it as the next
 * revision, and the server gives the words their times (kept words keep theirs). An utterance is
 * added at the player's time.
 */
export function TranscriptEditor({
  itemId,
  segments,
  language,
  onDone,
}: {
  itemId: string;
  segments: readonly TranscriptSegment[];
  language: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('analysis');
  const { describe } = useErrorMessage();
  const link = useContext(PlayerLinkContext);
  const save = useUpdateTranscript(itemId);
  const [lang, setLang] = useState<TranscriptionLanguage>(isLanguage(language) ? language : 'nb');
  const [rows, setRows] = useState<Row[]>(() =>
    segments.map((s, key) => ({ key, startMs: s.startMs, endMs: s.endMs, text: s.text })),
  );
  const update = (key: number, text: string) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, text } : r)));
  };
  const add = () => {
    const at = link?.currentTime();
    const startMs = at != null ? Math.round(at * 1000) : (rows[rows.length - 1]?.endMs ?? 0);
    setRows((all) =>
      [
        ...all,
        {
          key: Math.max(-1, ...all.map((r) => r.key)) + 1,
          startMs,
          endMs: startMs + NEW_UTTERANCE_MS,
          text: '',
        },
      ].sort((a, b) => a.startMs - b.startMs),
    );
  };
  return (
    <Stack gap="sm" data-testid="transcript-editor">
      <Select
        size="xs"
        w={200}
        label={t('transcript.language')}
        data={TRANSCRIPTION_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        value={lang}
        allowDeselect={false}
        onChange={(value) => {
          if (isLanguage(value)) setLang(value);
        }}
      />
      {rows.map((row) => {
        const label = t('transcript.utterance', {
          from: formatTime(row.startMs / 1000),
          to: formatTime(row.endMs / 1000),
        });
        return (
          <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap">
            <Textarea
              flex={1}
              size="sm"
              autosize
              minRows={1}
              label={label}
              value={row.text}
              onChange={(event) => {
                update(row.key, event.currentTarget.value);
              }}
            />
            <ActionIcon
              mt={24}
              variant="subtle"
              color="red"
              aria-label={t('transcript.removeUtterance', { time: formatTime(row.startMs / 1000) })}
              onClick={() => {
                setRows((all) => all.filter((r) => r.key !== row.key));
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('transcript.noUtterances')}
        </Text>
      )}
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={add}>
          {t('transcript.addUtterance')}
        </Button>
        <Button
          size="xs"
          ml="auto"
          loading={save.isPending}
          onClick={() => {
            save.mutate(
              {
                language: lang,
                segments: rows.map(({ startMs, endMs, text }) => ({ startMs, endMs, text })),
              },
              {
                onSuccess: (saved) => {
                  notifySuccess(t('transcript.saved', { revision: saved.revision }));
                  onDone();
                },
                onError: (error) => {
                  notifyError(describe(error));
                },
              },
            );
          }}
        >
          {t('transcript.save')}
        </Button>
        <Button size="xs" variant="default" disabled={save.isPending} onClick={onDone}>
          {t('transcript.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
