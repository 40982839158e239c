import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../api/currentUser.ts';
import { navigationFor, type NavItem } from './navigation.ts';

function isActive(item: NavItem, pathname: string): boolean {
  if (item.prefix) return pathname === item.path || pathname.startsWith(`${item.path}/`);
  return pathname === item.path;
}

export function MainNavigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('layout');
  const me = useCurrentUser();
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label={t('nav.label')} p="sm">
      <Stack gap="lg">
        {navigationFor(me).map((section) => (
          <Stack key={section.key} gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
              {t(`nav.sections.${section.key}`)}
            </Text>
            {section.items.map((item) => {
              const active = isActive(item, pathname);
              return (
                <NavLink
                  key={item.key}
                  component={Link}
                  to={item.path}
                  label={t(`nav.${item.key}`)}
                  leftSection={<item.icon size={18} stroke={1.6} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
