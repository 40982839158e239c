import { Modal } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { DialogProps } from '../../components/useDialogState.ts';

/** The dialog around an AccessForm; its content starts afresh at each opening. */
export function AccessModal({
  opened,
  opening,
  onClose,
  onExitTransitionEnd,
  title,
  children,
}: DialogProps & { title: string; children: ReactNode }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={title}
      centered
      size="lg"
    >
      <Fragment key={opening}>{children}</Fragment>
    </Modal>
  );
}
