import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meApi } from '../../api/auth.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifySuccess } from '../../components/notify.ts';
import { PermissionList } from '../../components/permissions/PermissionList.tsx';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/** My Profile: name (editable), e-mail (read-only), organisation, groups, roles, effective permissions. */
export function ProfileTab() {
  const { t } = useTranslation('userSettings');
  const { describe } = useErrorMessage();
  const me = useCurrentUser();
  const client = useQueryClient();
  const [name, setName] = useState(me.user.name);
  const [nameError, setNameError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: meApi.update,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.me, answer);
      notifySuccess(t('profile.saved'));
    },
    onError: (error) => {
      setNameError(describe(error));
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('profile.nameRequired'));
      return;
    }
    save.mutate({ name: trimmed });
  };

  const roleBadges = [
    me.roles.superAdmin && 'superAdmin',
    me.roles.admin && 'admin',
    me.roles.tenantAdmin && 'tenantAdmin',
    me.roles.support && 'support',
  ].filter((role): role is string => typeof role === 'string');

  return (
    <Stack>
      <Paper withBorder p="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2} size="h4">
              {t('profile.title')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('profile.name')}
                value={name}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                autoComplete="name"
                required
              />
              <TextInput label={t('profile.email')} value={me.user.email} readOnly variant="filled" />
              <TextInput label={t('profile.organisation')} value={me.tenant.name} readOnly variant="filled" />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={name.trim() === me.user.name}>
                {t('common:save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('profile.groups')}
          </Title>
          {me.user.groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('profile.noGroups')}
            </Text>
          ) : (
            <Group gap="xs">
              {me.user.groups.map((group) => (
                <Badge key={group.id} variant="light" color="gray" tt="none">
                  {group.name}
                </Badge>
              ))}
            </Group>
          )}
          {roleBadges.length > 0 && (
            <>
              <Text size="sm" fw={600}>
                {t('profile.roles')}
              </Text>
              <Group gap="xs">
                {roleBadges.map((role) => (
                  <Badge key={role} color="orange" variant="light" tt="none">
                    {t(`common:roles.${role}`)}
                  </Badge>
                ))}
              </Group>
            </>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('profile.permissions')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.permissionsDescription')}
          </Text>
          <PermissionList permissions={me.permissions} />
        </Stack>
      </Paper>
    </Stack>
  );
}
