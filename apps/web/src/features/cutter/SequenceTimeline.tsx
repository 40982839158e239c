import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { ActionIcon, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { framesToTimecode } from '@skald/domain';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftClip, SequenceDraft } from './useSequenceDraft.ts';

/**
 * The sequence's clips in order: drag a clip by its handle (pointer, or Space and the arrow keys on
 * the handle), or move it with the buttons or Alt+↑/↓; trim its in and out frames; remove it.
 */
export function SequenceTimeline({ draft }: { draft: SequenceDraft }) {
  const { t } = useTranslation('cutter');
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = draft.clips.findIndex((c) => c.key === active.id);
    const to = draft.clips.findIndex((c) => c.key === over.id);
    if (from >= 0 && to >= 0) draft.move(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('sequence.dragInstructions') },
      }}
    >
      <Stack
        gap="xs"
        component="ol"
        p={0}
        m={0}
        aria-label={t('sequence.timeline')}
        data-testid="sequence-timeline"
      >
        {draft.clips.map((clip, index) => (
          <ClipRow key={clip.key} clip={clip} index={index} draft={draft} />
        ))}
      </Stack>
    </DndContext>
  );
}

function ClipRow({ clip, index, draft }: { clip: DraftClip; index: number; draft: SequenceDraft }) {
  const { t } = useTranslation('cutter');
  const drag = useDraggable({ id: clip.key });
  const drop = useDroppable({ id: clip.key });
  const last = draft.clips.length - 1;
  const move = (to: number) => {
    draft.move(index, to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp' && index > 0) move(index - 1);
    else if (event.key === 'ArrowDown' && index < last) move(index + 1);
    else return;
    event.preventDefault();
  };
  const tc = (frame: number) => framesToTimecode(frame, clip.frameRate);
  const style = drag.transform
    ? { transform: `translate(${String(drag.transform.x)}px, ${String(drag.transform.y)}px)`, zIndex: 2 }
    : undefined;
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      ref={(node: HTMLLIElement | null) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      style={{
        listStyle: 'none',
        ...style,
        ...(drop.isOver ? { outline: '2px solid var(--mantine-color-blue-6)' } : {}),
      }}
      onKeyDown={onKeyDown}
      data-testid="sequence-clip"
      data-source={clip.sourceItemId}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ActionIcon
          variant="subtle"
          aria-label={t('sequence.drag', { number: index + 1 })}
          {...drag.listeners}
          {...drag.attributes}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <Text size="sm" fw={600} w={28}>
          {index + 1}
        </Text>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate>
            {clip.title}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {tc(clip.inFrame)}–{tc(clip.outFrame)}
          </Text>
        </Stack>
        <NumberInput
          size="xs"
          w={110}
          label={t('sequence.inFrame')}
          min={0}
          max={clip.outFrame - 1}
          value={clip.inFrame}
          allowDecimal={false}
          onChange={(v) => {
            if (typeof v === 'number') draft.trim(clip.key, 'inFrame', v);
          }}
        />
        <NumberInput
          size="xs"
          w={110}
          label={t('sequence.outFrame')}
          min={clip.inFrame + 1}
          max={clip.sourceFrames}
          value={clip.outFrame}
          allowDecimal={false}
          onChange={(v) => {
            if (typeof v === 'number') draft.trim(clip.key, 'outFrame', v);
          }}
        />
        <ActionIcon
          variant="subtle"
          disabled={index === 0}
          aria-label={t('sequence.moveUp', { number: index + 1 })}
          onClick={() => {
            move(index - 1);
          }}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          disabled={index === last}
          aria-label={t('sequence.moveDown', { number: index + 1 })}
          onClick={() => {
            move(index + 1);
          }}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('sequence.remove', { number: index + 1 })}
          onClick={() => {
            draft.remove(clip.key);
          }}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
