/** What a key does in the video and audio players. */
export type MediaCommand =
  | 'togglePlay'
  | 'stop'
  | 'slower'
  | 'faster'
  | 'back1'
  | 'forward1'
  | 'back10'
  | 'forward10'
  | 'previousFrame'
  | 'nextFrame';

/** What a key does to the player around the media: its sound and its size. */
export type ViewCommand = 'toggleMute' | 'toggleFullscreen';

/** What a key does in the image viewer. */
export type ImageCommand = 'zoomIn' | 'zoomOut' | 'zoomFit' | 'zoomActual';

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const hasCommandModifier = (press: KeyPress) => press.ctrlKey || press.metaKey || press.altKey;

/**
 * Keys are read by `key`, not `code`, so they follow the layout: on AZERTY '.' needs Shift, so Shift
 * only matters for the arrows. Browser shortcuts (Ctrl, Cmd, Alt) are never taken.
 */
export function mediaCommandForKey(press: KeyPress): MediaCommand | null {
  if (hasCommandModifier(press)) return null;
  switch (press.key) {
    case ' ':
    case 'Spacebar':
      return 'togglePlay';
    case 'k':
    case 'K':
      return 'stop';
    case 'j':
    case 'J':
      return 'slower';
    case 'l':
    case 'L':
      return 'faster';
    case 'ArrowLeft':
      return press.shiftKey ? 'back10' : 'back1';
    case 'ArrowRight':
      return press.shiftKey ? 'forward10' : 'forward1';
    case ',':
      return 'previousFrame';
    case '.':
      return 'nextFrame';
    default:
      return null;
  }
}

export function viewCommandForKey(press: KeyPress): ViewCommand | null {
  if (hasCommandModifier(press)) return null;
  switch (press.key) {
    case 'm':
    case 'M':
      return 'toggleMute';
    case 'f':
    case 'F':
      return 'toggleFullscreen';
    default:
      return null;
  }
}

export function imageCommandForKey(press: KeyPress): ImageCommand | null {
  if (hasCommandModifier(press)) return null;
  switch (press.key) {
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    case '0':
      return 'zoomFit';
    case '1':
      return 'zoomActual';
    default:
      return null;
  }
}

/** Keys shown in tooltips; 'space' and 'shift' are translated (player:keys.*). */
export const MEDIA_SHORTCUTS: Record<MediaCommand, readonly string[]> = {
  togglePlay: ['space'],
  stop: ['K'],
  slower: ['J'],
  faster: ['L'],
  back1: ['←'],
  forward1: ['→'],
  back10: ['shift', '←'],
  forward10: ['shift', '→'],
  previousFrame: [','],
  nextFrame: ['.'],
};

export const VIEW_SHORTCUTS: Record<ViewCommand, readonly string[]> = {
  toggleMute: ['M'],
  toggleFullscreen: ['F'],
};

export const IMAGE_SHORTCUTS: Record<ImageCommand, readonly string[]> = {
  zoomIn: ['+'],
  zoomOut: ['−'],
  zoomFit: ['0'],
  zoomActual: ['1'],
};

/** Where a key press happened. */
export interface KeyTarget {
  /** The focus is in the player (its root or one of its controls). */
  insidePlayer: boolean;
  /** A text field, select or contenteditable: it needs every key. */
  editable: boolean;
  /** Another control (button, link, slider, tab…) that may use the key itself. */
  interactive: boolean;
}

/**
 * The player acts on keys when it has the focus, or when nothing in particular has it (the page
 * body); it never takes keys from a text field or from another control on the page.
 */
export function playerTakesKey(target: KeyTarget): boolean {
  if (target.editable) return false;
  if (target.insidePlayer) return true;
  return !target.interactive;
}
