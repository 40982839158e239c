import { Checkbox, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  PRESET_PROFILE_MODES,
  RENDER_RECIPES,
  RENDER_RECIPE_NAMES,
  type PresetCapability,
} from '@skald/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { presetsApi, type PresetDto, type PresetInput } from '../../api/presets.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

interface EditorProps {
  preset: PresetDto | null;
  /** The tenant's presets, to fall back to. */
  presets: readonly PresetDto[];
}

/** Creates (preset null) or edits a preset with every field of spec §3. */
export function PresetEditorModal({ preset, presets, ...dialog }: DialogProps & EditorProps) {
  const { t } = useTranslation('presets');
  return (
    <Modal
      opened={dialog.opened}
      onClose={dialog.onClose}
      onExitTransitionEnd={dialog.onExitTransitionEnd}
      title={preset ? t('editTitle', { name: preset.name }) : t('createTitle')}
      size="lg"
      centered
    >
      <PresetForm key={dialog.opening} preset={preset} presets={presets} onClose={dialog.onClose} />
    </Modal>
  );
}

const blank: PresetInput = {
  presetId: '',
  name: '',
  hidden: false,
  recipe: 'h264Mp4',
  profileMode: 'generic',
  capabilities: [...RENDER_RECIPES.h264Mp4.capabilities],
  overrideStartTimecode: false,
  startTimecode: null,
  fallbackPresetId: null,
  isDefault: false,
};

const inputOf = (p: PresetDto): PresetInput => ({
  presetId: p.presetId,
  name: p.name,
  hidden: p.hidden,
  recipe: p.recipe,
  profileMode: p.profileMode,
  capabilities: p.capabilities,
  overrideStartTimecode: p.overrideStartTimecode,
  startTimecode: p.startTimecode,
  fallbackPresetId: p.fallbackPresetId,
  isDefault: p.isDefault,
});

function PresetForm({ preset, presets, onClose }: EditorProps & { onClose: () => void }) {
  const { t } = useTranslation('presets');
  const { describe, fieldMessage } = useErrorMessage();
  const client = useQueryClient();
  const [draft, setDraft] = useState<PresetInput>(preset ? inputOf(preset) : blank);
  const change = (patch: Partial<PresetInput>) => {
    setDraft((d) => ({ ...d, ...patch }));
  };
  const possible: readonly PresetCapability[] = RENDER_RECIPES[draft.recipe].capabilities;

  const save = useMutation({
    mutationFn: (input: PresetInput) =>
      preset ? presetsApi.update(preset.id, input) : presetsApi.create(input),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: queryKeys.presets });
      notifySuccess(t('saved', { name: saved.name }));
      onClose();
    },
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ ...draft, startTimecode: draft.overrideStartTimecode ? draft.startTimecode : null });
  };

  const fields = [
    'presetId',
    'name',
    'recipe',
    'profileMode',
    'capabilities',
    'startTimecode',
    'fallbackPresetId',
  ];
  const errorOf = (field: string) => fieldMessage(save.error, field);
  const builtIn = preset?.builtIn ?? false;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && fields.every((f) => errorOf(f) === undefined) && (
          <ErrorAlert>{describe(save.error)}</ErrorAlert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('name')}
            value={draft.name}
            onChange={(e) => {
              change({ name: e.currentTarget.value });
            }}
            error={errorOf('name')}
            required
            data-autofocus
          />
          <TextInput
            label={t('presetId')}
            description={t('presetIdHint')}
            value={draft.presetId}
            onChange={(e) => {
              change({ presetId: e.currentTarget.value });
            }}
            error={errorOf('presetId')}
            disabled={builtIn}
            required
            ff="monospace"
          />
          <Select
            label={t('recipe')}
            value={draft.recipe}
            data={RENDER_RECIPE_NAMES.map((r) => ({ value: r, label: t(`recipes.${r}`) }))}
            onChange={(value) => {
              if (!value) return;
              const recipe = value;
              change({
                recipe,
                profileMode: RENDER_RECIPES[recipe].profileMode,
                capabilities: [...RENDER_RECIPES[recipe].capabilities],
              });
            }}
            error={errorOf('recipe')}
            disabled={builtIn}
            allowDeselect={false}
          />
          <Select
            label={t('profileMode')}
            value={draft.profileMode}
            data={PRESET_PROFILE_MODES.map((m) => ({ value: m, label: t(`profileModes.${m}`) }))}
            onChange={(value) => {
              if (value) change({ profileMode: value });
            }}
            error={errorOf('profileMode')}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('capabilities')}
          description={t('capabilitiesHint')}
          value={draft.capabilities}
          onChange={(value) => {
            change({ capabilities: value });
          }}
          error={errorOf('capabilities')}
        >
          <Group mt="xs">
            {possible.map((c) => (
              <Checkbox key={c} value={c} label={t(`capabilityNames.${c}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label={t('fallback')}
          description={t('fallbackHint')}
          placeholder={t('noFallback')}
          value={draft.fallbackPresetId}
          data={presets.filter((p) => p.id !== preset?.id).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(value) => {
            change({ fallbackPresetId: value });
          }}
          error={errorOf('fallbackPresetId')}
          clearable
        />
        <Switch
          label={t('overrideStartTimecode')}
          checked={draft.overrideStartTimecode}
          onChange={(e) => {
            change({
              overrideStartTimecode: e.currentTarget.checked,
              startTimecode: draft.startTimecode ?? '10:00:00:00',
            });
          }}
        />
        {draft.overrideStartTimecode && (
          <TextInput
            label={t('startTimecode')}
            description={t('startTimecodeHint')}
            value={draft.startTimecode ?? ''}
            onChange={(e) => {
              change({ startTimecode: e.currentTarget.value });
            }}
            error={errorOf('startTimecode')}
            ff="monospace"
            maw={200}
          />
        )}
        <Switch
          label={t('hiddenLabel')}
          description={t('hiddenHint')}
          checked={draft.hidden}
          onChange={(e) => {
            change({ hidden: e.currentTarget.checked });
          }}
        />
        <Switch
          label={t('isDefaultLabel')}
          checked={draft.isDefault}
          onChange={(e) => {
            change({ isDefault: e.currentTarget.checked });
          }}
        />
        <ModalFooter submitLabel={t('common:save')} submitting={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
