import { Group, Modal, MultiSelect, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  BOOKMARK_ICONS,
  BOOKMARK_LIMITS,
  BOOKMARK_SCOPES,
  BOOKMARK_VISIBILITY_LEVELS,
  defaultBookmarkIcon,
  validateBookmark,
  type BookmarkFieldError,
  type BookmarkIcon,
  type BookmarkScope,
  type BookmarkVisibilityLevel,
} from '@skald/domain';
import type { Bookmark } from '../../api/bookmarks.ts';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookmarkInput } from '../../api/bookmarks.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ModalFooter } from '../../components/ModalFooter.tsx';
import { notifySuccess } from '../../components/notify.ts';
import type { DialogProps } from '../../components/useDialogState.ts';
import { useTextField } from '../../components/useTextField.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';
import { useServerMessage } from '../../i18n/useServerMessage.ts';
import { useRestrictionGroupOptions } from '../users/useGroupOptions.ts';
import { bookmarkHref, type PageTarget } from './bookmarkLinks.ts';
import { BookmarkGlyph } from './BookmarkGlyph.tsx';
import { useBookmarkAbilities, useBookmarkMutations } from './useBookmarks.ts';

/** A new bookmark of the current page, or an existing bookmark to edit. */
export type BookmarkFormData = { page: PageTarget; title: string } | { bookmark: Bookmark };

interface BookmarkFormModalProps extends DialogProps {
  /** Kept while the modal closes. */
  data: BookmarkFormData | null;
}

const DEFAULT_ICON = 'default';

function titleKey(data: BookmarkFormData | null): string {
  if (data && 'bookmark' in data)
    return data.bookmark.kind === 'search' ? 'form.editFilter' : 'form.editBookmark';
  return data?.page.kind === 'search' ? 'form.createFilter' : 'form.createBookmark';
}

export function BookmarkFormModal({
  opened,
  opening,
  data,
  onClose,
  onExitTransitionEnd,
}: BookmarkFormModalProps) {
  const { t } = useTranslation('bookmarks');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={t(titleKey(data))}
      centered
    >
      {/* Keyed so that each opening starts afresh. */}
      {data && <BookmarkForm key={opening} data={data} onClose={onClose} />}
    </Modal>
  );
}

function BookmarkForm({ data, onClose }: { data: BookmarkFormData; onClose: () => void }) {
  const { t } = useTranslation(['bookmarks', 'common']);
  const { describe, fieldMessage } = useErrorMessage();
  const serverMessage = useServerMessage();
  const { canManageSystem } = useBookmarkAbilities();
  const { save } = useBookmarkMutations();
  const existing = 'bookmark' in data ? data.bookmark : null;
  const { kind, target } = 'bookmark' in data ? data.bookmark : data.page;
  const title = useTextField('bookmark' in data ? data.bookmark.title : data.title);
  const [icon, setIcon] = useState<BookmarkIcon | null>(existing?.icon ?? null);
  const [scope, setScope] = useState<BookmarkScope>(existing?.scope ?? 'private');
  const [level, setLevel] = useState<BookmarkVisibilityLevel>(existing?.visibility?.level ?? 'everyone');
  const [groupIds, setGroupIds] = useState<string[]>([...(existing?.visibility?.groupIds ?? [])]);
  const [groupsError, setGroupsError] = useState<string | null>(null);
  const [otherErrors, setOtherErrors] = useState<BookmarkFieldError[]>([]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: BookmarkInput = {
      title: title.value,
      kind,
      target,
      icon,
      scope,
      visibility:
        scope === 'system' ? { level, groupIds: level === 'selected_groups' ? groupIds : [] } : null,
    };
    // The server checks the same rules; checking first shows the spec's messages at once.
    const checked = validateBookmark(input);
    if (!checked.ok) {
      const messageOf = (field: BookmarkFieldError['field']) => {
        const error = checked.errors.find((e) => e.field === field);
        return error ? serverMessage(error.message) : null;
      };
      title.setError(messageOf('title'));
      setGroupsError(messageOf('visibility.groupIds'));
      setOtherErrors(checked.errors.filter((e) => e.field !== 'title' && e.field !== 'visibility.groupIds'));
      return;
    }
    setOtherErrors([]);
    save.mutate(
      { id: existing?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notifySuccess(t('saved', { title: saved.title }));
          onClose();
        },
        onError: (error) => {
          title.setError(fieldMessage(error, 'title') ?? null);
          setGroupsError(fieldMessage(error, 'visibility.groupIds') ?? null);
        },
      },
    );
  };

  const serverFieldError =
    save.isError && (fieldMessage(save.error, 'title') ?? fieldMessage(save.error, 'visibility.groupIds'));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.isError && !serverFieldError && <ErrorAlert>{describe(save.error)}</ErrorAlert>}
        {otherErrors.length > 0 && (
          <ErrorAlert>{otherErrors.map((e) => serverMessage(e.message)).join(' ')}</ErrorAlert>
        )}
        <TextInput
          label={t('form.title')}
          {...title.inputProps}
          maxLength={BOOKMARK_LIMITS.titleMaxLength}
          required
          data-autofocus
        />
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('form.pointsTo', { kind: t(`kinds.${kind}`), where: bookmarkHref({ kind, target }) })}
        </Text>
        <IconPicker value={icon} defaultIcon={defaultBookmarkIcon(kind)} onChange={setIcon} />
        {canManageSystem && (
          <Radio.Group
            label={t('form.scope')}
            value={scope}
            onChange={(value) => {
              setScope(BOOKMARK_SCOPES.find((s) => s === value) ?? 'private');
            }}
          >
            <Stack gap="xs" mt="xs">
              {BOOKMARK_SCOPES.map((s) => (
                <Radio key={s} value={s} label={t(`form.scopes.${s}`)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {canManageSystem && scope === 'system' && (
          <VisibilityField
            level={level}
            onLevelChange={setLevel}
            groupIds={groupIds}
            onGroupsChange={(ids) => {
              setGroupIds(ids);
              setGroupsError(null);
            }}
            error={groupsError}
          />
        )}
        <ModalFooter
          submitLabel={
            existing ? t('common:save') : t(kind === 'search' ? 'form.saveFilter' : 'form.addBookmark')
          }
          submitting={save.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

interface IconPickerProps {
  value: BookmarkIcon | null;
  defaultIcon: BookmarkIcon;
  onChange: (icon: BookmarkIcon | null) => void;
}

/** Spec §3 custom icon: one of the icons, or the kind's own. */
function IconPicker({ value, defaultIcon, onChange }: IconPickerProps) {
  const { t } = useTranslation('bookmarks');
  const glyphOf = (option: string) => BOOKMARK_ICONS.find((i) => i === option) ?? defaultIcon;
  const data = [
    { value: DEFAULT_ICON, label: t('form.defaultIcon', { icon: t(`icons.${defaultIcon}`) }) },
    ...BOOKMARK_ICONS.map((icon) => ({ value: icon, label: t(`icons.${icon}`) })),
  ];
  return (
    <Select
      label={t('form.icon')}
      data={data}
      value={value ?? DEFAULT_ICON}
      onChange={(option) => {
        onChange(BOOKMARK_ICONS.find((i) => i === option) ?? null);
      }}
      allowDeselect={false}
      leftSection={<BookmarkGlyph icon={value ?? defaultIcon} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <BookmarkGlyph icon={glyphOf(option.value)} />
          {option.label}
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface VisibilityFieldProps {
  level: BookmarkVisibilityLevel;
  onLevelChange: (level: BookmarkVisibilityLevel) => void;
  groupIds: string[];
  onGroupsChange: (groupIds: string[]) => void;
  error: string | null;
}

/** Spec §3: a system bookmark is visible to everyone, hidden, or to selected groups. */
function VisibilityField({ level, onLevelChange, groupIds, onGroupsChange, error }: VisibilityFieldProps) {
  const { t } = useTranslation('bookmarks');
  const options = useRestrictionGroupOptions();
  return (
    <Radio.Group
      label={t('form.visibility')}
      value={level}
      onChange={(value) => {
        onLevelChange(BOOKMARK_VISIBILITY_LEVELS.find((l) => l === value) ?? 'everyone');
      }}
    >
      <Stack gap="xs" mt="xs">
        {BOOKMARK_VISIBILITY_LEVELS.map((l) => (
          <Radio key={l} value={l} label={t(`form.levels.${l}`)} />
        ))}
        {level === 'selected_groups' && (
          <MultiSelect
            label={t('form.groups')}
            data={options}
            value={groupIds}
            onChange={onGroupsChange}
            searchable
            clearable
            nothingFoundMessage={t('form.noGroups')}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Stack>
    </Radio.Group>
  );
}
