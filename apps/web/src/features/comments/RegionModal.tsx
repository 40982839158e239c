import { Box, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import type { CommentRegion } from '@skald/domain';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmptyRegion, regionFromCorners, withPercent, type Point } from './regionMath.ts';

interface RegionModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  previewUrl: string;
  region: CommentRegion | null;
  /** Choosing a region (drag on the picture, or type it); without it the modal only shows one. */
  onChoose?: (region: CommentRegion) => void;
}

const SIDES = ['x', 'y', 'width', 'height'] as const;
const START: CommentRegion = { x: 0.25, y: 0.25, width: 0.5, height: 0.5 };

/** A picture with a comment's region on it; to pin a comment, drag one out or type it in percent. */
export function RegionModal({ opened, onClose, title, previewUrl, region, onChoose }: RegionModalProps) {
  const { t } = useTranslation('comments');
  const [draft, setDraft] = useState<CommentRegion>(region ?? START);
  const from = useRef<Point | null>(null);
  const shown = onChoose ? draft : region;

  const pointAt = (event: PointerEvent<HTMLDivElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={onChoose ? t('region.choose') : t('region.show')}
      size="lg"
    >
      <Stack gap="sm">
        <Box
          pos="relative"
          data-testid="region-picture"
          style={{
            cursor: onChoose ? 'crosshair' : undefined,
            touchAction: 'none',
            lineHeight: 0,
            overflow: 'hidden',
          }}
          {...(onChoose
            ? {
                onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
                  from.current = pointAt(event);
                  event.currentTarget.setPointerCapture(event.pointerId);
                },
                onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
                  if (from.current) setDraft(regionFromCorners(from.current, pointAt(event)));
                },
                onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
                  if (!from.current) return;
                  const drawn = regionFromCorners(from.current, pointAt(event));
                  from.current = null;
                  if (!isEmptyRegion(drawn)) setDraft(drawn);
                },
              }
            : {})}
        >
          <img src={previewUrl} alt={title} draggable={false} style={{ width: '100%', height: 'auto' }} />
          {shown && (
            <Box
              data-testid="region-outline"
              pos="absolute"
              style={{
                left: `${shown.x * 100}%`,
                top: `${shown.y * 100}%`,
                width: `${shown.width * 100}%`,
                height: `${shown.height * 100}%`,
                border: '2px solid var(--mantine-color-yellow-5)',
                boxShadow: '0 0 0 9999px rgb(0 0 0 / 35%)',
                pointerEvents: 'none',
              }}
            />
          )}
        </Box>
        {onChoose ? (
          <>
            <Group gap="xs" grow>
              {SIDES.map((side) => (
                <NumberInput
                  key={side}
                  label={t(`region.${side}`)}
                  min={0}
                  max={100}
                  decimalScale={1}
                  suffix=" %"
                  value={Math.round(draft[side] * 1000) / 10}
                  onChange={(value) => {
                    if (typeof value === 'number') setDraft(withPercent(draft, side, value));
                  }}
                />
              ))}
            </Group>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button
                disabled={isEmptyRegion(draft)}
                onClick={() => {
                  onChoose(draft);
                  onClose();
                }}
              >
                {t('region.pin')}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            {t('region.hint')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
