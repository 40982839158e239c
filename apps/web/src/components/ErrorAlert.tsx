import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An error that belongs to no single field, announced as soon as it shows. */
export function ErrorAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title} role="alert">
      {children}
    </Alert>
  );
}
