import { Alert, Stack, Text, useComputedColorScheme } from '@mantine/core';
import Uppy, { type Body, type Meta } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import Tus from '@uppy/tus';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_TOKEN_HEADER, SHARE_UPLOADS_ENDPOINT } from '../../api/shares.ts';
import { ViewValuesSection } from '../metadata-forms/ViewValuesSection.tsx';
import { CHUNK_SIZE, RETRY_DELAYS, uppyPluralIndex } from '../upload/uploadRules.ts';
import { useUppyFileListRole } from '../upload/useUppyFileListRole.ts';
import { useGuestUploadValues } from './useGuestUploadValues.ts';

/**
 * The Shared uploader: an upload request's page. The same resumable uploader as the signed-in one
 * (Uppy, tus), sending to the request's endpoint with the link's token; the files go into the
 * folder the requester chose, which the page does not name. Above it, the forms' upload view the
 * link answers: its values go with every file, and the files wait until every required one is set.
 */
export function SharedUploader({ token }: { token: string }) {
  const { t, i18n } = useTranslation(['shares', 'upload']);
  const scheme = useComputedColorScheme('light');
  const [uppy, setUppy] = useState<Uppy<Meta, Body> | null>(null);
  const dashboardRef = useUppyFileListRole();
  const [sent, setSent] = useState(0);
  const values = useGuestUploadValues(token);
  const valuesInvalid = Object.keys(values.errors).length > 0;
  // The values' errors show once an upload was tried: a required field is not wrong before that.
  const [tried, setTried] = useState(false);
  const formValues = Object.keys(values.sendable).length > 0 ? JSON.stringify(values.sendable) : null;
  // Read by Uppy's callback, which is set up once.
  const invalid = useRef(valuesInvalid);
  useEffect(() => {
    invalid.current = valuesInvalid;
  });

  useEffect(() => {
    const instance = new Uppy<Meta, Body>({
      id: 'skald-shared-upload',
      autoProceed: false,
      onBeforeUpload: () => {
        setTried(true);
        return !invalid.current;
      },
    }).use(Tus, {
      endpoint: SHARE_UPLOADS_ENDPOINT,
      headers: { [SHARE_TOKEN_HEADER]: token },
      chunkSize: CHUNK_SIZE,
      retryDelays: [...RETRY_DELAYS],
      allowedMetaFields: ['name', 'type', 'formValues'],
      removeFingerprintOnSuccess: true,
    });
    instance.on('upload-success', () => {
      setSent((n) => n + 1);
    });
    // Uppy is an outside system: made here and destroyed in the clean-up, so StrictMode's second mount gets a fresh one.
    setUppy(instance);
    return () => {
      instance.destroy();
    };
  }, [token]);

  useEffect(() => {
    uppy?.setMeta({ formValues: formValues ?? '' });
  }, [uppy, formValues]);

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
      <ViewValuesSection
        values={{ ...values, errors: tried ? values.errors : {} }}
        texts={{
          title: t('upload:values.title'),
          hint: t('upload:values.hint'),
          invalid: t('upload:values.invalid'),
        }}
        testId="shared-upload-values"
        open
      />
      <div ref={dashboardRef}>
        {uppy && (
          <Dashboard
            uppy={uppy}
            width="100%"
            height={380}
            theme={scheme === 'dark' ? 'dark' : 'light'}
            proudlyDisplayPoweredByUppy={false}
          />
        )}
      </div>
    </Stack>
  );
}
