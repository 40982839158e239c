import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  useComputedColorScheme,
} from '@mantine/core';
import { MESSAGES, canChooseUploadLocation, formatMessage } from '@skald/domain';
import { IconAlertCircle, IconFileOff, IconFolder } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import Tus from '@uppy/tus';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/currentUser.ts';
import { foldersApi, type Folder, type FolderPathEntry } from '../../api/folders.ts';
import { UPLOADS_ENDPOINT } from '../../api/items.ts';
import { principalOf } from '../../api/principal.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { FolderPicker } from '../folders/FolderPickerModal.tsx';
import { useServerMessage } from '../../i18n/useServerMessage.ts';
import {
  CHUNK_SIZE,
  RETRY_DELAYS,
  refusalOf,
  serverRefusal,
  uploadMetaFields,
  uppyPluralIndex,
} from './uploadRules.ts';
import { useUppyFileListRole } from './useUppyFileListRole.ts';
import { useUploadLocation } from './useUploadLocation.ts';
import { ViewValuesSection } from '../metadata-forms/ViewValuesSection.tsx';
import { useViewValues } from '../metadata-forms/useViewValues.ts';
import classes from './upload.module.css';

type UploadMeta = Meta & { folderId?: string; formValues?: string };
type UploadFile = UppyFile<UploadMeta, Body>;

const NOTHING_STORED = {};

interface ListedFile {
  /** Uppy's file id, or a counter for files Uppy never took. */
  key: string;
  name: string;
  message: string;
}

interface UploadDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The open folder; without one, files go to the tenant's default upload location unless another is picked. */
  folder?: Folder | undefined;
}

/** Reads the response of a refused tus request (Uppy hands over the XMLHttpRequest). */
function responseText(response: unknown): string {
  if (typeof response !== 'object' || response === null || !('body' in response)) return '';
  const body: unknown = response.body;
  if (typeof body !== 'object' || body === null || !('xhr' in body)) return '';
  const xhr: unknown = body.xhr;
  return xhr instanceof XMLHttpRequest ? xhr.responseText : '';
}

function responseStatus(response: unknown): number | undefined {
  if (typeof response !== 'object' || response === null || !('status' in response)) return undefined;
  return typeof response.status === 'number' && response.status > 0 ? response.status : undefined;
}

/**
 * Uppy's Dashboard with tus resumable uploads (64 MiB chunks, retries), files and whole folders by
 * drag and drop or browsing, per-file and total progress, pause, resume and retry. Files outside the
 * whitelist (or of the tenant's forbidden extensions) are listed greyed out and never sent. They go
 * to the folder shown (the open one, or one picked) — or, when there is neither (the dialog of the
 * header and the search page) and for a user without item.chooseUploadLocation, to the tenant's
 * default upload location: the upload names no folder and the server puts it there.
 */
export function UploadDialog({ opened, onClose, folder }: UploadDialogProps) {
  const { t, i18n } = useTranslation('upload');
  const me = useCurrentUser();
  const client = useQueryClient();
  const serverMessage = useServerMessage();
  const scheme = useComputedColorScheme('light');
  const mayChoose = canChooseUploadLocation(principalOf(me));
  const [chosen, setChosen] = useState<readonly FolderPathEntry[] | null>(null);
  // A folder of the user's: the open one or one picked; else the server decides.
  const explicit = mayChoose && (chosen !== null || folder !== undefined);
  const defaultLocation = useUploadLocation(!mayChoose || folder === undefined);
  const [picking, setPicking] = useState(false);
  const [skipped, setSkipped] = useState<ListedFile[]>([]);
  const [refused, setRefused] = useState<ListedFile[]>([]);
  const [uppy, setUppy] = useState<Uppy<UploadMeta, Body> | null>(null);
  const dashboardRef = useUppyFileListRole();
  const target = (explicit ? (chosen ?? folder?.path) : defaultLocation.data?.folder.path) ?? [];
  const targetFolder = target.at(-1) ?? (folder ? { id: folder.id, name: folder.name } : null);
  const locked = !explicit && defaultLocation.data?.writable === false ? defaultLocation.data.folder : null;
  // Spec §2: the upload view's values, given to every file of the upload.
  const values = useViewValues('upload', NOTHING_STORED);
  const formValues = Object.keys(values.sendable).length > 0 ? JSON.stringify(values.sendable) : null;
  const valuesInvalid = Object.keys(values.errors).length > 0;

  // Read by Uppy's callbacks, which are set up once.
  const latest = useRef({
    forbidden: me.tenant.forbiddenExtensions,
    serverMessage,
    deniedMessage: '',
    valuesInvalid,
  });
  useEffect(() => {
    latest.current = {
      forbidden: me.tenant.forbiddenExtensions,
      serverMessage,
      deniedMessage: t('messages:deniedExtension'),
      valuesInvalid,
    };
  });

  useEffect(() => {
    let skippedCount = 0;
    const instance = new Uppy<UploadMeta, Body>({
      id: 'skald-upload',
      autoProceed: false,
      allowMultipleUploadBatches: true,
      // Values the domain refuses are shown at their fields; the files wait until they are put right.
      onBeforeUpload: () => !latest.current.valuesInvalid,
      onBeforeFileAdded: (file, files) => {
        if (Object.hasOwn(files, file.id)) return false;
        const refusal = refusalOf(file.name, latest.current.forbidden);
        if (refusal === null) return true;
        const name = file.name;
        setSkipped((current) => [
          ...current,
          { key: String(++skippedCount), name, message: latest.current.serverMessage(refusal) },
        ]);
        return false;
      },
    }).use(Tus, {
      endpoint: UPLOADS_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: [...RETRY_DELAYS],
      // Set for the user by the effect below, before any file can be added.
      allowedMetaFields: [...uploadMetaFields(false)],
      removeFingerprintOnSuccess: true,
    });
    const forget = (id: string) => {
      setRefused((current) => current.filter((entry) => entry.key !== id));
    };
    instance.on('upload-success', (file: UploadFile | undefined) => {
      if (file) forget(file.id);
      void client.invalidateQueries({ queryKey: queryKeys.items });
      // A file of a dropped folder may have made folders.
      if (file?.meta.relativePath) void client.invalidateQueries({ queryKey: queryKeys.folders });
    });
    instance.on('upload-error', (file: UploadFile | undefined, _error, response) => {
      if (!file) return;
      const message = latest.current.serverMessage(
        serverRefusal(responseStatus(response), responseText(response)),
      );
      // Uppy shows it as the file's error tooltip; the list under the Dashboard says it in words.
      instance.setFileState(file.id, { error: message });
      setRefused((current) => [
        ...current.filter((entry) => entry.key !== file.id),
        { key: file.id, name: file.name, message },
      ]);
    });
    instance.on('upload-retry', (file: UploadFile | undefined) => {
      if (file) forget(file.id);
    });
    instance.on('file-removed', (file: UploadFile) => {
      forget(file.id);
    });
    instance.on('cancel-all', () => {
      setRefused([]);
    });
    setUppy(instance);
    return () => {
      instance.destroy();
    };
  }, [client]);

  const targetId = explicit ? targetFolder?.id : undefined;
  useEffect(() => {
    uppy
      ?.getPlugin('Tus')
      ?.setOptions({ allowedMetaFields: [...uploadMetaFields(targetId !== undefined, formValues !== null)] });
    if (targetId !== undefined) uppy?.setMeta({ folderId: targetId });
    if (formValues !== null) uppy?.setMeta({ formValues });
  }, [uppy, targetId, formValues]);

  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = {
    strings: t('uppy', { returnObjects: true }) as Record<string, string | Record<number, string>>,
    pluralize: uppyPluralIndex(language),
  };
  useEffect(() => {
    uppy?.setOptions({ locale });
    // The locale object is rebuilt each render; the language is what changes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uppy, language]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size="xl" keepMounted centered>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconFolder size={16} style={{ flex: 'none' }} />
            <Text size="sm" truncate="end" data-testid="upload-location">
              {explicit || defaultLocation.data
                ? t(explicit ? 'location' : 'defaultLocation', {
                    path: target.map((entry) => entry.name).join(' / '),
                  })
                : t('defaultLocationLoading')}
            </Text>
          </Group>
          {mayChoose && (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                setPicking((open) => !open);
              }}
            >
              {picking ? t('locationDone') : t('locationChange')}
            </Button>
          )}
        </Group>
        {locked && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid="upload-location-locked">
            {serverMessage({
              message: formatMessage(MESSAGES.defaultUploadLocationNotWritable, { folder: locked.name }),
              messageId: 'defaultUploadLocationNotWritable',
              params: { folder: locked.name },
            })}
          </Alert>
        )}
        {mayChoose && picking && (
          <Paper withBorder p="xs">
            <FolderPicker
              start={target}
              picked={targetFolder}
              onPick={(picked) => {
                setChosen(pathTo(picked, target, folder?.path ?? []));
                // The tree knows names, not paths: the folder itself says where it lies.
                client
                  .query({
                    queryKey: queryKeys.folder(picked.id),
                    queryFn: ({ signal }) => foldersApi.get(picked.id, signal),
                  })
                  .then(
                    (loaded) => {
                      setChosen((current) => (current?.at(-1)?.id === loaded.id ? loaded.path : current));
                    },
                    () => undefined,
                  );
              }}
            />
          </Paper>
        )}
        <ViewValuesSection
          values={values}
          texts={{ title: t('values.title'), hint: t('values.hint'), invalid: t('values.invalid') }}
          testId="upload-form-values"
        />
        {uppy && (
          <div className={classes.dashboard} ref={dashboardRef}>
            <Dashboard
              uppy={uppy}
              width="100%"
              height={380}
              theme={scheme === 'dark' ? 'dark' : 'light'}
              fileManagerSelectionType="both"
              hideProgressDetails={false}
              proudlyDisplayPoweredByUppy={false}
              note={t('note')}
              locale={locale}
              doneButtonHandler={() => {
                uppy.clear();
                values.reset();
                setSkipped([]);
                setRefused([]);
                onClose();
              }}
            />
          </div>
        )}
        {refused.length > 0 && (
          <FileList
            testId="upload-refused"
            title={t('refused.title', { count: refused.length })}
            files={refused}
            tone="refused"
          />
        )}
        {skipped.length > 0 && (
          <FileList
            testId="upload-skipped"
            title={t('skipped.title', { count: skipped.length })}
            files={skipped}
            tone="skipped"
            onClear={() => {
              setSkipped([]);
            }}
          />
        )}
      </Stack>
    </Modal>
  );
}

/**
 * The path of a picked folder. The tree hands over only the folder; its path is known when it lies
 * on a path already known (the current one or the last choice), else it is shown by its name.
 */
function pathTo(
  picked: FolderPathEntry,
  ...known: (readonly FolderPathEntry[])[]
): readonly FolderPathEntry[] {
  for (const path of known) {
    const index = path.findIndex((entry) => entry.id === picked.id);
    if (index !== -1) return path.slice(0, index + 1);
  }
  return [picked];
}

interface FileListProps {
  testId: string;
  title: string;
  files: readonly ListedFile[];
  /** Skipped files are greyed out; files the server refused are marked as errors. */
  tone: 'skipped' | 'refused';
  onClear?: () => void;
}

function FileList({ testId, title, files, tone, onClear }: FileListProps) {
  const { t } = useTranslation('upload');
  return (
    <Paper withBorder p="sm" className={classes.list} data-tone={tone} data-testid={testId}>
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600} c={tone === 'refused' ? 'red' : undefined}>
          {title}
        </Text>
        {onClear && (
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onClear}>
            {t('skipped.clear')}
          </Button>
        )}
      </Group>
      <List spacing={4} size="sm" listStyleType="none">
        {files.map((file) => (
          <List.Item
            key={file.key}
            icon={
              <ThemeIcon size="sm" variant="transparent" color={tone === 'refused' ? 'red' : 'gray'}>
                {tone === 'refused' ? <IconAlertCircle size={14} /> : <IconFileOff size={14} />}
              </ThemeIcon>
            }
          >
            <Text size="sm" span className={classes.name}>
              {file.name}
            </Text>{' '}
            <Text size="xs" span c={tone === 'refused' ? 'red' : 'dimmed'}>
              — {file.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
