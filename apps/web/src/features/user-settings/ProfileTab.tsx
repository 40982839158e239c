import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode, SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { meApi } from '../../api/auth.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { notifySuccess } from '../../components/notify.ts';
import { PermissionList } from '../../components/permissions/PermissionList.tsx';
import { useTextField } from '../../components/useTextField.ts';
import { useErrorMessage } from '../../i18n/useErrorMessage.ts';

/** My Profile: name (editable), e-mail (read-only), organisation, groups, roles, effective permissions. */
export function ProfileTab() {
  const { t } = useTranslation('userSettings');
  const { describe } = useErrorMessage();
  const me = useCurrentUser();
  const client = useQueryClient();
  const name = useTextField(me.user.name);

  const save = useMutation({
    mutationFn: meApi.update,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.me, answer);
      notifySuccess(t('profile.saved'));
    },
    onError: (error) => {
      name.setError(describe(error));
    },
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.value.trim();
    if (!trimmed) {
      name.setError(t('profile.nameRequired'));
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
              <TextInput label={t('profile.name')} {...name.inputProps} autoComplete="name" required />
              <TextInput label={t('profile.email')} value={me.user.email} readOnly variant="filled" />
              <TextInput label={t('profile.organisation')} value={me.tenant.name} readOnly variant="filled" />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={name.value.trim() === me.user.name}>
                {t('common:save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <ProfileSection title={t('profile.groups')}>
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
      </ProfileSection>

      <ProfileSection title={t('profile.permissions')}>
        <Text size="sm" c="dimmed">
          {t('profile.permissionsDescription')}
        </Text>
        <PermissionList permissions={me.permissions} />
      </ProfileSection>
    </Stack>
  );
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
