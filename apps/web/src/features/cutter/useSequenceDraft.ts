import { moveClip, type FrameRate, type SequenceClip } from '@skald/domain';
import { useState } from 'react';

/** A clip on the cutter's timeline: its range, and what the timeline shows of its source. */
export interface DraftClip extends SequenceClip {
  key: string;
  title: string;
  frameRate: FrameRate;
  /** The source's length in frames: trimming stays within it. */
  sourceFrames: number;
}

/** The saved sequence item the draft edits. */
export interface OpenSequence {
  id: string;
  title: string;
  /** The caller may save changes into it (item.update and its updatable-by). */
  canUpdate: boolean;
}

let nextKey = 0;
const keyed = (clip: Omit<DraftClip, 'key'>): DraftClip => {
  nextKey += 1;
  return { ...clip, key: `clip-${String(nextKey)}` };
};

/** What a save sends: the ranges in order. */
export const rangesOf = (clips: readonly SequenceClip[]): SequenceClip[] =>
  clips.map(({ sourceItemId, inFrame, outFrame }) => ({ sourceItemId, inFrame, outFrame }));

const fingerprint = (clips: readonly SequenceClip[]) => JSON.stringify(rangesOf(clips));

/**
 * The clip list being built in the cutter: add, remove, reorder and trim clips. It can be a saved
 * sequence opened for editing (`sequence`), and knows whether it differs from what was saved.
 */
export function useSequenceDraft() {
  const [clips, setClips] = useState<DraftClip[]>([]);
  const [sequence, setSequence] = useState<OpenSequence | null>(null);
  const [saved, setSaved] = useState(fingerprint([]));
  return {
    clips,
    sequence,
    /** Clips differ from the saved sequence's (or, for a new one, the list is not empty). */
    dirty: fingerprint(clips) !== saved,
    add: (clip: Omit<DraftClip, 'key'>) => {
      setClips((list) => [...list, keyed(clip)]);
    },
    remove: (key: string) => {
      setClips((list) => list.filter((c) => c.key !== key));
    },
    move: (from: number, to: number) => {
      setClips((list) => moveClip(list, from, to));
    },
    /** Sets a clip's in or out point, kept within its source and at least one frame long. */
    trim: (key: string, edge: 'inFrame' | 'outFrame', frame: number) => {
      setClips((list) =>
        list.map((c) => {
          if (c.key !== key) return c;
          if (edge === 'inFrame') return { ...c, inFrame: Math.max(0, Math.min(frame, c.outFrame - 1)) };
          return { ...c, outFrame: Math.min(c.sourceFrames, Math.max(frame, c.inFrame + 1)) };
        }),
      );
    },
    /** Opens a saved sequence: its clips replace the draft's. */
    open: (opened: OpenSequence, savedClips: readonly Omit<DraftClip, 'key'>[]) => {
      setSequence(opened);
      setClips(savedClips.map(keyed));
      setSaved(fingerprint(savedClips));
    },
    /** The draft's clips were saved as `into` (a new sequence, or the one open): edits go there from now on. */
    savedAs: (into: OpenSequence, savedClips: readonly SequenceClip[]) => {
      setSequence(into);
      setSaved(fingerprint(savedClips));
    },
    /** Starts over: no sequence open, no clips. */
    close: () => {
      setSequence(null);
      setClips([]);
      setSaved(fingerprint([]));
    },
  };
}

export type SequenceDraft = ReturnType<typeof useSequenceDraft>;
