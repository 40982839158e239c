import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { groupPermissions } from './catalogue.ts';
import { usePermissionLabels } from './usePermissionLabels.ts';

/** Read-only: permissions grouped as in the catalogue, each with its translated name. */
export function PermissionList({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation('permissions');
  const { groupLabel, permissionLabel } = usePermissionLabels();
  if (permissions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('none')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="permission-list">
      {groupPermissions(permissions).map(({ group, names }) => (
        <div key={group}>
          <Text size="sm" fw={600} mb={4}>
            {groupLabel(group)}
          </Text>
          <Group gap={6}>
            {names.map((name) => (
              <Tooltip key={name} label={`${group}.${name}`} openDelay={400}>
                <Badge variant="light" color="indigo" tt="none" fw={500}>
                  {permissionLabel(group, name)}
                </Badge>
              </Tooltip>
            ))}
          </Group>
        </div>
      ))}
    </Stack>
  );
}
