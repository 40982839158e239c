import { Alert, Button, List, Modal, Select, Stack, Text } from '@mantine/core';
import {
  ANALYSIS_JOB_KINDS,
  ANALYSIS_PERMISSIONS,
  hasPermission,
  MESSAGES,
  TRANSCRIPTION_LANGUAGES,
  type AnalysisJobKind,
  type TranscriptionLanguage,
} from '@skald/domain';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { analysisApi, type AnalysisBulkStart } from '../../api/analysis.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';

/**
 * The bulk bar's "Analyse…" (issue 14): one analysis kind started on every selected item, those it
 * cannot start on listed with the reason. Transcription needs its language chosen (spec §5).
 * Nothing for a user who may start no kind.
 */
export function BulkAnalysisButton({ ids }: { ids: readonly string[] }) {
  // Without suspending: the bulk bar appears under the focused row, which a suspense fallback would hide.
  const { t, ready } = useTranslation('analysis', { useSuspense: false });
  const principal = principalOf(useCurrentUser());
  const kinds = ANALYSIS_JOB_KINDS.filter((k) => hasPermission(principal, ANALYSIS_PERMISSIONS[k]));
  const [chosen, setChosen] = useState<readonly string[] | null>(null);
  if (!ready || kinds.length === 0) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconPlayerPlay size={14} />}
        onClick={() => {
          setChosen(ids);
        }}
      >
        {t('bulk.action')}
      </Button>
      {chosen && (
        <BulkAnalysisDialog
          ids={chosen}
          kinds={kinds}
          onClose={() => {
            setChosen(null);
          }}
        />
      )}
    </>
  );
}

function BulkAnalysisDialog({
  ids,
  kinds,
  onClose,
}: {
  ids: readonly string[];
  kinds: readonly AnalysisJobKind[];
  onClose: () => void;
}) {
  const { t } = useTranslation('analysis');
  const { t: tm } = useTranslation('messages', { useSuspense: false });
  const { describe } = useErrorMessage();
  const serverMessage = useServerMessage();
  const [kind, setKind] = useState<AnalysisJobKind>(kinds[0] ?? 'sceneDetection');
  const [language, setLanguage] = useState<TranscriptionLanguage | null>(null);
  const [missingLanguage, setMissingLanguage] = useState(false);
  const start = useMutation({
    mutationFn: () => analysisApi.startMany(kind, ids, language ?? undefined),
  });
  const result: AnalysisBulkStart | undefined = start.data;
  return (
    <Modal opened onClose={onClose} title={t('bulk.title', { count: ids.length })}>
      <Stack gap="sm">
        {result ? (
          <>
            <Text size="sm">{t('bulk.started', { count: result.started.length })}</Text>
            {result.skipped.length > 0 && (
              <Alert
                color="orange"
                variant="light"
                title={t('bulk.skipped', { count: result.skipped.length })}
              >
                <List size="sm">
                  {result.skipped.map((s) => (
                    <List.Item key={s.itemId}>{serverMessage(s.message)}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Button onClick={onClose}>{t('bulk.close')}</Button>
          </>
        ) : (
          <>
            <Select
              label={t('bulk.kind')}
              data={kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              value={kind}
              allowDeselect={false}
              onChange={(value) => {
                const next = kinds.find((k) => k === value);
                if (next) setKind(next);
              }}
            />
            {kind === 'transcription' && (
              <Select
                label={t('transcript.language')}
                placeholder={t('bulk.chooseLanguage')}
                data={TRANSCRIPTION_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                value={language}
                error={
                  missingLanguage
                    ? tm('bulkTranscriptionLanguage', MESSAGES.bulkTranscriptionLanguage)
                    : undefined
                }
                onChange={(value) => {
                  setLanguage(TRANSCRIPTION_LANGUAGES.find((l) => l === value) ?? null);
                  setMissingLanguage(false);
                }}
              />
            )}
            {start.isError && (
              <Alert color="red" variant="light">
                {describe(start.error)}
              </Alert>
            )}
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={start.isPending}
              onClick={() => {
                if (kind === 'transcription' && language === null) setMissingLanguage(true);
                else start.mutate();
              }}
            >
              {t('bulk.start')}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
