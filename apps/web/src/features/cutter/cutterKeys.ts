import type { KeyPress } from '../player/keyMap.ts';

/** What a key does in the cutter, on top of the player's own (Space, J/K/L). */
export type CutterCommand = 'markIn' | 'markOut' | 'previousFrame' | 'nextFrame' | 'goToIn' | 'goToOut';

/**
 * I and O mark, the arrows step one frame (the cutter's editors expect frames, not the item page's
 * one-second jumps), Shift+I and Shift+O go to the marks. Browser shortcuts are never taken.
 */
export function cutterCommandForKey(press: KeyPress): CutterCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  switch (press.key) {
    case 'i':
      return 'markIn';
    case 'o':
      return 'markOut';
    case 'I':
      return press.shiftKey ? 'goToIn' : 'markIn';
    case 'O':
      return press.shiftKey ? 'goToOut' : 'markOut';
    case 'ArrowLeft':
      return press.shiftKey ? null : 'previousFrame';
    case 'ArrowRight':
      return press.shiftKey ? null : 'nextFrame';
    default:
      return null;
  }
}

/** A marked range: `inFrame` included, `outFrame` excluded (the frame after the last one marked). */
export interface Marks {
  inFrame: number | null;
  outFrame: number | null;
}

/**
 * The marks after marking at `frame`: In keeps Out when Out is still after it, Out marks the frame
 * shown as the last one of the range and keeps In when In is before it.
 */
export function mark(marks: Marks, command: 'markIn' | 'markOut', frame: number): Marks {
  if (command === 'markIn')
    return {
      inFrame: frame,
      outFrame: marks.outFrame !== null && marks.outFrame > frame ? marks.outFrame : null,
    };
  return {
    inFrame: marks.inFrame !== null && marks.inFrame <= frame ? marks.inFrame : null,
    outFrame: frame + 1,
  };
}
