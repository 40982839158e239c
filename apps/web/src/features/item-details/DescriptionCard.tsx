import { ActionIcon, Button, Group, Paper, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../../api/items.ts';
import { useInlineEdit } from './useInlineEdit.ts';
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
  const edit = useInlineEdit(item.description, describe, 'description');

  return (
    <Paper withBorder p="md" style={{ gridColumn: '1 / -1' }} data-testid="item-description">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {t('description.title')}
        </Title>
        {editable && !edit.editing && (
          <Tooltip label={t('description.edit')}>
            <ActionIcon variant="subtle" aria-label={t('description.edit')} onClick={edit.start}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {edit.editing ? (
        <form
          noValidate
          onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
            event.preventDefault();
            edit.save();
          }}
        >
          <Textarea
            label={t('description.label')}
            description={t('description.hint')}
            value={edit.value}
            onChange={(e) => {
              edit.change(e.currentTarget.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') edit.stop();
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) edit.save();
            }}
            error={edit.error}
            maxLength={DESCRIPTION_MAX_LENGTH}
            autosize
            minRows={3}
            maxRows={12}
            data-autofocus
            autoFocus
          />
          <Group gap="xs" mt="sm">
            <Button type="submit" loading={edit.pending}>
              {t('common:save')}
            </Button>
            <Button variant="default" onClick={edit.stop}>
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
