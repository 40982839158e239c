import { Badge, Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { presetsApi, type PresetDto } from '../../api/presets.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notifyError, notifySuccess } from '../../components/notify.ts';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { PresetEditorModal } from './PresetEditorModal.tsx';

type Dialog = { kind: 'edit'; preset: PresetDto | null } | { kind: 'delete'; preset: PresetDto };

/** Spec §2 "Preset management" (/settings/presets): the tenant's render presets and the default for all users. */
export function PresetsSettingsPage() {
  const { t } = useTranslation('presets');
  const client = useQueryClient();
  const { describe } = useErrorMessage();
  const dialogs = useDialogState<Dialog>();
  const editDialog = dialogs.of('edit');
  const deleteDialog = dialogs.of('delete');
  const presets = useQuery({
    queryKey: queryKeys.presets,
    queryFn: ({ signal }) => presetsApi.list([], signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.presets });

  const setDefault = useMutation({
    mutationFn: (preset: PresetDto) => presetsApi.update(preset.id, { isDefault: !preset.isDefault }),
    onSuccess: () => refresh(),
    onError: (error) => {
      notifyError(describe(error));
    },
  });
  const remove = useMutation({
    mutationFn: (preset: PresetDto) => presetsApi.remove(preset.id),
    onSuccess: (_, preset) => {
      notifySuccess(t('deleted', { name: preset.name }));
      dialogs.close();
      return refresh();
    },
  });

  if (presets.isPending) return <LoadingState />;
  if (presets.error) return <ErrorAlert>{describe(presets.error)}</ErrorAlert>;
  const items = presets.data.items;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('title')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            dialogs.open({ kind: 'edit', preset: null });
          }}
        >
          {t('create')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      <DataTable
        label={t('title')}
        testId="presets-table"
        minWidth={760}
        columns={[t('name'), t('presetId'), t('recipe'), t('capabilities'), t('isDefault')]}
        actionsLabel={t('actions')}
      >
        {items.map((preset) => (
          <Table.Tr key={preset.id}>
            <Table.Td>
              {preset.name}{' '}
              {preset.builtIn && (
                <Badge variant="light" color="gray">
                  {t('builtIn')}
                </Badge>
              )}{' '}
              {preset.hidden && <Badge variant="outline">{t('hidden')}</Badge>}
            </Table.Td>
            <Table.Td ff="monospace">{preset.presetId}</Table.Td>
            <Table.Td>
              {t(`recipes.${preset.recipe}`)}
              <Text size="xs" c="dimmed">
                {t(`profileModes.${preset.profileMode}`)}
              </Text>
            </Table.Td>
            <Table.Td>{preset.capabilities.map((c) => t(`capabilityNames.${c}`)).join(', ')}</Table.Td>
            <Table.Td>
              <Switch
                aria-label={t('defaultNamed', { name: preset.name })}
                checked={preset.isDefault}
                onChange={() => {
                  setDefault.mutate(preset);
                }}
              />
            </Table.Td>
            <Table.Td>
              <RowActions>
                <EditAction
                  label={t('editNamed', { name: preset.name })}
                  onClick={() => {
                    dialogs.open({ kind: 'edit', preset });
                  }}
                />
                <DeleteAction
                  label={t('deleteNamed', { name: preset.name })}
                  disabled={preset.builtIn}
                  title={preset.builtIn ? t('messages:builtInPresetKept') : undefined}
                  onClick={() => {
                    remove.reset();
                    dialogs.open({ kind: 'delete', preset });
                  }}
                />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <PresetEditorModal {...editDialog.props} preset={editDialog.data?.preset ?? null} presets={items} />
      <ConfirmDialog
        {...deleteDialog.props}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleteDialog.data?.preset.name ?? '' })}
        confirmLabel={t('common:delete')}
        loading={remove.isPending}
        error={remove.isError ? describe(remove.error) : undefined}
        onConfirm={() => {
          if (deleteDialog.data) remove.mutate(deleteDialog.data.preset);
        }}
      />
    </Stack>
  );
}
