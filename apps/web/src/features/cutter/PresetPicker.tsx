import { Alert, Select } from '@mantine/core';
import {
  MESSAGES,
  recipeMakesPicture,
  subclipNeeds,
  wholeRenderNeeds,
  type PresetCapability,
} from '@skald/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { presetsApi, type PresetDto } from '../../api/presets.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';

interface PresetPickerProps {
  /** The capabilities the render needs (spec §5: rendering requires a preset matching them). */
  needs: PresetCapability[];
  /** The title of the panel, over the spec's message when no preset fits. */
  title: string;
  label: string;
  /** Narrows the presets further (sound alone cannot fill a preset that makes a picture). */
  accept?: (preset: PresetDto) => boolean;
  /** The panel around the choice: the chosen preset (the default at first) and its select. */
  children: (choice: { presetId: string | null; select: ReactNode }) => ReactNode;
}

/**
 * The presets for a range of a source (a subclip, a central render request): sound alone is
 * rendered only through presets that make sound and no picture.
 */
export const rangePresets = (sourceType: 'video' | 'audio'): Pick<PresetPickerProps, 'needs' | 'accept'> => ({
  needs: subclipNeeds(sourceType),
  accept: soundAccepts(sourceType),
});

/** The presets for all of a source, nothing cut: a re-wrap may render a video. */
export const wholePresets = (sourceType: 'video' | 'audio'): Pick<PresetPickerProps, 'needs' | 'accept'> => ({
  needs: wholeRenderNeeds(sourceType),
  accept: soundAccepts(sourceType),
});

const soundAccepts = (sourceType: 'video' | 'audio'): PresetPickerProps['accept'] =>
  sourceType === 'video' ? undefined : (p) => !recipeMakesPicture(p.recipe);

/**
 * The choice of a preset for a render (subclip, whole item, sequence export): the visible presets with the
 * needed capabilities, the default for all users preselected, or the spec's message when there are
 * none ('No render presets found', 'No presets available with the required capabilities').
 */
export function PresetPicker({ needs, title, label, accept, children }: PresetPickerProps) {
  const { describe } = useErrorMessage();
  const specMessage = useSpecMessage();
  const presets = useQuery({
    queryKey: queryKeys.presetChoice(needs),
    queryFn: ({ signal }) => presetsApi.list(needs, signal),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  if (presets.isPending) return null;
  if (presets.isError) return <ErrorAlert>{describe(presets.error)}</ErrorAlert>;
  const items = accept ? presets.data.items.filter(accept) : presets.data.items;
  const message = presets.data.message ?? (items.length === 0 ? MESSAGES.noPresetsWithCapabilities : null);
  if (message !== null)
    return (
      <Alert color="yellow" title={title}>
        {message
          .split('. ')
          .map((part) => specMessage(part))
          .join('. ')}
      </Alert>
    );
  const presetId = chosen ?? (items.find((p) => p.isDefault) ?? items[0])?.id ?? null;
  const select = (
    <Select
      label={label}
      value={presetId}
      data={items.map((p) => ({ value: p.id, label: p.name }))}
      onChange={setChosen}
      allowDeselect={false}
      w={320}
    />
  );
  return children({ presetId, select });
}
