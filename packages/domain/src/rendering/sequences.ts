import type { ItemType } from '../items/item-types.ts';
import type { MessageKey } from '../messages.ts';
import { frameToSeconds, type FrameRate } from './timecode.ts';

/** One clip of a sequence (spec §1 clip list): a frame range of a video item, `inFrame` included, `outFrame` not. */
export interface SequenceClip {
  sourceItemId: string;
  inFrame: number;
  outFrame: number;
}

/** The most clips a sequence holds: a news package has tens, and every clip is an ffmpeg input of its export. */
export const MAX_SEQUENCE_CLIPS = 100;

/** Spec §5: adding items to a sequence requires all items to be video. Null when all are. */
export function sequenceRefusal(itemTypes: readonly ItemType[]): MessageKey | null {
  return itemTypes.every((t) => t === 'video') ? null : 'sequenceVideoOnly';
}

/** A clip's length in seconds at its source's frame rate. */
export const clipSeconds = (clip: Pick<SequenceClip, 'inFrame' | 'outFrame'>, rate: FrameRate): number =>
  frameToSeconds(clip.outFrame - clip.inFrame, rate);

/** Where each clip starts in the sequence (seconds), and the sequence's length: for a preview that plays them in order. */
export function sequenceTimeline(lengths: readonly number[]): { starts: number[]; total: number } {
  const starts: number[] = [];
  let total = 0;
  for (const length of lengths) {
    starts.push(total);
    total += length;
  }
  return { starts, total };
}

/** Moves the clip at `from` to `to` (a drag and drop, or a keyboard move), keeping the others in order. */
export function moveClip<T>(clips: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= clips.length || to >= clips.length) return [...clips];
  const next = [...clips];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The frames of one source a sequence uses: `inFrame` included, `outFrame` not. */
export interface UsedPart {
  inFrame: number;
  outFrame: number;
}

/**
 * A sequence's dependencies (spec §6 item.dependenciesOnExportSequence; the editing panel's "used
 * parts of the sequence", §7): each source once, in the order it first appears, with the parts of it
 * the clips use, overlapping or touching ranges joined, in frame order.
 */
export function usedParts(clips: readonly SequenceClip[]): { sourceItemId: string; parts: UsedPart[] }[] {
  const bySource = new Map<string, UsedPart[]>();
  for (const clip of clips) {
    const ranges = bySource.get(clip.sourceItemId) ?? [];
    ranges.push({ inFrame: clip.inFrame, outFrame: clip.outFrame });
    bySource.set(clip.sourceItemId, ranges);
  }
  return [...bySource].map(([sourceItemId, ranges]) => {
    const parts: UsedPart[] = [];
    for (const range of [...ranges].sort((a, b) => a.inFrame - b.inFrame)) {
      const last = parts.at(-1);
      if (last && range.inFrame <= last.outFrame) last.outFrame = Math.max(last.outFrame, range.outFrame);
      else parts.push({ ...range });
    }
    return { sourceItemId, parts };
  });
}
