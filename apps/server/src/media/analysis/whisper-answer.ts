import type { HeardSegment, HeardWord } from './speech.ts';

/** One token whisper.cpp heard, its times in milliseconds; a leading space starts a word. */
export interface WhisperToken {
  text: string;
  t0: number;
  t1: number;
}

/** whisper-cli.ts's one line: the tokens, or whether the engine or the model was the trouble. */
export type WhisperAnswer =
  | { ok: true; language: string; tokens: WhisperToken[] }
  | { ok: false; reason: 'engine' | 'model'; detail: string };

// Marks whisper writes for what is not speech: [BLANK_AUDIO], [Music], (applause)…
const NOT_SPEECH = /^[[(].*[\])]$/;
const SENTENCE_END = /[.?!…]$/;
/** A pause this long between two words starts a new utterance, as does a sentence's end. */
const UTTERANCE_GAP_MS = 1_000;

/**
 * whisper.cpp's timed tokens as utterances of words: tokens are joined into words (a token
 * without a leading space continues the word before it), and words into utterances at a
 * sentence's end or a pause. The addon reports no token probabilities, so every word carries 100.
 */
export function utterancesOf(tokens: readonly WhisperToken[]): HeardSegment[] {
  const words: HeardWord[] = [];
  for (const token of tokens) {
    const text = token.text.trim();
    if (text === '') continue;
    const last = words.at(-1);
    if (last && !/^\s/.test(token.text)) {
      last.text += text;
      last.endMs = Math.max(last.endMs, Math.round(token.t1));
    } else {
      words.push({ text, startMs: Math.round(token.t0), endMs: Math.round(token.t1), confidence: 100 });
    }
  }
  const segments: HeardSegment[] = [];
  let current: HeardWord[] = [];
  const close = () => {
    const first = current[0];
    const last = current.at(-1);
    if (first && last)
      segments.push({
        startMs: first.startMs,
        endMs: last.endMs,
        text: current.map((w) => w.text).join(' '),
        words: current,
      });
    current = [];
  };
  for (const word of words) {
    if (NOT_SPEECH.test(word.text)) {
      close();
      continue;
    }
    const last = current.at(-1);
    if (last && (SENTENCE_END.test(last.text) || word.startMs - last.endMs >= UTTERANCE_GAP_MS)) close();
    current.push(word);
  }
  close();
  return segments;
}
