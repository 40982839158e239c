import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { speechProviderApi, type SpeechProviderSettings } from '../../api/analysis.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { SettingsCard } from './SettingsCard.tsx';

/**
 * Spec §3 tenant config: the speech-to-text provider with its key (docs/ANALYSIS.md). The embedded
 * pocketsphinx (English) until an administrator chooses whisper.cpp on the installation's model or
 * points the tenant at an OpenAI-compatible service; the key is sent once and never shown again.
 */
export function SpeechProviderCard() {
  const { t } = useTranslation('admin');
  const settings = useQuery({
    queryKey: queryKeys.speechProvider,
    queryFn: ({ signal }) => speechProviderApi.get(signal),
  });
  return (
    <SettingsCard
      id="speech-provider"
      icon={<IconMicrophone size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />}
      title={t('speechProvider.title')}
      description={t('speechProvider.description')}
      settings={settings}
    >
      {(current) => <SpeechProviderForm current={current} />}
    </SettingsCard>
  );
}

function SpeechProviderForm({ current }: { current: SpeechProviderSettings }) {
  const { t } = useTranslation('admin');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(current.baseUrl ?? '');
  const [model, setModel] = useState(current.model ?? '');
  const [apiKey, setApiKey] = useState('');
  // Leaving an OpenAI-compatible service removes its address, model and key: asked first.
  const [confirming, setConfirming] = useState<'embedded' | 'whisper' | null>(null);
  const saved = (data: SpeechProviderSettings) => {
    client.setQueryData(queryKeys.speechProvider, data);
    notifySuccess(t('speechProvider.saved'));
  };
  const save = useMutation({ mutationFn: speechProviderApi.set, onSuccess: saved });
  const switchTo = useMutation({
    mutationFn: (kind: 'embedded' | 'whisper') =>
      kind === 'whisper' ? speechProviderApi.set({ kind: 'whisper' }) : speechProviderApi.reset(),
    onSuccess: (data) => {
      setConfirming(null);
      saved(data);
    },
  });
  const ask = (kind: 'embedded' | 'whisper') => {
    switchTo.reset();
    if (current.kind === 'openai') setConfirming(kind);
    else
      switchTo.mutate(kind, {
        onError: (error) => {
          notifyError(describe(error));
        },
      });
  };
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      { baseUrl: baseUrl.trim(), model: model.trim(), ...(apiKey ? { apiKey } : {}) },
      {
        onError: (error) => {
          notifyError(describe(error));
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={560}>
        <Group gap="xs">
          <Text size="sm">{t('speechProvider.current')}</Text>
          <Badge variant="light" tt="none" data-testid="speech-provider-kind">
            {t(`speechProvider.kinds.${current.kind}`)}
          </Badge>
          {current.hasKey && (
            <Badge variant="light" color="teal" tt="none">
              {t('speechProvider.keySet')}
            </Badge>
          )}
        </Group>
        <Stack gap={4} align="flex-start">
          <Text size="sm" fw={500}>
            {t('speechProvider.whisperTitle')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="speech-provider-whisper-model">
            {current.whisperModel
              ? t('speechProvider.whisperModel', { model: current.whisperModel })
              : t('speechProvider.whisperNoModel')}
          </Text>
          {current.kind !== 'whisper' && (
            <Button
              variant="default"
              loading={switchTo.isPending && switchTo.variables === 'whisper'}
              onClick={() => {
                ask('whisper');
              }}
            >
              {t('speechProvider.useWhisper')}
            </Button>
          )}
        </Stack>
        <Text size="sm" fw={500}>
          {t('speechProvider.openaiTitle')}
        </Text>
        <TextInput
          label={t('speechProvider.baseUrl')}
          description={t('speechProvider.baseUrlHint')}
          placeholder="https://api.openai.com/v1"
          value={baseUrl}
          onChange={(e) => {
            setBaseUrl(e.currentTarget.value);
          }}
          required
        />
        <TextInput
          label={t('speechProvider.model')}
          placeholder="whisper-1"
          value={model}
          onChange={(e) => {
            setModel(e.currentTarget.value);
          }}
          required
        />
        <PasswordInput
          label={t('speechProvider.apiKey')}
          description={current.hasKey ? t('speechProvider.apiKeyKept') : undefined}
          value={apiKey}
          autoComplete="off"
          onChange={(e) => {
            setApiKey(e.currentTarget.value);
          }}
        />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t('speechProvider.save')}
          </Button>
          {current.kind !== 'pocketsphinx' && (
            <Button
              variant="default"
              loading={switchTo.isPending && switchTo.variables === 'embedded'}
              onClick={() => {
                ask('embedded');
              }}
            >
              {t('speechProvider.useEmbedded')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={t(confirming === 'whisper' ? 'speechProvider.useWhisper' : 'speechProvider.useEmbedded')}
        message={t(
          confirming === 'whisper' ? 'speechProvider.useWhisperConfirm' : 'speechProvider.useEmbeddedConfirm',
        )}
        confirmLabel={t(
          confirming === 'whisper' ? 'speechProvider.useWhisper' : 'speechProvider.useEmbedded',
        )}
        loading={switchTo.isPending}
        error={switchTo.isError ? describe(switchTo.error) : undefined}
        onConfirm={() => {
          if (confirming) switchTo.mutate(confirming);
        }}
        onClose={() => {
          setConfirming(null);
        }}
      />
    </form>
  );
}
