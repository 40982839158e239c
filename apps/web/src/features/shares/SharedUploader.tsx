import { Alert, Stack, Text, useComputedColorScheme } from '@mantine/core';
import Uppy, { type Body, type Meta } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import Tus from '@uppy/tus';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_TOKEN_HEADER, SHARE_UPLOADS_ENDPOINT } from '../../api/shares.ts';
import { CHUNK_SIZE, RETRY_DELAYS, uppyPluralIndex } from '../upload/uploadRules.ts';

/**
 * The Shared uploader: an upload request's page. The same resumable uploader as the signed-in one
 * (Uppy, tus), sending to the request's endpoint with the link's token; the files go into the
 * folder the requester chose, which the page does not name.
 */
export function SharedUploader({ token }: { token: string }) {
  const { t, i18n } = useTranslation(['shares', 'upload']);
  const scheme = useComputedColorScheme('light');
  const [uppy, setUppy] = useState<Uppy<Meta, Body> | null>(null);
  const [sent, setSent] = useState(0);

  useEffect(() => {
    const instance = new Uppy<Meta, Body>({ id: 'skald-shared-upload', autoProceed: false }).use(Tus, {
      endpoint: SHARE_UPLOADS_ENDPOINT,
      headers: { [SHARE_TOKEN_HEADER]: token },
      chunkSize: CHUNK_SIZE,
      retryDelays: [...RETRY_DELAYS],
      allowedMetaFields: ['name', 'type'],
      removeFingerprintOnSuccess: true,
    });
    instance.on('upload-success', () => {
      setSent((n) => n + 1);
    });
    // Uppy is an outside system: made here and destroyed in the clean-up, so StrictMode's second mount gets a fresh one.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUppy(instance);
    return () => {
      instance.destroy();
    };
  }, [token]);

  const language = i18n.resolvedLanguage ?? i18n.language;
  useEffect(() => {
    uppy?.setOptions({
      locale: {
        strings: t('upload:uppy', { returnObjects: true }) as Record<string, string | Record<number, string>>,
        pluralize: uppyPluralIndex(language),
      },
    });
    // The language is what changes the strings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uppy, language]);

  return (
    <Stack>
      <Text>{t('public.uploadHint')}</Text>
      {sent > 0 && (
        <Alert color="teal" role="status">
          {t('public.uploaded', { count: sent })}
        </Alert>
      )}
      {uppy && (
        <Dashboard
          uppy={uppy}
          width="100%"
          height={380}
          theme={scheme === 'dark' ? 'dark' : 'light'}
          proudlyDisplayPoweredByUppy={false}
        />
      )}
    </Stack>
  );
}
