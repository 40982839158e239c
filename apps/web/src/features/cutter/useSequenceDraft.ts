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

let nextKey = 0;

/** The clip list being built in the cutter: add, remove, reorder and trim clips. */
export function useSequenceDraft() {
  const [clips, setClips] = useState<DraftClip[]>([]);
  return {
    clips,
    add: (clip: Omit<DraftClip, 'key'>) => {
      nextKey += 1;
      setClips((list) => [...list, { ...clip, key: `clip-${String(nextKey)}` }]);
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
  };
}

export type SequenceDraft = ReturnType<typeof useSequenceDraft>;
