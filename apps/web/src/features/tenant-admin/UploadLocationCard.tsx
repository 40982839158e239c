import { Badge, Button, Group, Text } from '@mantine/core';
import { IconFolder, IconFolderDown } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tenantApi, type UploadLocation } from '../../api/admin.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { useDialogState } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { FolderPickerModal } from '../folders/lazyDialogs.ts';
import { useUploadLocation } from '../upload/useUploadLocation.ts';
import { SettingsCard } from './SettingsCard.tsx';

const pathText = (location: UploadLocation) => location.folder.path.map((entry) => entry.name).join(' / ');

/**
 * Spec §6: the tenant's default upload location, where uploads go when no folder is chosen, and
 * every upload of a user without item.chooseUploadLocation. The root until an administrator picks
 * a folder here.
 */
export function UploadLocationCard() {
  const { t } = useTranslation('admin');
  const { describe } = useErrorMessage();
  const client = useQueryClient();
  const location = useUploadLocation();
  const dialogs = useDialogState<{ kind: 'pick' }>();
  const pick = dialogs.of('pick');

  const save = useMutation({
    mutationFn: tenantApi.setUploadLocation,
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.uploadLocation, saved);
      notifySuccess(t('uploadLocation.saved', { path: pathText(saved) }));
      dialogs.close();
    },
  });

  return (
    <>
      <SettingsCard
        id="upload-location"
        icon={<IconFolderDown size={22} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />}
        title={t('uploadLocation.title')}
        description={t('uploadLocation.description')}
        settings={location}
      >
        {(current) => (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap={6} wrap="nowrap" miw={0}>
              <IconFolder size={16} style={{ flex: 'none' }} aria-hidden />
              <Text size="sm" fw={500} truncate="end" data-testid="default-upload-location">
                {pathText(current)}
              </Text>
              {current.folderId === null && (
                <Badge variant="light" color="gray">
                  {t('uploadLocation.rootDefault')}
                </Badge>
              )}
            </Group>
            <Group gap="xs">
              {current.folderId !== null && (
                <Button
                  variant="default"
                  loading={save.isPending && save.variables.folderId === null}
                  onClick={() => {
                    save.mutate(
                      { folderId: null },
                      {
                        onError: (error) => {
                          notifyError(describe(error));
                        },
                      },
                    );
                  }}
                >
                  {t('uploadLocation.useRoot')}
                </Button>
              )}
              <Button
                onClick={() => {
                  save.reset();
                  dialogs.open({ kind: 'pick' });
                }}
              >
                {t('uploadLocation.choose')}
              </Button>
            </Group>
          </Group>
        )}
      </SettingsCard>
      <FolderPickerModal
        {...pick.props}
        title={t('uploadLocation.pickTitle')}
        confirmLabel={t('uploadLocation.pickConfirm')}
        start={location.data?.folder.path ?? []}
        unchangedId={location.data?.folder.id}
        pending={save.isPending}
        error={save.isError && pick.props.opened ? describe(save.error) : undefined}
        onConfirm={(picked) => {
          save.mutate({ folderId: picked.id });
        }}
      />
    </>
  );
}
