import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconChevronDown,
  IconExternalLink,
  IconHeadset,
  IconHelp,
  IconKey,
  IconLogout,
  IconNews,
  IconShieldCog,
  IconUserCog,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../api/currentUser.ts';
import { useLogout } from '../api/session.ts';
import { HELP_CENTER_URL } from '../config.ts';
import { useBuiltPaths } from '../routing/builtPaths.ts';
import { PATHS, userSettingsPath } from '../routing/paths.ts';
import { initials } from './initials.ts';
import classes from './ProfileMenu.module.css';
import { visibleRoleLinks } from './roleLinks.ts';

const ROLE_ICONS = {
  myOrganization: IconBuildingCommunity,
  support: IconHeadset,
  admin: IconShieldCog,
} as const;

/**
 * Spec §2 profile menu: Log Out, Change Log, Help Center, and for those roles My Organization,
 * Support and Admin once their screens exist. Its entries are in sentence case, as the whole app.
 */
export function ProfileMenu() {
  const { t } = useTranslation('layout');
  const me = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const roleLinks = visibleRoleLinks(me, useBuiltPaths());

  const signOut = () => {
    logout.mutate(undefined, {
      onSettled: () => {
        void navigate(PATHS.login, { replace: true });
      },
    });
  };

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('profileMenu.open', { name: me.user.name })}
          data-testid="profile-menu"
          px={6}
          py={4}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size={32} color="indigo" aria-hidden>
              <span className={classes.initials} data-initials={initials(me.user.name) || '?'} />
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" lineClamp={1} maw={180}>
              {me.user.name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" lineClamp={1}>
            {me.user.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {me.user.email}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {me.tenant.name}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={userSettingsPath('profile')} leftSection={<IconUserCog size={16} />}>
          {t('profileMenu.userSettings')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.changePassword} leftSection={<IconKey size={16} />}>
          {t('profileMenu.changePassword')}
        </Menu.Item>
        {roleLinks.map((link) => {
          const Icon = ROLE_ICONS[link.key];
          return (
            <Menu.Item key={link.key} component={Link} to={link.path} leftSection={<Icon size={16} />}>
              {t(`profileMenu.${link.key}`)}
            </Menu.Item>
          );
        })}
        <Menu.Item component={Link} to={PATHS.changelog} leftSection={<IconNews size={16} />}>
          {t('profileMenu.changeLog')}
        </Menu.Item>
        <Menu.Item
          component="a"
          href={HELP_CENTER_URL}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconHelp size={16} />}
          rightSection={<IconExternalLink size={14} />}
        >
          {t('profileMenu.helpCenter')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={signOut}
          disabled={logout.isPending}
        >
          {t('profileMenu.logOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
