import { Alert, Button, Group, Kbd, Select, Text } from '@mantine/core';
import { MESSAGES, type LoggingShortcut, type MetadataForm } from '@skald/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpecMessage } from '../metadata-forms/useSpecMessage.ts';

interface LoggingToolbarProps {
  forms: readonly MetadataForm[];
  usable: readonly LoggingShortcut[];
  refused: readonly { form: MetadataForm; shortcut: string }[];
  pending: boolean;
  onLog: (form: MetadataForm) => void;
}

/**
 * How events are logged: a form's shortcut while the media plays, or the form chosen here and the
 * button (at the player's time). A shortcut that conflicts is named and refused.
 */
export function LoggingToolbar({ forms, usable, refused, pending, onLog }: LoggingToolbarProps) {
  const { t } = useTranslation('logging');
  const specMessage = useSpecMessage();
  const [chosen, setChosen] = useState<string | null>(forms[0]?.id ?? null);
  const form = forms.find((f) => f.id === chosen);
  return (
    <>
      <Group align="flex-end">
        <Select
          label={t('toolbar.form')}
          data={forms.map((f) => ({ value: f.id, label: f.label }))}
          value={chosen}
          onChange={setChosen}
          allowDeselect={false}
          w={260}
        />
        <Button
          disabled={!form}
          loading={pending}
          onClick={() => {
            if (form) onLog(form);
          }}
        >
          {t('toolbar.log')}
        </Button>
      </Group>
      {usable.length > 0 && (
        <Group gap="md" data-testid="logging-shortcuts">
          <Text size="sm">{t('toolbar.shortcuts')}</Text>
          {usable.map((u) => (
            <Text size="sm" key={u.shortcut}>
              <Kbd>{u.shortcut}</Kbd> {u.form.label}
            </Text>
          ))}
        </Group>
      )}
      {refused.length > 0 && (
        <Alert color="orange" title={specMessage(MESSAGES.shortcutConflict)} data-testid="logging-conflicts">
          {refused.map((r) => `${r.shortcut}: ${r.form.label}`).join(', ')}
        </Alert>
      )}
    </>
  );
}
