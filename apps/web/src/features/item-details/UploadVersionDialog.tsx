import { Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemMetadataApi } from '../../api/forms.ts';
import { UPLOADS_ENDPOINT, type Item } from '../../api/items.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useTechnicalFormat } from './useTechnicalFormat.ts';
import { progressPercent } from '../activity/progress.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';
import { CHUNK_SIZE, RETRY_DELAYS, serverRefusal } from '../upload/uploadRules.ts';
import { tusAnswer } from './tusError.ts';
import { useViewValues } from '../metadata-forms/useViewValues.ts';
import type { ViewValues } from '../metadata-forms/viewValues.ts';
import { ViewValuesSection } from '../metadata-forms/ViewValuesSection.tsx';

interface UploadVersionDialogProps extends DialogProps {
  item: Item;
}

type UploadMeta = { folderId: string; itemId: string; formValues?: string } & Record<string, unknown>;

/**
 * Uploads a file as the item's new leading version: a resumable tus upload (Uppy) whose metadata
 * names the item (`itemId`); the server answers a refused file before any byte is sent. The forms'
 * new version view (spec §3) shows the item's values to change with it, for who may change them:
 * what differs is sent as `formValues` and set on the item when the version arrives.
 */
export function UploadVersionDialog({
  item,
  opened,
  onClose,
  onExitTransitionEnd,
}: UploadVersionDialogProps) {
  const { t } = useTranslation(['itemDetails', 'errors']);
  const serverMessage = useServerMessage();
  const { bytes } = useTechnicalFormat();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uppy = useRef<Uppy<UploadMeta> | null>(null);
  const metadata = useQuery({
    queryKey: queryKeys.itemMetadata(item.id),
    queryFn: ({ signal }) => itemMetadataApi.get(item.id, signal),
  });
  const mayChange = Object.values(metadata.data?.writable ?? {}).some((fields) => fields.length > 0);
  const values = useViewValues('newVersion', metadata.data?.values as ViewValues | undefined, {
    changesOnly: true,
  });
  const formValues =
    mayChange && Object.keys(values.sendable).length > 0 ? JSON.stringify(values.sendable) : undefined;
  const valuesInvalid = mayChange && Object.keys(values.errors).length > 0;

  // Closing the page stops an upload that is still running.
  useEffect(
    () => () => {
      uppy.current?.destroy();
    },
    [],
  );

  const running = sent !== null;

  const start = async () => {
    if (!file) return;
    setError(null);
    setSent(0);
    const upload = new Uppy<UploadMeta>({ autoProceed: false, restrictions: { maxNumberOfFiles: 1 } }).use(
      Tus,
      {
        endpoint: UPLOADS_ENDPOINT,
        chunkSize: CHUNK_SIZE,
        retryDelays: [...RETRY_DELAYS],
        removeFingerprintOnSuccess: true,
      },
    );
    uppy.current = upload;
    upload.on('upload-progress', (_file, progress) => {
      setSent(progress.bytesUploaded);
    });
    upload.addFile({
      name: file.name,
      type: file.type || 'application/octet-stream',
      data: file,
      meta: { folderId: item.folderId, itemId: item.id, ...(formValues ? { formValues } : {}) },
    });
    const result = await upload.upload().catch((cause: unknown) => ({
      failed: [{ error: cause instanceof Error ? cause.message : String(cause) }],
    }));
    upload.destroy();
    uppy.current = null;
    void client.invalidateQueries({ queryKey: queryKeys.uploads });
    const failure = result?.failed?.[0];
    if (failure) {
      const answer = tusAnswer(failure.error ?? '');
      setSent(null);
      setError(
        answer === null
          ? t('errors:codes.network')
          : serverMessage(serverRefusal(answer.status, answer.body)),
      );
      return;
    }
    void client.invalidateQueries({ queryKey: queryKeys.item(item.id) });
    void client.invalidateQueries({ queryKey: queryKeys.itemHistory(item.id) });
    void client.invalidateQueries({ queryKey: queryKeys.itemMetadata(item.id) });
    notifySuccess(t('uploadVersion.done', { title: item.title }));
    onClose();
  };

  const cancel = () => {
    uppy.current?.cancelAll();
    onClose();
  };

  const percent = file && sent !== null ? (progressPercent(sent, file.size) ?? 0) : 0;

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={t('uploadVersion.title')}
      centered
      onExitTransitionEnd={() => {
        setFile(null);
        setSent(null);
        setError(null);
        values.reset();
        onExitTransitionEnd();
      }}
    >
      <Stack>
        <Text size="sm">{t('uploadVersion.description', { title: item.title })}</Text>
        <FileInput
          label={t('uploadVersion.file')}
          placeholder={t('uploadVersion.choose')}
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(null);
          }}
          disabled={running}
          clearable
          clearButtonProps={{ 'aria-label': t('uploadVersion.clear') }}
          leftSection={<IconUpload size={16} />}
        />
        {mayChange && (
          <ViewValuesSection
            values={values}
            texts={{
              title: t('uploadVersion.values.title'),
              hint: t('uploadVersion.values.hint'),
              invalid: t('uploadVersion.values.invalid'),
            }}
            testId="version-form-values"
          />
        )}
        {running && file && (
          <Stack gap={4}>
            <Progress value={percent} aria-label={t('uploadVersion.progress', { name: file.name })} />
            <Text size="xs" c="dimmed">
              {bytes(sent)} / {bytes(file.size)}
            </Text>
          </Stack>
        )}
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('common:cancel')}
          </Button>
          <Button
            onClick={() => {
              void start();
            }}
            loading={running}
            disabled={!file || valuesInvalid}
          >
            {t('uploadVersion.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
