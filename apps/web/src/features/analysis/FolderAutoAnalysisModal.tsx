import { Modal, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { autoAnalysisApi, type AutoAnalysisSetting, type FolderAutoAnalysis } from '../../api/analysis.ts';
import type { Folder } from '../../api/folders.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { AutoAnalysisFields, sendable } from './AutoAnalysisFields.tsx';

/**
 * Issue 14: the analyses started on the items uploaded into a folder once their transcode is done —
 * the folder's own, or the tenant's. Who may update the folder sets it (the server checks too).
 */
export function FolderAutoAnalysisModal({ folder, ...dialog }: DialogProps & { folder: Folder | null }) {
  const { t } = useTranslation('analysis');
  return (
    <Modal
      opened={dialog.opened}
      onClose={dialog.onClose}
      onExitTransitionEnd={dialog.onExitTransitionEnd}
      title={t('folderAuto.title', { name: folder?.name ?? '' })}
      size="lg"
      centered
    >
      {folder && <FolderAutoAnalysisLoader key={dialog.opening} folder={folder} onClose={dialog.onClose} />}
    </Modal>
  );
}

function FolderAutoAnalysisLoader({ folder, onClose }: { folder: Folder; onClose: () => void }) {
  const { describe } = useErrorMessage();
  const stored = useQuery({
    queryKey: queryKeys.folderAutoAnalysis(folder.id),
    queryFn: ({ signal }) => autoAnalysisApi.folder(folder.id, signal),
  });
  if (stored.isPending) return <LoadingState />;
  if (stored.isError) return <ErrorAlert>{describe(stored.error)}</ErrorAlert>;
  return <FolderAutoAnalysisForm folder={folder} stored={stored.data} onClose={onClose} />;
}

function FolderAutoAnalysisForm({
  folder,
  stored,
  onClose,
}: {
  folder: Folder;
  stored: FolderAutoAnalysis;
  onClose: () => void;
}) {
  const { t } = useTranslation('analysis');
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const [own, setOwn] = useState(stored.setting !== null);
  const [value, setValue] = useState<AutoAnalysisSetting>(stored.setting ?? stored.effective);
  const save = useMutation({
    mutationFn: (setting: AutoAnalysisSetting | null) => autoAnalysisApi.setFolder(folder.id, setting),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.folderAutoAnalysis(folder.id), saved);
      notifySuccess(t('folderAuto.saved', { name: folder.name }));
      onClose();
    },
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(own ? sendable(value) : null);
  };
  const kindsText = (setting: AutoAnalysisSetting) =>
    setting.kinds.length === 0 ? t('auto.none') : setting.kinds.map((k) => t(`kinds.${k}`)).join(', ');
  const languageError = save.error ? fieldMessage(save.error, 'language') : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('folderAuto.hint')}
        </Text>
        {save.isError && languageError === undefined && <ErrorAlert>{describe(save.error)}</ErrorAlert>}
        <Radio.Group
          label={t('folderAuto.source')}
          value={own ? 'own' : 'inherit'}
          onChange={(v) => {
            setOwn(v === 'own');
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="inherit" label={t('folderAuto.inherit')} />
            <Radio value="own" label={t('folderAuto.own')} />
          </Stack>
        </Radio.Group>
        {own ? (
          <AutoAnalysisFields value={value} onChange={setValue} languageError={languageError} />
        ) : (
          // What the tenant's setting is shows only while the folder follows it (the tenant's own
          // setting is the administrators' to read).
          stored.setting === null && (
            <Text size="sm" data-testid="folder-auto-analysis-inherited">
              {t('folderAuto.inherited', { kinds: kindsText(stored.effective) })}
            </Text>
          )
        )}
        <ModalFooter submitLabel={t('common:save')} submitting={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
