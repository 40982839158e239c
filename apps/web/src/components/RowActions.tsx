import { ActionIcon, Group, UnstyledButton } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';

/** The action icons at the end of a table row. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}

interface RowActionProps {
  /** The accessible name, naming the row ("Edit Editors"). */
  label: string;
  onClick: () => void;
}

export function EditAction({ label, onClick }: RowActionProps) {
  return (
    <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
      <IconPencil size={16} />
    </ActionIcon>
  );
}

/** A row that cannot be deleted keeps its icon, disabled, with the reason as label and tooltip. */
export function DeleteAction({
  label,
  onClick,
  disabled,
  title,
}: RowActionProps & { disabled?: boolean; title?: string | undefined }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      disabled={disabled}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
}

/** A row's name as a button that opens the row: the keyboard's way to what a click on the row does. */
export function RowOpenButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <UnstyledButton onClick={onClick} ta="start">
      {children}
    </UnstyledButton>
  );
}

/**
 * A row's click handler that opens it, unless the click was on a control of the row (its buttons,
 * links, menus) or ended a text selection.
 */
export function openOnRowClick(open: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    if (!(event.target instanceof Element)) return;
    if (event.target.closest('button, a, input, select, textarea, [role="menu"], [role="menuitem"]')) return;
    if (window.getSelection()?.toString()) return;
    open();
  };
}

/** The style of a row that opens on a click. */
export const OPENABLE_ROW = { cursor: 'pointer' } as const;
