import { Badge, Button, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { TRANSCRIPTION_LANGUAGES, type TranscriptionLanguage } from '@skald/domain';
import { IconLanguage } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translationSettingsApi, type TranslationSettings } from '../../api/analysis.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { SettingsCard } from './SettingsCard.tsx';

type ServiceKind = NonNullable<TranslationSettings['provider']>['kind'];
const SERVICES: readonly ServiceKind[] = ['libretranslate', 'deepl'];
const isLanguage = (v: string | null): v is TranscriptionLanguage =>
  TRANSCRIPTION_LANGUAGES.some((l) => l === v);

/**
 * Spec §3 tenant config: the primary and secondary translation language, and the translation
 * provider (LibreTranslate or DeepL, its key sent once and never shown) for the pairs Apertium
 * does not translate offline (docs/ANALYSIS.md).
 */
export function TranslationSettingsCard() {
  const { t } = useTranslation('admin');
  const settings = useQuery({
    queryKey: queryKeys.translationSettings,
    queryFn: ({ signal }) => translationSettingsApi.get(signal),
  });
  return (
    <SettingsCard
      id="translation-settings"
      icon={<IconLanguage size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />}
      title={t('translation.title')}
      description={t('translation.description')}
      settings={settings}
    >
      {(current) => <TranslationSettingsForm current={current} />}
    </SettingsCard>
  );
}

function TranslationSettingsForm({ current }: { current: TranslationSettings }) {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('analysis', { useSuspense: false });
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const [primary, setPrimary] = useState(current.primaryLanguage);
  const [secondary, setSecondary] = useState<string | null>(current.secondaryLanguage);
  const [kind, setKind] = useState<ServiceKind | null>(current.provider?.kind ?? null);
  const [baseUrl, setBaseUrl] = useState(current.provider?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: translationSettingsApi.set,
    onSuccess: (data) => {
      setConfirming(false);
      client.setQueryData(queryKeys.translationSettings, data);
      notifySuccess(t('translation.saved'));
    },
    onError: (error) => {
      notifyError(describe(error));
    },
  });
  const languages = TRANSCRIPTION_LANGUAGES.map((l) => ({ value: l, label: ta(`languages.${l}`) }));
  const send = () => {
    if (!isLanguage(primary)) return;
    save.mutate({
      primaryLanguage: primary,
      secondaryLanguage: isLanguage(secondary) ? secondary : null,
      provider: kind ? { kind, baseUrl: baseUrl.trim(), ...(apiKey ? { apiKey } : {}) } : null,
    });
  };
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Removing the provider forgets its key: asked first.
    if (kind === null && current.provider) setConfirming(true);
    else send();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={560}>
        <Group grow>
          <Select
            label={t('translation.primary')}
            data={languages}
            value={primary}
            allowDeselect={false}
            onChange={(v) => {
              if (v) setPrimary(v);
            }}
          />
          <Select
            label={t('translation.secondary')}
            placeholder={t('translation.none')}
            data={languages}
            value={secondary}
            clearable
            onChange={setSecondary}
          />
        </Group>
        <Group gap="xs">
          <Text size="sm">{t('translation.offline')}</Text>
          {current.provider?.hasKey && (
            <Badge variant="light" color="teal" tt="none">
              {t('translation.keySet')}
            </Badge>
          )}
        </Group>
        <Select
          label={t('translation.provider')}
          placeholder={t('translation.none')}
          data={SERVICES.map((k) => ({ value: k, label: t(`translation.kinds.${k}`) }))}
          value={kind}
          clearable
          onChange={(v) => {
            setKind(SERVICES.find((k) => k === v) ?? null);
          }}
        />
        {kind && (
          <>
            <TextInput
              label={t('translation.baseUrl')}
              description={t(`translation.baseUrlHints.${kind}`)}
              value={baseUrl}
              onChange={(e) => {
                setBaseUrl(e.currentTarget.value);
              }}
              required
            />
            <PasswordInput
              label={t('translation.apiKey')}
              description={current.provider?.hasKey ? t('translation.apiKeyKept') : undefined}
              value={apiKey}
              autoComplete="off"
              onChange={(e) => {
                setApiKey(e.currentTarget.value);
              }}
            />
          </>
        )}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('translation.save')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('translation.removeProvider')}
        message={t('translation.removeProviderConfirm')}
        confirmLabel={t('translation.removeProvider')}
        loading={save.isPending}
        error={save.isError ? describe(save.error) : undefined}
        onConfirm={send}
        onClose={() => {
          setConfirming(false);
        }}
      />
    </form>
  );
}
