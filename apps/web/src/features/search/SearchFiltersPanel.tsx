import { Button, Checkbox, CloseButton, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { LocalisedDatePickerInput } from '../../components/LocalisedDatePickerInput.tsx';
import { AVAILABLE_ITEM_TYPES, ITEM_TYPES, type ItemType } from '@skald/domain';
import { IconCalendar, IconFilterOff, IconFolder } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../api/admin.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import type { FolderPathEntry } from '../../api/folders.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ItemTypeIcon } from '../../components/items/ItemTypeIcon.tsx';
import { useDialogState } from '../../components/useDialogState.ts';
import { FolderPickerModal } from '../folders/lazyDialogs.ts';
import { useFolder } from '../folders/useFolderQueries.ts';
import { MetadataFieldFilter } from './MetadataFieldFilter.tsx';
import { NO_FILTERS, hasFilters, normaliseTypes, type SearchFilters } from './searchState.ts';
import { UsageFilter } from './UsageFilter.tsx';

interface FiltersProps {
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  /** Adds a metadata field's terms (`fieldId:value`) to the search. */
  onAddTerms: (terms: string) => void;
}

/** The sidebar filter (spec §6 ui.searchFilter): item types, owner, creation dates and folder. */
export function SearchFiltersPanel({ filters: current, onChange, onAddTerms }: FiltersProps) {
  const { t } = useTranslation(['search', 'items']);
  // The controls answer at once; the URL (and with it `current`) follows a moment later.
  const [filters, setFilters] = useState(current);
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    setFilters(current);
  }
  const set = (patch: Partial<SearchFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    onChange(next);
  };
  return (
    <Stack
      gap="md"
      p="sm"
      id="search-filters"
      role="region"
      aria-label={t('filters.title')}
      data-testid="search-filters"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {t('filters.title')}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconFilterOff size={14} />}
          disabled={!hasFilters(filters)}
          onClick={() => {
            set(NO_FILTERS);
          }}
        >
          {t('filters.clear')}
        </Button>
      </Group>
      <Checkbox.Group
        label={t('filters.types')}
        value={[...filters.types]}
        onChange={(types) => {
          set({ types: normaliseTypes(types) });
        }}
      >
        {/* WCAG 2.5.8: 20 px boxes 8 px apart leave each a target of 24 px or more. */}
        <Stack gap={8} mt={6}>
          {ITEM_TYPES.map((type: ItemType) => {
            // Types nothing can make yet are shown as such, not offered (packages/domain availability.ts).
            const available = AVAILABLE_ITEM_TYPES.has(type);
            return (
              <Checkbox
                key={type}
                value={type}
                size="sm"
                disabled={!available}
                label={
                  <Group gap={6} wrap="nowrap" component="span">
                    <ItemTypeIcon type={type} size={14} decorative />
                    {t(`items:types.${type}`)}
                    {!available && (
                      <Text span size="xs" c="dimmed">
                        {t('filters.notAvailable')}
                      </Text>
                    )}
                  </Group>
                }
              />
            );
          })}
        </Stack>
      </Checkbox.Group>
      <OwnerFilter
        owner={filters.owner}
        onChange={(owner) => {
          set({ owner });
        }}
      />
      <DateRangeFilter
        key={`${filters.createdFrom ?? ''}|${filters.createdTo ?? ''}`}
        from={filters.createdFrom}
        to={filters.createdTo}
        onChange={(createdFrom, createdTo) => {
          set({ createdFrom, createdTo });
        }}
      />
      <FolderFilter filters={filters} onChange={set} />
      <UsageFilter
        usage={filters.usage}
        days={filters.usageDays}
        onChange={(usage, usageDays) => {
          set({ usage, usageDays });
        }}
      />
      <MetadataFieldFilter onAdd={onAddTerms} />
    </Stack>
  );
}

/** Everyone can filter by any colleague (the tenant's active, not hidden users). */
function OwnerFilter({
  owner,
  onChange,
}: {
  owner: string | null;
  onChange: (owner: string | null) => void;
}) {
  const { t } = useTranslation('search');
  const me = useCurrentUser();
  const users = useQuery({
    queryKey: queryKeys.userDirectory,
    queryFn: ({ signal }) => usersApi.directory(signal),
    staleTime: 5 * 60_000,
  });
  const options = [
    { value: me.user.id, label: t('filters.ownerMe', { name: me.user.name }) },
    ...(users.data?.items ?? [])
      .filter((user) => user.id !== me.user.id)
      .map((user) => ({ value: user.id, label: user.name })),
  ];
  // A shared link can name someone the directory leaves out (hidden or deactivated).
  if (owner !== null && !options.some((option) => option.value === owner)) {
    options.push({ value: owner, label: t('filters.ownerOther') });
  }
  return (
    <Select
      size="xs"
      label={t('filters.owner')}
      placeholder={t('filters.ownerAnyone')}
      data={options}
      value={owner}
      onChange={onChange}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface DateRangeFilterProps {
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
}

/** The creation dates: the search changes once both ends are picked (or the range is cleared). */
function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation('search');
  const [range, setRange] = useState<[string | null, string | null]>([from, to]);
  return (
    <LocalisedDatePickerInput
      size="xs"
      type="range"
      label={t('filters.created')}
      placeholder={t('filters.createdAny')}
      leftSection={<IconCalendar size={14} />}
      value={range}
      onChange={(next) => {
        setRange(next);
        const [start, end] = next;
        if ((start === null) === (end === null)) onChange(start, end);
      }}
      valueFormat="L"
      allowSingleDateInRange
      clearable
      popoverProps={{ withinPortal: true }}
    />
  );
}

type FolderDialog = { kind: 'folder'; start: readonly FolderPathEntry[] };

function FolderFilter({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (patch: Partial<SearchFilters>) => void;
}) {
  const { t } = useTranslation('search');
  const dialogs = useDialogState<FolderDialog>();
  const picker = dialogs.of('folder');
  const { folder } = filters;
  return (
    <Stack gap={6}>
      <Text size="xs" fw={500} component="div">
        {t('filters.folder')}
      </Text>
      {folder === null ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFolder size={14} />}
          justify="flex-start"
          onClick={() => {
            dialogs.open({ kind: 'folder', start: [] });
          }}
        >
          {t('filters.folderAny')}
        </Button>
      ) : (
        <ChosenFolder
          id={folder}
          onPick={(start) => {
            dialogs.open({ kind: 'folder', start });
          }}
          onClear={() => {
            onChange({ folder: null, includeSubfolders: false });
          }}
        />
      )}
      <Switch
        size="xs"
        label={t('filters.subfolders')}
        checked={filters.includeSubfolders}
        disabled={folder === null}
        onChange={(event) => {
          onChange({ includeSubfolders: event.currentTarget.checked });
        }}
      />
      <FolderPickerModal
        {...picker.props}
        title={t('filters.folderPick')}
        confirmLabel={t('filters.folderUse')}
        start={picker.data?.start ?? []}
        unchangedId={folder ?? undefined}
        pending={false}
        error={undefined}
        onConfirm={(chosen) => {
          onChange({ folder: chosen.id });
          dialogs.close();
        }}
      />
    </Stack>
  );
}

/** The folder the search is limited to: its name opens the picker there, × lifts the limit. */
function ChosenFolder({
  id,
  onPick,
  onClear,
}: {
  id: string;
  onPick: (start: readonly FolderPathEntry[]) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('search');
  const folder = useFolder(id);
  const current = folder.data?.id === id ? folder.data : undefined;
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconFolder size={14} />}
        justify="flex-start"
        style={{ flex: 1, minWidth: 0 }}
        title={current?.path.map((entry) => entry.name).join(' / ')}
        onClick={() => {
          onPick(current?.path ?? []);
        }}
      >
        <Text size="xs" truncate="end" component="span">
          {current?.name ?? t('filters.folderLoading')}
        </Text>
      </Button>
      <CloseButton size="sm" aria-label={t('filters.folderClear')} onClick={onClear} />
    </Group>
  );
}
