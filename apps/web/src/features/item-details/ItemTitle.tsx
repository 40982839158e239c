import { ActionIcon, Button, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { useInlineEdit } from './useInlineEdit.ts';
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
  const edit = useInlineEdit(item.title, rename, 'title', (title) =>
    title === '' ? t('rename.required') : null,
  );

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    edit.save();
  };

  if (!edit.editing) {
    return (
      <Group gap="xs" wrap="nowrap" align="center">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="item-title">
          {item.title}
        </Title>
        {editable && (
          <Tooltip label={t('rename.start')}>
            <ActionIcon variant="subtle" aria-label={t('rename.start')} onClick={edit.start}>
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
          value={edit.value}
          onChange={(e) => {
            edit.change(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') edit.stop();
          }}
          error={edit.error}
          maxLength={TITLE_MAX_LENGTH}
          size="md"
          style={{ flex: 1 }}
          data-autofocus
          autoFocus
        />
        <Button type="submit" loading={edit.pending} size="md">
          {t('common:save')}
        </Button>
        <Button variant="default" onClick={edit.stop} size="md">
          {t('common:cancel')}
        </Button>
      </Group>
    </form>
  );
}
