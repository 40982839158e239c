import { Accordion, Badge, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { AVAILABLE_PERMISSIONS, DEFAULT_PERMISSIONS, type Permission } from '@skald/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueGroups, impliedPermissions } from './catalogue.ts';
import { usePermissionLabels } from './usePermissionLabels.ts';

interface PermissionEditorProps {
  value: readonly Permission[];
  onChange: (value: Permission[]) => void;
}

/**
 * The catalogue grouped, each permission with its default; those the chosen ones imply (domain
 * rules) are marked "implied" — they apply without being chosen.
 */
export function PermissionEditor({ value, onChange }: PermissionEditorProps) {
  const { t } = useTranslation('permissions');
  const { groupLabel, permissionLabel } = usePermissionLabels();
  const [filter, setFilter] = useState('');
  const [opened, setOpened] = useState<string[]>([]);
  const groups = useMemo(() => catalogueGroups(), []);
  const chosen = useMemo(() => new Set(value), [value]);
  const implied = useMemo(() => impliedPermissions(value), [value]);

  const needle = filter.trim().toLocaleLowerCase();
  const visibleGroups = groups
    .map((g) => ({
      ...g,
      entries: needle
        ? g.entries.filter(
            (e) =>
              e.permission.toLocaleLowerCase().includes(needle) ||
              permissionLabel(e.group, e.name).toLocaleLowerCase().includes(needle) ||
              groupLabel(e.group).toLocaleLowerCase().includes(needle),
          )
        : g.entries,
    }))
    .filter((g) => g.entries.length > 0);

  const toggle = (permission: Permission, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(permission);
    else next.delete(permission);
    onChange(groups.flatMap((g) => g.entries.map((e) => e.permission)).filter((p) => next.has(p)));
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('filter')}
          leftSection={<IconSearch size={14} />}
          value={filter}
          onChange={(e) => {
            setFilter(e.currentTarget.value);
          }}
          // Enter filters; it must not submit the surrounding form.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          size="xs"
          w={260}
        />
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => {
              onChange([...DEFAULT_PERMISSIONS]);
            }}
          >
            {t('useDefaults')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => {
              onChange([]);
            }}
          >
            {t('clear')}
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('legend', { count: value.length })}
      </Text>
      {visibleGroups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noMatch')}
        </Text>
      ) : (
        <Accordion
          multiple
          variant="separated"
          // While filtering, every group with a match is open.
          value={needle ? visibleGroups.map((g) => g.group) : opened}
          onChange={setOpened}
        >
          {visibleGroups.map((g) => {
            const count = g.entries.filter((e) => chosen.has(e.permission)).length;
            return (
              <Accordion.Item key={g.group} value={g.group}>
                <Accordion.Control>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {groupLabel(g.group)}
                    </Text>
                    <Badge size="sm" variant="light" tt="none" color={count > 0 ? 'indigo' : 'gray'}>
                      {t('chosenOf', { count, total: g.entries.length })}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    {g.entries.map((entry) => {
                      // What no screen or rule uses yet is shown, kept as stored, and not offered
                      // (packages/domain availability.ts).
                      const available = AVAILABLE_PERMISSIONS.has(entry.permission);
                      return (
                        <Checkbox
                          key={entry.permission}
                          checked={chosen.has(entry.permission)}
                          disabled={!available}
                          onChange={(e) => {
                            toggle(entry.permission, e.currentTarget.checked);
                          }}
                          label={
                            <Group gap={6} component="span">
                              <span>{permissionLabel(entry.group, entry.name)}</span>
                              {implied.has(entry.permission) && (
                                <Badge size="xs" color="grape" variant="light" tt="none">
                                  {t('implied')}
                                </Badge>
                              )}
                              {!available && (
                                <Badge size="xs" color="gray" variant="light" tt="none">
                                  {t('notAvailable')}
                                </Badge>
                              )}
                            </Group>
                          }
                          description={entry.byDefault ? t('defaultOn') : t('defaultOff')}
                          data-permission={entry.permission}
                          data-available={available}
                        />
                      );
                    })}
                  </SimpleGrid>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Stack>
  );
}
