import { ActionIcon, Button, Group, Paper, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import type { ItemMutations } from './useItemMutations.ts';

/** The server's limit on a description (items.routes.ts). */
const DESCRIPTION_MAX_LENGTH = 10_000;

/** The item's description; with `editable`, edited in place (Ctrl/Cmd+Enter saves, Escape cancels). */
export function DescriptionCard({
  item,
  editable,
  describe,
}: {
  item: Item;
  editable: boolean;
  describe: ItemMutations['describe'];
}) {
  const { t } = useTranslation('itemDetails');
  const { describe: describeError, fieldMessage } = useErrorMessage();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(item.description);
  const [error, setError] = useState<string | null>(null);

  const stop = () => {
    setEditing(false);
    setError(null);
    describe.reset();
  };

  const save = () => {
    const description = value.trim();
    if (description === item.description) {
      stop();
      return;
    }
    describe.mutate(description, {
      onSuccess: stop,
      onError: (cause) => {
        setError(fieldMessage(cause, 'description') ?? describeError(cause));
      },
    });
  };

  return (
    <Paper withBorder p="md" style={{ gridColumn: '1 / -1' }} data-testid="item-description">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {t('description.title')}
        </Title>
        {editable && !editing && (
          <Tooltip label={t('description.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('description.edit')}
              onClick={() => {
                setValue(item.description);
                setEditing(true);
              }}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {editing ? (
        <form
          noValidate
          onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
            event.preventDefault();
            save();
          }}
        >
          <Textarea
            label={t('description.label')}
            description={t('description.hint')}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') stop();
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) save();
            }}
            error={error}
            maxLength={DESCRIPTION_MAX_LENGTH}
            autosize
            minRows={3}
            maxRows={12}
            data-autofocus
            autoFocus
          />
          <Group gap="xs" mt="sm">
            <Button type="submit" loading={describe.isPending}>
              {t('common:save')}
            </Button>
            <Button variant="default" onClick={stop}>
              {t('common:cancel')}
            </Button>
          </Group>
        </form>
      ) : item.description === '' ? (
        <Text size="sm" c="dimmed">
          {t('description.empty')}
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.description}
        </Text>
      )}
    </Paper>
  );
}
