import { Group, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { IconZoomIn, IconZoomOut, IconZoomReset, IconZoomScan } from '@tabler/icons-react';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlButton } from './ControlButton.tsx';
import { IMAGE_SHORTCUTS, imageCommandForKey, type ImageCommand } from './keyMap.ts';
import classes from './player.module.css';
import { PlayerShell } from './PlayerShell.tsx';
import { ErrorOverlay, LoadingOverlay } from './StageOverlays.tsx';
import { usePlayerKeys } from './usePlayerKeys.ts';
import {
  FIT,
  canPan,
  effectiveScale,
  panBy,
  zoomByWheel,
  zoomIn,
  zoomOut,
  zoomTo,
  type Size,
  type ZoomState,
} from './zoom.ts';

interface ImageViewerProps {
  title: string;
  previewUrl: string;
}

type Status = 'loading' | 'ready' | 'error';

/** The image preview: fitted at first; zoom with the buttons, the wheel or + − 0 1, drag to pan. */
export function ImageViewer({ title, previewUrl }: ImageViewerProps) {
  const { t } = useTranslation('player');
  const rootRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const { ref: sizeRef, width, height } = useElementSize<HTMLDivElement>();
  const stageRef = useMergedRef(sizeRef, setStage);
  const [status, setStatus] = useState<Status>('loading');
  const [natural, setNatural] = useState<Size>({ width: 0, height: 0 });
  const [zoom, setZoom] = useState<ZoomState>(FIT);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [panning, setPanning] = useState(false);
  const view: Size = { width, height };
  const scale = effectiveScale(zoom, natural, view);
  const pannable = status === 'ready' && canPan(zoom, natural, view);

  const run = (command: ImageCommand): boolean => {
    if (status !== 'ready') return false;
    if (command === 'zoomIn') setZoom((z) => zoomIn(z, natural, view));
    else if (command === 'zoomOut') setZoom((z) => zoomOut(z, natural, view));
    else if (command === 'zoomFit') setZoom(FIT);
    else setZoom((z) => zoomTo(z, 1, natural, view));
    return true;
  };
  usePlayerKeys(rootRef, (press) => {
    const command = imageCommandForKey(press);
    return command !== null && run(command);
  });

  // The wheel zooms around the pointer; a passive listener could not keep the page from scrolling.
  useEffect(() => {
    if (!stage || status !== 'ready') return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = stage.getBoundingClientRect();
      const anchor = {
        x: event.clientX - rect.left - rect.width / 2,
        y: event.clientY - rect.top - rect.height / 2,
      };
      const size = { width: rect.width, height: rect.height };
      setZoom((z) => zoomByWheel(z, event.deltaY, natural, size, anchor));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      stage.removeEventListener('wheel', onWheel);
    };
  }, [stage, status, natural]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!pannable || event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY };
    setPanning(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: event.clientX, y: event.clientY };
    setZoom((z) => panBy(z, event.clientX - from.x, event.clientY - from.y, natural, view));
  };
  const endDrag = () => {
    drag.current = null;
    setPanning(false);
  };

  const button = (command: ImageCommand, icon: ReactNode) => (
    <ControlButton
      label={t(`zoom.${command}`)}
      shortcut={IMAGE_SHORTCUTS[command]}
      disabled={status !== 'ready'}
      onClick={() => {
        run(command);
      }}
    >
      {icon}
    </ControlButton>
  );

  return (
    <PlayerShell kind="image" state={status} rootRef={rootRef}>
      <div
        ref={stageRef}
        className={classes.imageStage}
        data-pannable={pannable || undefined}
        data-panning={panning || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <img
          className={classes.image}
          src={previewUrl}
          alt={title}
          draggable={false}
          data-testid="media-player-image"
          style={{
            width: natural.width * scale || undefined,
            height: natural.height * scale || undefined,
            transform: `translate(calc(-50% + ${zoom.fit ? 0 : zoom.panX}px), calc(-50% + ${zoom.fit ? 0 : zoom.panY}px))`,
            visibility: status === 'ready' ? 'visible' : 'hidden',
          }}
          onLoad={(event) => {
            const image = event.currentTarget;
            setNatural({ width: image.naturalWidth, height: image.naturalHeight });
            setStatus('ready');
          }}
          onError={() => {
            setStatus('error');
          }}
        />
        {status === 'loading' && <LoadingOverlay />}
        {status === 'error' && <ErrorOverlay message={t('error.image')} />}
      </div>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="media-player-zoom">
          {t('zoom.level', { percent: Math.round(scale * 100) })}
        </Text>
        <Group gap={2} wrap="nowrap">
          {button('zoomOut', <IconZoomOut size={18} />)}
          {button('zoomFit', <IconZoomScan size={18} />)}
          {/* An icon, not "1:1": a visible text must be part of the button's name (WCAG 2.5.3). */}
          {button('zoomActual', <IconZoomReset size={18} />)}
          {button('zoomIn', <IconZoomIn size={18} />)}
        </Group>
      </Group>
    </PlayerShell>
  );
}
