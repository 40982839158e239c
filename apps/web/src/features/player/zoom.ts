/** Image viewer zoom: a scale (1 = 100 %) and a pan (pixels the image centre is moved from the view's centre). */
export interface ZoomState {
  /** Follows the view's size (fit) until the user zooms. */
  fit: boolean;
  scale: number;
  panX: number;
  panY: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 8;
export const ZOOM_STEP = 1.25;

export const FIT: ZoomState = { fit: true, scale: 1, panX: 0, panY: 0 };

/** The scale that shows the whole image; small images are not blown up beyond 100 %. */
export function fitScale(image: Size, view: Size): number {
  if (image.width <= 0 || image.height <= 0 || view.width <= 0 || view.height <= 0) return 1;
  return Math.min(1, view.width / image.width, view.height / image.height);
}

export function clampScale(scale: number): number {
  return Math.min(Math.max(scale, MIN_SCALE), MAX_SCALE);
}

/** A pan that keeps the image covering the view where it is larger, and centred where it is smaller. */
export function clampPan(state: ZoomState, image: Size, view: Size): ZoomState {
  const limit = (imageSide: number, viewSide: number) =>
    Math.max(0, (imageSide * state.scale - viewSide) / 2);
  const lx = limit(image.width, view.width);
  const ly = limit(image.height, view.height);
  return {
    ...state,
    panX: Math.min(Math.max(state.panX, -lx), lx),
    panY: Math.min(Math.max(state.panY, -ly), ly),
  };
}

/** The state's scale with fit resolved against the current sizes. */
export function effectiveScale(state: ZoomState, image: Size, view: Size): number {
  return state.fit ? fitScale(image, view) : state.scale;
}

/**
 * Zooms to `scale` keeping the image point under `anchor` (pixels from the view's centre; the centre
 * by default) where it is.
 */
export function zoomTo(
  state: ZoomState,
  scale: number,
  image: Size,
  view: Size,
  anchor: { x: number; y: number } = { x: 0, y: 0 },
): ZoomState {
  const from = effectiveScale(state, image, view);
  const to = clampScale(scale);
  const k = to / from;
  const next: ZoomState = {
    fit: false,
    scale: to,
    panX: anchor.x - (anchor.x - state.panX) * k,
    panY: anchor.y - (anchor.y - state.panY) * k,
  };
  return clampPan(next, image, view);
}

export function zoomIn(state: ZoomState, image: Size, view: Size, anchor?: { x: number; y: number }) {
  return zoomTo(state, effectiveScale(state, image, view) * ZOOM_STEP, image, view, anchor);
}

export function zoomOut(state: ZoomState, image: Size, view: Size, anchor?: { x: number; y: number }) {
  return zoomTo(state, effectiveScale(state, image, view) / ZOOM_STEP, image, view, anchor);
}

/** A mouse wheel notch: up (negative deltaY) zooms in. */
export function zoomByWheel(
  state: ZoomState,
  deltaY: number,
  image: Size,
  view: Size,
  anchor: { x: number; y: number },
): ZoomState {
  if (deltaY === 0) return state;
  return deltaY < 0 ? zoomIn(state, image, view, anchor) : zoomOut(state, image, view, anchor);
}

export function panBy(state: ZoomState, dx: number, dy: number, image: Size, view: Size): ZoomState {
  if (state.fit) return state;
  return clampPan({ ...state, panX: state.panX + dx, panY: state.panY + dy }, image, view);
}

/** Whether the image is larger than the view, so dragging pans. */
export function canPan(state: ZoomState, image: Size, view: Size): boolean {
  const scale = effectiveScale(state, image, view);
  return image.width * scale > view.width + 0.5 || image.height * scale > view.height + 0.5;
}
