import { NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface NavEntryProps {
  to: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  onClick: () => void;
}

/** One link of the main navigation, marked as the current page when it is. */
export function NavEntry({ to, label, icon, active, onClick }: NavEntryProps) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    />
  );
}
