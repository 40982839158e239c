import { useRef, useState, type PointerEvent } from 'react';
import { timeAtPointer } from './scrubMath.ts';

export interface ScrubHover {
  /** Pixels from the bar's left edge. */
  x: number;
  width: number;
  time: number;
}

/** Click or drag on a bar to seek; hovering reports the time under the pointer. */
export function useScrubPointer(duration: number, onSeek: (time: number) => void) {
  const dragging = useRef(false);
  const [hover, setHover] = useState<ScrubHover | null>(null);

  const locate = (event: PointerEvent<HTMLElement>): ScrubHover => {
    const rect = event.currentTarget.getBoundingClientRect();
    const time = timeAtPointer(event.clientX, rect.left, rect.width, duration);
    return { x: Math.min(Math.max(event.clientX - rect.left, 0), rect.width), width: rect.width, time };
  };

  return {
    hover,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0) return;
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        onSeek(locate(event).time);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const at = locate(event);
        setHover(at);
        if (dragging.current) onSeek(at.time);
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        dragging.current = false;
        if (event.currentTarget.hasPointerCapture(event.pointerId)) {
          event.currentTarget.releasePointerCapture(event.pointerId);
        }
      },
      onPointerCancel: () => {
        dragging.current = false;
      },
      onPointerLeave: () => {
        setHover(null);
      },
    },
  };
}
