/** What the analyses found, time-coded, as the API gives it (GET /items/{id}/analysis, /transcript). */

/** A box in fractions of the picture's width and height. */
interface WordBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A shot: from one cut to the next, with the keyframe that stands for it. */
export interface Shot {
  id: string;
  startMs: number;
  endMs: number;
  /** How sure the detector was of the cut that opens it (0–100; 0 for the first shot). */
  score: number;
  keyframeUrl: string | null;
}

/** A line of text read in a frame (a video's keyframe) or a picture. */
export interface TextLine {
  startMs: number;
  endMs: number;
  text: string;
  box: WordBox;
  words: { text: string; confidence: number; box: WordBox }[];
}

interface TranscriptWord {
  text: string;
  startMs: number;
  endMs: number;
  confidence: number;
}

/** An utterance of the transcript with its words. */
export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
  words: TranscriptWord[];
}
