import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
