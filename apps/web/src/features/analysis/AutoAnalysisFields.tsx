import { MultiSelect, Select } from '@mantine/core';
import { ANALYSIS_JOB_KINDS, TRANSCRIPTION_LANGUAGES } from '@skald/domain';
import { useTranslation } from 'react-i18next';
import type { AutoAnalysisSetting } from '../../api/analysis.ts';

/**
 * The analyses that start by themselves after transcoding, and transcription's language when it is
 * one of them (spec §5: a transcription started for the user needs its language). The tenant's
 * card and a folder's dialog both set one of these.
 */
export function AutoAnalysisFields({
  value,
  onChange,
  languageError,
}: {
  value: AutoAnalysisSetting;
  onChange: (value: AutoAnalysisSetting) => void;
  /** The server's word on the language (400 naming `language`). */
  languageError?: string | undefined;
}) {
  const { t } = useTranslation('analysis');
  return (
    <>
      <MultiSelect
        label={t('auto.kinds')}
        placeholder={value.kinds.length === 0 ? t('auto.none') : undefined}
        data={ANALYSIS_JOB_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        value={value.kinds}
        onChange={(values) => {
          onChange({ ...value, kinds: ANALYSIS_JOB_KINDS.filter((k) => values.includes(k)) });
        }}
      />
      {value.kinds.includes('transcription') && (
        <Select
          label={t('transcript.language')}
          data={TRANSCRIPTION_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          value={value.language}
          error={languageError}
          onChange={(v) => {
            onChange({ ...value, language: TRANSCRIPTION_LANGUAGES.find((l) => l === v) ?? null });
          }}
        />
      )}
    </>
  );
}

/** What is sent: a language only with transcription. */
export const sendable = (value: AutoAnalysisSetting): AutoAnalysisSetting => ({
  kinds: value.kinds,
  language: value.kinds.includes('transcription') ? value.language : null,
});
