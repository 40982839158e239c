import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderPathEntry } from '../../api/folders.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import type { DialogProps } from '../../components/useDialogState.ts';
import { FolderTree } from './FolderTree.tsx';
import { useRootFolder } from './useFolderQueries.ts';

export interface FolderPickerProps {
  /** The path shown expanded and picked at first (root first); empty: the root expanded, nothing picked. */
  start: readonly FolderPathEntry[];
  /** This folder and those below it cannot be picked (moving a folder). */
  excludeId?: string | undefined;
  /** Picking this one would change nothing (the folder the items are in). */
  unchangedId?: string | undefined;
}

/** A folder tree to pick a folder from, for the choice of where to move something or upload to. */
export function FolderPicker({
  start,
  excludeId,
  picked,
  onPick,
}: Omit<FolderPickerProps, 'unchangedId'> & {
  picked: FolderPathEntry | null;
  onPick: (folder: FolderPathEntry) => void;
}) {
  const { t } = useTranslation('folders');
  const root = useRootFolder();
  if (root.isPending) return <LoadingState />;
  if (root.isError) return <ErrorState error={root.error} onRetry={() => void root.refetch()} />;
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <FolderTree
        root={{ id: root.data.id, name: root.data.name }}
        // Without a start (items from several folders) the root is open, nothing picked yet.
        path={start.length > 0 ? start.map((entry) => entry.id) : [root.data.id]}
        selectedId={picked?.id ?? null}
        onOpen={onPick}
        excludeId={excludeId}
        label={t('picker.tree')}
      />
    </ScrollArea.Autosize>
  );
}

interface FolderPickerModalProps extends DialogProps, FolderPickerProps {
  title: string;
  confirmLabel: string;
  onConfirm: (folder: FolderPathEntry) => void;
  pending: boolean;
  error: string | undefined;
}

export function FolderPickerModal(props: FolderPickerModalProps) {
  const { opened, opening, title, onClose, onExitTransitionEnd } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExitTransitionEnd}
      title={title}
      centered
      size="md"
    >
      {opened || props.start.length > 0 ? <PickerBody key={opening} {...props} /> : null}
    </Modal>
  );
}

function PickerBody({
  start,
  excludeId,
  unchangedId,
  confirmLabel,
  onConfirm,
  onClose,
  pending,
  error,
}: FolderPickerModalProps) {
  const { t } = useTranslation('folders');
  const [picked, setPicked] = useState<FolderPathEntry | null>(start.at(-1) ?? null);
  const unchanged = picked === null || picked.id === unchangedId;
  return (
    <Stack>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <FolderPicker start={start} excludeId={excludeId} picked={picked} onPick={setPicked} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {picked ? t('picker.picked', { name: picked.name }) : t('picker.none')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button
          disabled={unchanged}
          loading={pending}
          onClick={() => {
            if (picked) onConfirm(picked);
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
