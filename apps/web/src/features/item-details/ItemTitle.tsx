import { ActionIcon, Button, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import type { ItemMutations } from './useItemMutations.ts';

/** The server's limit on a title (items.schemas.ts). */
const TITLE_MAX_LENGTH = 500;

/** The item's title (h1); with `editable`, renamed in place: Enter saves, Escape cancels. */
export function ItemTitle({
  item,
  editable,
  rename,
}: {
  item: Item;
  editable: boolean;
  rename: ItemMutations['rename'];
}) {
  const { t } = useTranslation('itemDetails');
  const { describe, fieldMessage } = useErrorMessage();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(item.title);
  const [error, setError] = useState<string | null>(null);

  const stop = () => {
    setEditing(false);
    setError(null);
    rename.reset();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = value.trim();
    if (title === '') {
      setError(t('rename.required'));
      return;
    }
    if (title === item.title) {
      stop();
      return;
    }
    rename.mutate(title, {
      onSuccess: stop,
      onError: (cause) => {
        setError(fieldMessage(cause, 'title') ?? describe(cause));
      },
    });
  };

  if (!editing) {
    return (
      <Group gap="xs" wrap="nowrap" align="center">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="item-title">
          {item.title}
        </Title>
        {editable && (
          <Tooltip label={t('rename.start')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('rename.start')}
              onClick={() => {
                setValue(item.title);
                setEditing(true);
              }}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  }

  return (
    <form onSubmit={submit} noValidate style={{ flex: 1 }}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          aria-label={t('rename.label')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') stop();
          }}
          error={error}
          maxLength={TITLE_MAX_LENGTH}
          size="md"
          style={{ flex: 1 }}
          data-autofocus
          autoFocus
        />
        <Button type="submit" loading={rename.isPending} size="md">
          {t('common:save')}
        </Button>
        <Button variant="default" onClick={stop} size="md">
          {t('common:cancel')}
        </Button>
      </Group>
    </form>
  );
}
